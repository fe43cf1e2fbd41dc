// UTF-8 ⇄ UTF-16 conversions for the bridge.
#include "BridgeInternal.hpp"

#include <unicode/ustring.h>

namespace ti {

bool fromUTF8(const char *utf8, int32_t length, icu::UnicodeString &out) {
    UErrorCode error = U_ZERO_ERROR;
    // Pre-flight for the length (capacity 0), then convert; U_INVALID_CHAR_FOUND reports invalid UTF-8
    // (no substitution).
    withGrowingBuffer(0, error, [&](int32_t capacity, UErrorCode &e) {
        int32_t needed = 0;
        UChar *buffer = out.getBuffer(capacity);
        if (buffer == nullptr) {
            e = U_MEMORY_ALLOCATION_ERROR;
            return needed;
        }
        u_strFromUTF8(buffer, capacity, &needed, utf8, length, &e);
        out.releaseBuffer(U_SUCCESS(e) ? needed : 0);
        return needed;
    });
    return U_SUCCESS(error);
}

std::string toUTF8(const icu::UnicodeString &s) {
    std::string result;
    s.toUTF8String(result);
    return result;
}

}  // namespace ti
