// The region of a locale, for phone numbers: the one file of this target that includes ICU (the
// system ICU 72, which libphonenumber links too; never from the public header, see DESIGN.md).
#include "TIPhone.h"

#include <unicode/uloc.h>

#include <cstring>
#include <string>

namespace {

/// True when `s` is exactly two characters from `first` to `last` (ASCII).
bool isTwoLetters(const char *s, char first, char last) {
    return s[0] >= first && s[0] <= last && s[1] >= first && s[1] <= last && s[2] == 0;
}

/// True when ISO 3166 (as ICU lists it) has the two-letter region `code`.
bool isISOCountry(const char *code) {
    for (const char *const *country = uloc_getISOCountries(); *country != nullptr; ++country) {
        if (std::strcmp(*country, code) == 0) { return true; }
    }
    return false;
}

/// The ICU locale ID of `locale` in ICU or BCP 47 syntax ("es-ES" → "es_ES"), "" when malformed.
std::string localeID(const char *locale) {
    char buffer[ULOC_FULLNAME_CAPACITY + 1] = {};
    UErrorCode error = U_ZERO_ERROR;
    if (std::strchr(locale, '-') != nullptr) {
        int32_t parsed = 0;
        int32_t length = uloc_forLanguageTag(locale, buffer, ULOC_FULLNAME_CAPACITY, &parsed, &error);
        if (U_FAILURE(error) || error == U_STRING_NOT_TERMINATED_WARNING || length >= ULOC_FULLNAME_CAPACITY ||
            parsed != static_cast<int32_t>(std::strlen(locale))) {
            return {};
        }
        return std::string(buffer, static_cast<size_t>(length));
    }
    return locale;
}

}  // namespace

extern "C" {

int32_t ti_locale_region(const char *localeOrRegion, char *out, int32_t capacity) {
    if (out == nullptr || capacity < 3) {
        if (out != nullptr && capacity > 0) { out[0] = 0; }
        return 0;
    }
    out[0] = 0;
    if (localeOrRegion == nullptr || localeOrRegion[0] == 0) { return 0; }
    char region[ULOC_COUNTRY_CAPACITY + 1] = {};
    if (isTwoLetters(localeOrRegion, 'A', 'Z')) {
        std::memcpy(region, localeOrRegion, 3);
    } else {
        std::string id = localeID(localeOrRegion);
        if (id.empty() || id.size() >= ULOC_FULLNAME_CAPACITY) { return 0; }
        UErrorCode error = U_ZERO_ERROR;
        int32_t length = uloc_getCountry(id.c_str(), region, ULOC_COUNTRY_CAPACITY, &error);
        if (U_FAILURE(error) || length >= ULOC_COUNTRY_CAPACITY) { return 0; }
        if (length == 0) {
            // No region given: a language's likely one ("sv" → "sv_Latn_SE"), but none for no
            // language at all ("und", "root"), which ICU would otherwise maximize to the US.
            char language[ULOC_LANG_CAPACITY + 1] = {};
            length = uloc_getLanguage(id.c_str(), language, ULOC_LANG_CAPACITY, &error);
            if (U_FAILURE(error) || length == 0 || length >= ULOC_LANG_CAPACITY ||
                std::strcmp(language, "und") == 0 || std::strcmp(language, "root") == 0) {
                return 0;
            }
            char maximized[ULOC_FULLNAME_CAPACITY + 1] = {};
            length = uloc_addLikelySubtags(id.c_str(), maximized, ULOC_FULLNAME_CAPACITY, &error);
            if (U_FAILURE(error) || length >= ULOC_FULLNAME_CAPACITY) { return 0; }
            length = uloc_getCountry(maximized, region, ULOC_COUNTRY_CAPACITY, &error);
            if (U_FAILURE(error) || length >= ULOC_COUNTRY_CAPACITY) { return 0; }
        }
        region[length] = 0;
    }
    if (!isTwoLetters(region, 'A', 'Z') || !isISOCountry(region)) { return 0; }
    std::memcpy(out, region, 3);
    return 2;
}

}  // extern "C"
