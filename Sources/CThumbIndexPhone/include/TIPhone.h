#ifndef TI_PHONE_H
#define TI_PHONE_H

// Phone numbers through Debian's libphonenumber, and the region of a locale through ICU. Plain C:
// no libphonenumber, C++ or ICU type may appear here (Swift modules must not see them).

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What `ti_phone_forms` returns.
typedef enum TIPhoneResult {
    /// libphonenumber parsed the value: the outputs hold its forms.
    TIPhoneParsed = 1,
    /// libphonenumber cannot parse the value (or an argument is invalid): the outputs are empty.
    TIPhoneNotANumber = 0,
    /// Parsed, but one of the outputs does not fit its capacity: the outputs are empty; call again
    /// with larger buffers.
    TIPhoneBufferTooSmall = -1
} TIPhoneResult;

/// The forms of one phone number as written: libphonenumber's `Parse(value, region)`, then its
/// E.164 form (e.g. "+34844468710"), its NATIONAL format (e.g. "844 46 87 10", or
/// "(397) 509-4009 ext. 4929" with an extension) and its national significant number (e.g.
/// "844468710": the E.164 form without "+" and the country calling code).
///
/// `utf8` holds `length` bytes (not NUL-terminated; invalid UTF-8 is simply not a number).
/// `region` is a NUL-terminated ISO 3166 region code such as "ES"; NULL, "" or one libphonenumber
/// does not know mean "ZZ", the unknown region, where only numbers starting with "+" parse.
/// Each output is written NUL-terminated (its length + 1 bytes) when the value parses and every
/// output fits; otherwise each is left empty (a single NUL when its capacity is at least 1). A NULL
/// output counts as capacity 0. Never reads past `length`, never writes past a capacity, never
/// throws. Safe to call from any thread at once.
TIPhoneResult ti_phone_forms(const char *utf8, int32_t length, const char *region,
                             char *e164, int32_t e164Capacity,
                             char *national, int32_t nationalCapacity,
                             char *nationalSignificant, int32_t nationalSignificantCapacity);

/// The ISO 3166 two-letter region of a locale or region code, written NUL-terminated to `out`:
/// "ES" for "ES" (two upper-case ASCII letters are a region code, kept when ISO 3166 has it),
/// "ES" for "es_ES" or "es-ES", and for a locale without a region its likely one (ICU's likely
/// subtags): "SE" for "sv", "US" for "en", "CN" for "zh" (two lower-case letters are a language).
/// Returns the region's length (2), or 0 with `out` empty when there is none: unknown input, a
/// locale whose region is not a two-letter country (e.g. "es_419"), or `capacity` < 3.
int32_t ti_locale_region(const char *localeOrRegion, char *out, int32_t capacity);

#ifdef __cplusplus
}
#endif

#endif
