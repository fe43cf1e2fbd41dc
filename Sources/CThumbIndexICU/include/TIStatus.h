#ifndef TI_STATUS_H
#define TI_STATUS_H

// Plain C on purpose: this header must never include an ICU header (see DESIGN.md, "ICU bridge").

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The outcome of a bridge call. `code` is 0 on success, an ICU UErrorCode (> 0) on an ICU failure,
/// or one of the TI_ERROR_* values below; `message` is a NUL-terminated English explanation.
typedef struct TIStatus {
    int32_t code;
    char message[512];
} TIStatus;

/// The requested locale has no ICU data of its own: ICU would silently fall back to the root locale.
#define TI_ERROR_UNKNOWN_LOCALE (-1)
/// The input was not valid UTF-8.
#define TI_ERROR_INVALID_UTF8 (-2)

#ifdef __cplusplus
}
#endif

#endif
