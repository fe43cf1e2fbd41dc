// Private to the bridge: the only place (with the .cpp files) where ICU headers are seen.
#ifndef TI_BRIDGE_INTERNAL_HPP
#define TI_BRIDGE_INTERNAL_HPP

#include "TIStatus.h"

#include <unicode/unistr.h>
#include <unicode/utypes.h>

#include <string>

namespace ti {

/// ICU's "ask the size, then retry with a bigger buffer" protocol, in one place.
///
/// `fill(capacity, error)` writes at most `capacity` units into a buffer of that capacity (which it
/// provides itself) and returns the length the whole result needs, the way ICU's preflighting functions
/// do; a result that does not fit may also set U_BUFFER_OVERFLOW_ERROR. `fill` is called with
/// `capacityHint`, and once more with the needed length when that did not fit. Returns the result's
/// length: its first that many units are the result, NUL-terminated or not (ICU reports an exact fit
/// with U_STRING_NOT_TERMINATED_WARNING, which is cleared here). On failure `error` is set.
template <typename Fill> int32_t withGrowingBuffer(int32_t capacityHint, UErrorCode &error, Fill fill) {
    if (U_FAILURE(error)) { return 0; }
    int32_t capacity = capacityHint < 0 ? 0 : capacityHint;
    int32_t length = fill(capacity, error);
    if (error == U_BUFFER_OVERFLOW_ERROR || (U_SUCCESS(error) && length > capacity)) {
        error = U_ZERO_ERROR;
        capacity = length;
        length = fill(capacity, error);
        if (U_SUCCESS(error) && length > capacity) { error = U_BUFFER_OVERFLOW_ERROR; }  // changed meanwhile
    }
    if (error == U_STRING_NOT_TERMINATED_WARNING) { error = U_ZERO_ERROR; }
    return U_SUCCESS(error) ? length : 0;
}

/// `withGrowingBuffer` into a std::string: `fill(buffer, capacity, error)` writes at most `capacity`
/// bytes to `buffer` and returns the needed length. `out` ends up holding exactly the result (empty on
/// failure, with `error` set); pass the same `out` again to reuse its allocation.
template <typename Fill> bool fillString(std::string &out, int32_t capacityHint, UErrorCode &error, Fill fill) {
    int32_t length = withGrowingBuffer(capacityHint, error, [&](int32_t capacity, UErrorCode &e) {
        out.resize(static_cast<size_t>(capacity));
        return fill(&out[0], capacity, e);
    });
    out.resize(U_SUCCESS(error) && length > 0 ? static_cast<size_t>(length) : 0);
    return U_SUCCESS(error);
}

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
