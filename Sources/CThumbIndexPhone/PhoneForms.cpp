// Phone numbers: the one file that calls libphonenumber (Debian's libphonenumber 8.12.57).
//
// Thread safety: `PhoneNumberUtil::GetInstance()` is a Singleton created once under pthread_once
// (phonenumbers/base/memory/singleton_posix.h, chosen on Linux), and Parse, Format and
// GetNationalSignificantNumber are const methods whose only shared mutable state, the regular
// expression cache, is guarded by its own lock (phonenumbers/regexp_cache.h: "Lock lock_; // protects
// cache_impl_", a pthread mutex here). Debian's libphonenumber.so imports pthread_mutex_lock and
// holds Singleton<PhoneNumberUtil>::once_control_, which confirms that build. So concurrent calls are
// safe; nothing here keeps state of its own.
#include "TIPhone.h"

#include <phonenumbers/phonenumber.pb.h>
#include <phonenumbers/phonenumberutil.h>

#include <cstring>
#include <string>

namespace {

using i18n::phonenumbers::PhoneNumber;
using i18n::phonenumbers::PhoneNumberUtil;

/// Writes "" into `out` when it has room for the NUL.
void clear(char *out, int32_t capacity) {
    if (out != nullptr && capacity > 0) { out[0] = 0; }
}

/// True when `value` and its NUL fit `capacity` bytes of `out`.
bool fits(const std::string &value, const char *out, int32_t capacity) {
    return out != nullptr && capacity > 0 && value.size() < static_cast<size_t>(capacity);
}

}  // namespace

extern "C" {

TIPhoneResult ti_phone_forms(const char *utf8, int32_t length, const char *region,
                             char *e164, int32_t e164Capacity,
                             char *national, int32_t nationalCapacity,
                             char *nationalSignificant, int32_t nationalSignificantCapacity) {
    clear(e164, e164Capacity);
    clear(national, nationalCapacity);
    clear(nationalSignificant, nationalSignificantCapacity);
    if (utf8 == nullptr || length < 0) { return TIPhoneNotANumber; }
    try {
        const PhoneNumberUtil &util = *PhoneNumberUtil::GetInstance();
        std::string value(utf8, static_cast<size_t>(length));
        std::string defaultRegion = region != nullptr && region[0] != 0 ? region : "ZZ";
        PhoneNumber number;
        if (util.Parse(value, defaultRegion, &number) != PhoneNumberUtil::NO_PARSING_ERROR) {
            return TIPhoneNotANumber;
        }
        std::string e164Form, nationalForm, significant;
        util.Format(number, PhoneNumberUtil::E164, &e164Form);
        util.Format(number, PhoneNumberUtil::NATIONAL, &nationalForm);
        util.GetNationalSignificantNumber(number, &significant);
        if (!fits(e164Form, e164, e164Capacity) || !fits(nationalForm, national, nationalCapacity) ||
            !fits(significant, nationalSignificant, nationalSignificantCapacity)) {
            return TIPhoneBufferTooSmall;
        }
        std::memcpy(e164, e164Form.c_str(), e164Form.size() + 1);
        std::memcpy(national, nationalForm.c_str(), nationalForm.size() + 1);
        std::memcpy(nationalSignificant, significant.c_str(), significant.size() + 1);
        return TIPhoneParsed;
    } catch (...) {
        // libphonenumber reports parse errors by value; only an allocation can throw. Not a number.
        clear(e164, e164Capacity);
        clear(national, nationalCapacity);
        clear(nationalSignificant, nationalSignificantCapacity);
        return TIPhoneNotANumber;
    }
}

}  // extern "C"
