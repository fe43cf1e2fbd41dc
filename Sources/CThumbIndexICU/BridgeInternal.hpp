// Private to the bridge: the only place (with the .cpp files) where ICU headers are seen.
#ifndef TI_BRIDGE_INTERNAL_HPP
#define TI_BRIDGE_INTERNAL_HPP

#include "TIStatus.h"

#include <unicode/unistr.h>
#include <unicode/utypes.h>

#include <string>

namespace ti {

/// Writes `code` and `message` into `status` (which may be null).
void setStatus(TIStatus *status, int32_t code, const std::string &message);

/// When `error` is a failure, records it in `status` prefixed with `what` and returns true.
bool failed(UErrorCode error, TIStatus *status, const char *what);

/// UTF-8 → UTF-16 without silently replacing invalid bytes; false when `utf8` is not valid UTF-8.
bool fromUTF8(const char *utf8, int32_t length, icu::UnicodeString &out);

/// UTF-16 → UTF-8.
std::string toUTF8(const icu::UnicodeString &s);

/// The canonical ICU name of `requested` (ICU or BCP 47 syntax), or "" with `status` set when
/// ICU has no data for it and would fall back to root.
std::string canonicalLocale(const char *requested, TIStatus *status);

}  // namespace ti

#endif
