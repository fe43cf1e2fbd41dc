// The ICU library's version, for files that must be rebuilt when ICU changes.
#include "TIVersion.h"

#include <unicode/uversion.h>

#include <string>

extern "C" const char *ti_icu_version(void) {
    // Computed once (thread-safe static initialization); lives as long as the process.
    static const std::string version = [] {
        UVersionInfo info;
        u_getVersion(info);
        char text[U_MAX_VERSION_STRING_LENGTH];
        u_versionToString(info, text);
        return std::string(text);
    }();
    return version.c_str();
}
