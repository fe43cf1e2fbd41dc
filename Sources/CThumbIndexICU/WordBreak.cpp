// Word starts for word-prefix search (see TIText.h): ICU's word-break iterator over UTF-8 text.
#include "BridgeInternal.hpp"
#include "TIText.h"

#include <unicode/ubrk.h>
#include <unicode/utext.h>

namespace {

/// An open word-break iterator, closed on destruction.
struct WordBreaker {
    UBreakIterator *iterator = nullptr;
    UText *text = nullptr;
    UErrorCode error = U_ZERO_ERROR;

    WordBreaker() { iterator = ubrk_open(UBRK_WORD, "", nullptr, 0, &error); }
    ~WordBreaker() {
        if (iterator != nullptr) { ubrk_close(iterator); }
        if (text != nullptr) { utext_close(text); }
    }
    WordBreaker(const WordBreaker &) = delete;
    WordBreaker &operator=(const WordBreaker &) = delete;

    /// Calls `visit(offset)` for each word start of `utf8` in increasing order. False on failure, with
    /// `e` set.
    template <typename Visit> bool forEachWordStart(const char *utf8, int32_t length, Visit visit, UErrorCode &e) {
        if (U_FAILURE(error)) {
            e = error;
            return false;
        }
        text = utext_openUTF8(text, utf8, length, &e);
        ubrk_setUText(iterator, text, &e);
        if (U_FAILURE(e)) { return false; }
        int32_t previous = ubrk_first(iterator);
        for (int32_t boundary = ubrk_next(iterator); boundary != UBRK_DONE; boundary = ubrk_next(iterator)) {
            // The rule status belongs to the segment that ends at `boundary`.
            if (ubrk_getRuleStatus(iterator) != UBRK_WORD_NONE) { visit(previous); }
            previous = boundary;
        }
        return true;
    }
};

}  // namespace

extern "C" {

int32_t ti_word_starts_utf8(const char *utf8, int32_t length, int32_t *starts, int32_t capacity,
                            TIStatus *status) {
    thread_local WordBreaker breaker;  // opening an iterator costs far more than reusing one
    int32_t count = 0;
    UErrorCode error = U_ZERO_ERROR;
    bool ok = breaker.forEachWordStart(utf8, length, [&](int32_t offset) {
        if (count < capacity) { starts[count] = offset; }
        ++count;
    }, error);
    if (!ok) {
        ti::failed(error, status, "ti_word_starts_utf8: ICU word break iteration");
        return -1;
    }
    return count;
}

int32_t ti_word_starts_batch(const char *utf8, const uint32_t *offsets, int32_t count, uint64_t *bits,
                             TIStatus *status) {
    WordBreaker breaker;
    for (int32_t i = 0; i < count; ++i) {
        uint32_t base = offsets[i];
        UErrorCode error = U_ZERO_ERROR;
        bool ok = breaker.forEachWordStart(utf8 + base, static_cast<int32_t>(offsets[i + 1] - base), [&](int32_t offset) {
            uint64_t p = static_cast<uint64_t>(base) + static_cast<uint64_t>(offset);
            bits[p / 64] |= uint64_t(1) << (p % 64);
        }, error);
        if (!ok) {
            ti::failed(error, status, ("ti_word_starts_batch: ICU word break iteration on string " + std::to_string(i)).c_str());
            return 0;
        }
    }
    return 1;
}

}  // extern "C"
