// The ICU library's version, for files that must be rebuilt when ICU changes.
#include "TIVersion.h"

#include <unicode/uversion.h>

#include <string>

extern "C" const char *ti_icu_version(void) {
    // Computed once (thread-safe static initialization); leaked, so that it outlives the static
    // destructors that run at exit while other threads may still read it.
    static const std::string *version = [] {
        UVersionInfo info;
        u_getVersion(info);
        char text[U_MAX_VERSION_STRING_LENGTH];
        u_versionToString(info, text);
        return new std::string(text);
    }();
    return version->c_str();
}
