// UTF-8 ⇄ UTF-16 conversions for the bridge.
#include "BridgeInternal.hpp"

#include <unicode/ustring.h>

namespace ti {

bool fromUTF8(const char *utf8, int32_t length, icu::UnicodeString &out) {
    UErrorCode error = U_ZERO_ERROR;
    int32_t needed = 0;
    // Pre-flight for the length; U_INVALID_CHAR_FOUND reports invalid UTF-8 (no substitution).
    u_strFromUTF8(nullptr, 0, &needed, utf8, length, &error);
    if (error != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(error)) { return false; }
    error = U_ZERO_ERROR;
    UChar *buffer = out.getBuffer(needed);
    u_strFromUTF8(buffer, needed, &needed, utf8, length, &error);
    out.releaseBuffer(U_SUCCESS(error) ? needed : 0);
    return U_SUCCESS(error);
}

std::string toUTF8(const icu::UnicodeString &s) {
    std::string result;
    s.toUTF8String(result);
    return result;
}

}  // namespace ti
