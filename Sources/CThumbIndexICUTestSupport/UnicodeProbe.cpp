// ICU primitives for tests (see TIUnicodeProbe.h): whole-string normalization, general category, script.
#include "BridgeInternal.hpp"
#include "TIUnicodeProbe.h"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>

#include <cstring>
#include <string>

extern "C" {

int32_t ti_normalize_utf8(int32_t form, const char *utf8, int32_t length, char *out, int32_t capacity,
                          TIStatus *status) {
    UErrorCode error = U_ZERO_ERROR;
    const icu::Normalizer2 *normalizer = form == TI_FORM_NFC   ? icu::Normalizer2::getNFCInstance(error)
                                         : form == TI_FORM_NFD ? icu::Normalizer2::getNFDInstance(error)
                                                               : icu::Normalizer2::getNFKCCasefoldInstance(error);
    if (ti::failed(error, status, "ti_normalize_utf8: loading the normalizer")) { return -1; }
    icu::UnicodeString text;
    if (!ti::fromUTF8(utf8, length, text)) {
        ti::setStatus(status, TI_ERROR_INVALID_UTF8, "ti_normalize_utf8: the text is not valid UTF-8");
        return -1;
    }
    icu::UnicodeString result = normalizer->normalize(text, error);
    if (ti::failed(error, status, "ti_normalize_utf8")) { return -1; }
    std::string bytes = ti::toUTF8(result);
    int32_t needed = static_cast<int32_t>(bytes.size());
    if (needed <= capacity) { std::memcpy(out, bytes.data(), bytes.size()); }
    return needed;
}

int32_t ti_general_category(uint32_t c) { return u_charType(static_cast<UChar32>(c)); }

int32_t ti_script(uint32_t c) {
    UErrorCode error = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript(static_cast<UChar32>(c), &error);
    return U_SUCCESS(error) ? script : -1;
}

}  // extern "C"
