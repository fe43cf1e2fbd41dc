#ifndef TI_VERSION_H
#define TI_VERSION_H

// The ICU library's version. Plain C: no ICU header may appear here.

#ifdef __cplusplus
extern "C" {
#endif

/// The version of the ICU library the bridge is linked against, as "a.b.c.d" (u_getVersion, e.g.
/// "72.1.0.0"). Anything persisted that depends on ICU data records it. Never NULL; valid for the
/// life of the process.
const char *ti_icu_version(void);

#ifdef __cplusplus
}
#endif

#endif
