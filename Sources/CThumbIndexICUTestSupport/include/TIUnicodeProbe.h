#ifndef TI_UNICODE_PROBE_H
#define TI_UNICODE_PROBE_H

// ICU primitives for tests that restate the search folding rules independently of `ti_fold_utf8`
// (see TIText.h). Not used by the library itself. Plain C: no ICU header may appear here (see
// DESIGN.md, "ICU bridge").

#include "TIStatus.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Normalization forms for `ti_normalize_utf8`.
#define TI_FORM_NFC 0
#define TI_FORM_NFD 1
#define TI_FORM_NFKC_CASEFOLD 2

/// Normalizes a whole UTF-8 string with ICU's normalizer for `form`; returns the output length (retry
/// when it exceeds `capacity`), -1 on failure.
int32_t ti_normalize_utf8(int32_t form, const char *utf8, int32_t length, char *out, int32_t capacity,
                          TIStatus *status);

/// ICU's general category of `c` (the numbering of ICU's UCharCategory: 6 is Mn, 7 Me, 8 Mc,
/// 1 to 5 are Lu Ll Lt Lm Lo).
int32_t ti_general_category(uint32_t c);

/// ICU's script code of `c` (UScriptCode: 25 Latin, 14 Greek, 8 Cyrillic).
int32_t ti_script(uint32_t c);

#ifdef __cplusplus
}
#endif

#endif
