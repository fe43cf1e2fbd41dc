#ifndef C_FUZZ_DRIVER_H
#define C_FUZZ_DRIVER_H

// libFuzzer's entry point for programs that have a `main` of their own (compiler-rt's
// FuzzerInterface.h): parses libFuzzer's flags from argc/argv and runs `callback` on every input.
// Linked from libclang_rt.fuzzer by `-sanitize=fuzzer`; only the fuzz targets (Fuzz/) use it.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#ifdef __cplusplus
}
#endif

#endif
