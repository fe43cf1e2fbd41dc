#ifndef TI_TEXT_H
#define TI_TEXT_H

// Text folding and word boundaries for search. Plain C on purpose: this header must never include an
// ICU header (see DESIGN.md, "ICU bridge"). All text crosses this boundary as UTF-8; all offsets are
// UTF-8 byte offsets unless a comment says UTF-16.

#include <stddef.h>
#include <stdint.h>

#include "TIStatus.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The folds, coarsest last. The numbering is shared with the Swift `Fold` enum.
#define TI_FOLD_CASE 0
#define TI_FOLD_DIACRITICS 1
#define TI_FOLD_ALL 2
#define TI_FOLD_COUNT 3
/// The locale fold (see `ti_locale_fold_open`): not among the TI_FOLD_COUNT folds that need no locale.
#define TI_FOLD_LOCALE 3
/// The slots of a `TIFoldBatch`: the TI_FOLD_COUNT folds and the locale fold.
#define TI_FOLD_SLOTS 4

/// Folds one UTF-8 string with `fold` (TI_FOLD_*), writing the folded UTF-8 to `out`.
///
/// Returns the folded length in bytes; when it exceeds `capacity`, nothing useful was written and the
/// caller retries with a buffer of that size. When `spanStarts` and `spanEnds` are non-null (each with
/// room for `capacity` entries), byte i of the output gets the UTF-16 range [spanStarts[i], spanEnds[i])
/// of the input it was folded from: the smallest stretch of input that folds independently of its
/// neighbours. Spans never decrease from one byte to the next. Returns -1 on failure (see `status`).
int32_t ti_fold_utf8(const char *utf8, int32_t length, int32_t fold, char *out, int32_t capacity,
                     int32_t *spanStarts, int32_t *spanEnds, TIStatus *status);

/// Folds as `ti_fold_utf8` does, always through the ICU normalizers: never by the fast paths for ASCII
/// and for texts whose every character folds on its own (the reference those paths are tested against).
int32_t ti_fold_utf8_normalizing(const char *utf8, int32_t length, int32_t fold, char *out, int32_t capacity,
                                 int32_t *spanStarts, int32_t *spanEnds, TIStatus *status);

/// The three folds of many strings at once (see `ti_fold_batch`).
typedef struct TIFoldBatch TIFoldBatch;

/// Folds `count` UTF-8 strings with all three folds in one call.
///
/// String i spans bytes [offsets[i], offsets[i+1]) of `utf8`. Read the results with
/// `ti_fold_batch_text`/`ti_fold_batch_offsets` and release them with `ti_fold_batch_free`. Returns
/// null on failure (see `status`). Produces exactly what `ti_fold_utf8` produces, string by string.
TIFoldBatch *ti_fold_batch(const char *utf8, const uint32_t *offsets, int32_t count, TIStatus *status);

/// The folded bytes of every string for `fold`, back to back; `*length` receives their number.
const uint8_t *ti_fold_batch_text(const TIFoldBatch *batch, int32_t fold, int64_t *length);

/// `count + 1` offsets into `ti_fold_batch_text(batch, fold)`: string i spans [offsets[i], offsets[i+1]).
const uint32_t *ti_fold_batch_offsets(const TIFoldBatch *batch, int32_t fold);

/// Releases a batch (null is allowed).
void ti_fold_batch_free(TIFoldBatch *batch);

/// One locale's search fold: what the locale's CLDR `search` collation equates at primary strength
/// (see LocaleFold.cpp for how). Shared by every thread; lives as long as the process.
typedef struct TILocaleFold TILocaleFold;

/// The search fold of the ICU locale ID `locale` ("" or "root": the root collation), built on first
/// use (tens of milliseconds) and then shared. Null on failure (see `status`).
const TILocaleFold *ti_locale_fold_open(const char *locale, TIStatus *status);

/// Folds one UTF-8 string with a locale fold, as `ti_fold_utf8` does with the other folds (same
/// buffers, spans and return value). Two strings fold to the same bytes exactly when their primary
/// collation elements are the same.
int32_t ti_locale_fold_utf8(const TILocaleFold *fold, const char *utf8, int32_t length, char *out, int32_t capacity,
                            int32_t *spanStarts, int32_t *spanEnds, TIStatus *status);

/// Folds `count` UTF-8 strings (laid out as in `ti_fold_batch`) with a locale fold; the result is in
/// slot TI_FOLD_LOCALE of the batch. Null on failure (see `status`).
TIFoldBatch *ti_locale_fold_batch(const TILocaleFold *fold, const char *utf8, const uint32_t *offsets, int32_t count,
                                  TIStatus *status);

/// The word starts of one UTF-8 string: the boundaries of ICU's word-break iterator (root locale) that
/// begin a segment whose rule status is not UBRK_WORD_NONE. Writes up to `capacity` byte offsets in
/// increasing order and returns how many there are (retry with more room if that exceeds `capacity`);
/// -1 on failure.
int32_t ti_word_starts_utf8(const char *utf8, int32_t length, int32_t *starts, int32_t capacity,
                            TIStatus *status);

/// Word starts (as in `ti_word_starts_utf8`) of `count` strings laid out as in `ti_fold_batch`: sets
/// bit p of `bits` (bit p % 64 of word p / 64) for every absolute byte offset p in `utf8` at which a
/// word starts. `bits` must hold at least (offsets[count] + 63) / 64 zeroed words. False on failure.
int32_t ti_word_starts_batch(const char *utf8, const uint32_t *offsets, int32_t count, uint64_t *bits,
                             TIStatus *status);

#ifdef __cplusplus
}
#endif

#endif
