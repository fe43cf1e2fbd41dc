#ifndef TI_COLLATION_H
#define TI_COLLATION_H

// Locale checks, collation and alphabetic-index labels. Plain C: no ICU header may appear here.

#include "TIStatus.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An opened collation for one locale: the full-strength collator used for ordering, the
/// primary-strength one used for bucketing, and the bucket list (labels and their lower
/// boundaries) derived the way ICU's AlphabeticIndex derives them. Immutable once opened.
typedef struct TICollation TICollation;

/// The kind of a visible bucket, numbered as ICU's UAlphabeticIndexLabelType.
typedef enum TILabelType {
    TILabelTypeNormal = 0,
    TILabelTypeUnderflow = 1,
    TILabelTypeInflow = 2,
    TILabelTypeOverflow = 3
} TILabelType;

/// Opens the collation for `locale` (ICU or BCP 47 syntax). Refuses, with TI_ERROR_UNKNOWN_LOCALE,
/// a locale for which ICU has no data and would silently fall back to root.
/// `addLatinLabels` non-zero adds the English A–Z labels (for non-Latin locales).
/// Returns NULL on failure with `status` filled in.
TICollation *ti_collation_open(const char *locale, int32_t addLatinLabels, TIStatus *status);
void ti_collation_close(TICollation *collation);

/// The canonical ICU name of the locale the collation was opened for (e.g. "zh_Hant").
const char *ti_collation_locale(const TICollation *collation);
/// ICU's collator version as "a.b.c.d": sort keys are only comparable within one version.
const char *ti_collation_version(const TICollation *collation);

/// Number of visible buckets (labels, including the "…" underflow/inflow/overflow ones).
int32_t ti_collation_label_count(const TICollation *collation);
/// The label of visible bucket `index`, NUL-terminated UTF-8.
const char *ti_collation_label(const TICollation *collation, int32_t index);
TILabelType ti_collation_label_type(const TICollation *collation, int32_t index);

/// The visible bucket of one UTF-8 string (ICU's getBucketIndex semantics). -1 on invalid UTF-8.
int32_t ti_collation_bucket(const TICollation *collation, const char *utf8, int32_t length);

/// Sorts `count` UTF-8 strings stored back to back in `bytes` (string i is
/// bytes[offsets[i] ..< offsets[i+1]]) by full-strength collation, equal keys keeping input order.
/// Writes the permutation to `order` (order[k] = input index of the k-th string) and the visible
/// bucket of each sorted string to `buckets` (buckets[k] for order[k]).
/// Uses up to `threads` threads for the sort keys. `progress`, if not NULL, is called now and then
/// with a fraction in [0, 1]. Returns 0, or -1 with `status` naming the first invalid string.
int32_t ti_collation_sort(const TICollation *collation, const char *bytes, const int64_t *offsets,
                          int64_t count, int32_t threads, int32_t *order, int32_t *buckets,
                          void (*progress)(void *context, double fraction), void *progressContext,
                          TIStatus *status);

/// The full-strength sort key of one UTF-8 string (the key `ti_collation_sort` orders by), written
/// to `key` when it fits `capacity` bytes. Returns the key's length (call again with that capacity
/// when it is larger), or -1 with `status` set on invalid UTF-8.
int32_t ti_collation_sort_key(const TICollation *collation, const char *utf8, int32_t length, uint8_t *key,
                              int32_t capacity, TIStatus *status);

/// Number of locales ICU has data for, and the name of the i-th (for "did you mean" suggestions).
int32_t ti_available_locale_count(void);
const char *ti_available_locale(int32_t index);

/// Writes into `script` (capacity `capacity`) the likely script of `locale`, e.g. "Latn", "Cyrl",
/// "Jpan", NUL-terminated when there is room; returns its length, or -1 (also when it exceeds `capacity`).
int32_t ti_locale_script(const char *locale, char *script, int32_t capacity);

#ifdef __cplusplus
}
#endif

#endif
