#ifndef TI_HAN_READINGS_H
#define TI_HAN_READINGS_H

// The generated readings table of Han characters (generated/HanReadings.tsv, written by
// scripts/generate-han-readings), compiled into the binary. The library parses it on first use
// (HanReadings.shared in Sources/ThumbIndex/Phonetic/).

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The bytes of generated/HanReadings.tsv as it was when the library was compiled (UTF-8 text: a
/// header of `#` lines, then one line per character); sets `*count` to their number. The bytes are
/// static: they live as long as the program, and are never written.
const unsigned char *ti_han_readings_data(size_t *count);

#ifdef __cplusplus
}
#endif

#endif
