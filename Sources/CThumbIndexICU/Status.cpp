// Helpers shared by the bridge's .cpp files for filling a TIStatus.
#include "BridgeInternal.hpp"

#include <cstdio>
#include <cstring>

namespace ti {

void setStatus(TIStatus *status, int32_t code, const std::string &message) {
    if (status == nullptr) { return; }
    status->code = code;
    std::snprintf(status->message, sizeof status->message, "%s", message.c_str());
}

bool failed(UErrorCode error, TIStatus *status, const char *what) {
    if (U_SUCCESS(error)) { return false; }
    setStatus(status, error, std::string(what) + ": " + u_errorName(error));
    return true;
}

}  // namespace ti
