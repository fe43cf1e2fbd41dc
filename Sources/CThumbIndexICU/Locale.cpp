// Locale checks: refusing locales ICU has no data for, listing the ones it has, likely scripts.
#include "BridgeInternal.hpp"
#include "TICollation.h"

#include <unicode/uloc.h>
#include <unicode/ures.h>

#include <cstring>

namespace ti {

std::string canonicalLocale(const char *requested, TIStatus *status) {
    UErrorCode error = U_ZERO_ERROR;
    char buffer[ULOC_FULLNAME_CAPACITY];
    if (std::strchr(requested, '-') != nullptr) {
        // BCP 47 ("zh-Hant", "de-u-co-phonebk") → ICU ("zh_Hant", "de@collation=phonebook").
        int32_t parsed = 0;
        uloc_forLanguageTag(requested, buffer, sizeof buffer, &parsed, &error);
        if (U_FAILURE(error) || parsed != static_cast<int32_t>(std::strlen(requested))) {
            setStatus(status, TI_ERROR_UNKNOWN_LOCALE,
                      std::string("'") + requested + "' is not a well-formed locale identifier");
            return {};
        }
    } else {
        uloc_canonicalize(requested, buffer, sizeof buffer, &error);
        if (failed(error, status, "uloc_canonicalize")) { return {}; }
    }
    std::string name(buffer);
    char language[ULOC_LANG_CAPACITY] = {0};
    uloc_getLanguage(name.c_str(), language, sizeof language, &error);
    // Does ICU have locale data for it, or would it quietly use root? ures_open says so with
    // U_USING_DEFAULT_WARNING; "root" and an empty language mean the same thing.
    UResourceBundle *bundle = ures_open(nullptr, name.c_str(), &error);
    bool unknown = U_FAILURE(error) || error == U_USING_DEFAULT_WARNING || language[0] == 0 ||
                   std::strcmp(language, "root") == 0;
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
    char maximized[ULOC_FULLNAME_CAPACITY];
    uloc_addLikelySubtags(locale, maximized, sizeof maximized, &error);
    if (U_FAILURE(error)) { return -1; }
    int32_t length = uloc_getScript(maximized, script, capacity, &error);
    return U_FAILURE(error) ? -1 : length;
}

}  // extern "C"
