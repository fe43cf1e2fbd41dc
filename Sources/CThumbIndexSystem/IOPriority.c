#include "TISystem.h"

#include <errno.h>

#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>

// From linux/ioprio.h (not every distribution installs it for user space).
enum { TI_IOPRIO_CLASS_IDLE = 3, TI_IOPRIO_CLASS_SHIFT = 13, TI_IOPRIO_WHO_PROCESS = 1 };

int ti_lower_caller_io_priority(void) {
    // IOPRIO_WHO_PROCESS with 0 names the calling thread (I/O priorities are per thread on Linux).
    long done = syscall(SYS_ioprio_set, TI_IOPRIO_WHO_PROCESS, 0, TI_IOPRIO_CLASS_IDLE << TI_IOPRIO_CLASS_SHIFT);
    return done == 0 ? 0 : errno;
}

int ti_caller_io_priority_class(void) {
    long value = syscall(SYS_ioprio_get, TI_IOPRIO_WHO_PROCESS, 0);
    return value < 0 ? -1 : (int)(value >> TI_IOPRIO_CLASS_SHIFT);
}
#else
int ti_lower_caller_io_priority(void) { return ENOSYS; }
int ti_caller_io_priority_class(void) { return -1; }
#endif
