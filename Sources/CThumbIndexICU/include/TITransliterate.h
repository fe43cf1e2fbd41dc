#ifndef TI_TRANSLITERATE_H
#define TI_TRANSLITERATE_H

// ICU's transliterators (Han-Latin, Hant-Hans, Hiragana-Latin, Latin-ASCII, …). Plain C: no ICU header
// may appear here.

#include "TIStatus.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Applies ICU's transliterator `id` (a NUL-terminated ICU transliterator ID such as "Han-Latin",
/// "Han-Latin/Names" or "Hant-Hans", forward direction) to the UTF-8 text `utf8` of `length` bytes,
/// writing the UTF-8 result to `out`.
///
/// Returns the result's length in bytes; when it exceeds `capacity`, nothing useful was written and the
/// caller retries with a buffer of that size. Returns -1 on failure (an ID ICU does not know, invalid
/// UTF-8), with `status` naming the ID. Thread-safe: each ID is opened once per process and cloned once
/// per thread that uses it.
int32_t ti_transliterate_utf8(const char *id, const char *utf8, int32_t length, char *out, int32_t capacity,
                              TIStatus *status);

#ifdef __cplusplus
}
#endif

#endif
