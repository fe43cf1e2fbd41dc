// ICU's transliterators by ID (see TITransliterate.h), opened once and cloned per thread.
//
// Why clones: ICU documents Transliterator objects as not thread-safe, and opening one is expensive
// (Han-Latin compiles tens of thousands of rules, tens of milliseconds). So each ID is opened once per
// process into a prototype that is never used to transliterate, only cloned, under a lock; every thread
// then transliterates with its own clone, without a lock. A clone of a registry transliterator shares the
// compiled rules (they belong to ICU's registry), so it is cheap to make and small to keep. A lock around
// one shared instance would serialize the index builds that transliterate from several threads at once.
#include "BridgeInternal.hpp"
#include "TITransliterate.h"

#include <unicode/parseerr.h>
#include <unicode/translit.h>

#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace {

using Transliterators = std::unordered_map<std::string, std::unique_ptr<icu::Transliterator>>;

/// The prototypes, one per ID opened so far. Leaked on purpose: threads may still clone or release
/// clones while static destructors run at exit.
struct Prototypes {
    std::mutex lock;
    Transliterators byID;
};

Prototypes &prototypes() {
    static Prototypes *shared = new Prototypes();
    return *shared;
}

/// A clone of the prototype for `id` (opening it on first use), or null with `status` set.
std::unique_ptr<icu::Transliterator> cloneOf(const std::string &id, TIStatus *status) {
    Prototypes &p = prototypes();
    std::lock_guard<std::mutex> guard(p.lock);
    auto found = p.byID.find(id);
    if (found == p.byID.end()) {
        UErrorCode error = U_ZERO_ERROR;
        UParseError parseError;
        std::unique_ptr<icu::Transliterator> opened(icu::Transliterator::createInstance(
            icu::UnicodeString::fromUTF8(id), UTRANS_FORWARD, parseError, error));
        if (U_SUCCESS(error) && opened == nullptr) { error = U_MEMORY_ALLOCATION_ERROR; }
        if (ti::failed(error, status, ("ti_transliterate_utf8: ICU cannot open the transliterator '" + id + "'").c_str())) {
            return nullptr;
        }
        found = p.byID.emplace(id, std::move(opened)).first;
    }
    std::unique_ptr<icu::Transliterator> clone(found->second->clone());
    if (clone == nullptr) {
        ti::setStatus(status, U_MEMORY_ALLOCATION_ERROR, "ti_transliterate_utf8: could not clone the transliterator '" + id + "'");
    }
    return clone;
}

/// This thread's transliterator for `id`, or null with `status` set.
icu::Transliterator *transliterator(const char *id, TIStatus *status) {
    thread_local Transliterators clones;
    std::string key(id);
    auto found = clones.find(key);
    if (found != clones.end()) { return found->second.get(); }
    std::unique_ptr<icu::Transliterator> clone = cloneOf(key, status);
    if (clone == nullptr) { return nullptr; }
    return clones.emplace(std::move(key), std::move(clone)).first->second.get();
}

}  // namespace

extern "C" int32_t ti_transliterate_utf8(const char *id, const char *utf8, int32_t length, char *out,
                                         int32_t capacity, TIStatus *status) {
    icu::Transliterator *t = transliterator(id, status);
    if (t == nullptr) { return -1; }
    thread_local icu::UnicodeString text;
    if (!ti::fromUTF8(length == 0 ? "" : utf8, length, text)) {
        ti::setStatus(status, TI_ERROR_INVALID_UTF8,
                      std::string("ti_transliterate_utf8 ('") + id + "'): the text is not valid UTF-8");
        return -1;
    }
    t->transliterate(text);
    thread_local std::string result;
    result.clear();
    text.toUTF8String(result);
    int32_t needed = static_cast<int32_t>(result.size());
    if (needed > 0 && needed <= capacity) { std::memcpy(out, result.data(), result.size()); }
    return needed;
}
