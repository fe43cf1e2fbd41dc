// Locale checks: refusing locales ICU has no data for, listing the ones it has, likely scripts.
#include "BridgeInternal.hpp"
#include "TICollation.h"

#include <unicode/uloc.h>
#include <unicode/ures.h>

#include <cstring>

namespace ti {

std::string canonicalLocale(const char *requested, TIStatus *status) {
    UErrorCode error = U_ZERO_ERROR;
    std::string name;
    if (std::strchr(requested, '-') != nullptr) {
        // BCP 47 ("zh-Hant", "de-u-co-phonebk") → ICU ("zh_Hant", "de@collation=phonebook").
        int32_t parsed = 0;
        fillString(name, ULOC_FULLNAME_CAPACITY, error, [&](char *buffer, int32_t capacity, UErrorCode &e) {
            return uloc_forLanguageTag(requested, buffer, capacity, &parsed, &e);
        });
        if (U_FAILURE(error) || parsed != static_cast<int32_t>(std::strlen(requested))) {
            setStatus(status, TI_ERROR_UNKNOWN_LOCALE,
                      std::string("'") + requested + "' is not a well-formed locale identifier");
            return {};
        }
    } else {
        fillString(name, ULOC_FULLNAME_CAPACITY, error, [&](char *buffer, int32_t capacity, UErrorCode &e) {
            return uloc_canonicalize(requested, buffer, capacity, &e);
        });
        if (failed(error, status, "uloc_canonicalize")) { return {}; }
    }
    std::string language;
    fillString(language, ULOC_LANG_CAPACITY, error, [&](char *buffer, int32_t capacity, UErrorCode &e) {
        return uloc_getLanguage(name.c_str(), buffer, capacity, &e);
    });
    // Does ICU have locale data for it, or would it quietly use root? ures_open says so with
    // U_USING_DEFAULT_WARNING; "root" and an empty language mean the same thing. (A failure above
    // leaves `error` failed, so ures_open does nothing and the locale counts as unknown.)
    UResourceBundle *bundle = ures_open(nullptr, name.c_str(), &error);
    bool unknown = U_FAILURE(error) || error == U_USING_DEFAULT_WARNING || language.empty() || language == "root";
    ures_close(bundle);
    if (unknown) {
        setStatus(status, TI_ERROR_UNKNOWN_LOCALE,
                  "ICU has no data for locale '" + std::string(requested) +
                  "' (it would silently fall back to the root locale)");
        return {};
    }
    return name;
}

}  // namespace ti

extern "C" {

int32_t ti_available_locale_count(void) { return uloc_countAvailable(); }

const char *ti_available_locale(int32_t index) { return uloc_getAvailable(index); }

int32_t ti_locale_script(const char *locale, char *script, int32_t capacity) {
    UErrorCode error = U_ZERO_ERROR;
    std::string maximized;
    ti::fillString(maximized, ULOC_FULLNAME_CAPACITY, error, [&](char *buffer, int32_t size, UErrorCode &e) {
        return uloc_addLikelySubtags(locale, buffer, size, &e);
    });
    std::string found;
    ti::fillString(found, ULOC_SCRIPT_CAPACITY, error, [&](char *buffer, int32_t size, UErrorCode &e) {
        return uloc_getScript(maximized.c_str(), buffer, size, &e);
    });
    int32_t length = static_cast<int32_t>(found.size());
    if (U_FAILURE(error) || length > capacity) { return -1; }
    std::memcpy(script, found.data(), found.size());
    if (length < capacity) { script[length] = 0; }
    return length;
}

}  // extern "C"
