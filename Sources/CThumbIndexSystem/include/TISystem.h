#ifndef TI_SYSTEM_H
#define TI_SYSTEM_H

// Linux calls that Swift cannot make itself (glibc has no wrapper for them and `syscall` is
// variadic). Plain C.

#ifdef __cplusplus
extern "C" {
#endif

/// Puts the calling thread in the idle I/O scheduling class (`ioprio_set(2)`, IOPRIO_CLASS_IDLE):
/// the block layer's schedulers that honour classes (mq-deadline, BFQ) serve its reads and the
/// writes its `fsync`s submit only when no other class waits, and after at most a few seconds of
/// waiting (mq-deadline's `prio_aging_expire`). Returns 0, or the `errno` of the call (nothing
/// changed; always ENOSYS where there is no such call).
int ti_lower_caller_io_priority(void);

/// The calling thread's I/O scheduling class (`ioprio_get(2)`): 0 none set (the class its nice value
/// gives), 1 real time, 2 best effort, 3 idle; -1 when it cannot be read.
int ti_caller_io_priority_class(void);

#ifdef __cplusplus
}
#endif

#endif
