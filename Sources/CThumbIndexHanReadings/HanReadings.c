#include "TIHanReadings.h"

// C23 `#embed` puts the file's bytes in the array as the compiler reads it: it compiles in a few
// hundredths of a second, where a Swift literal of the same bytes takes seconds (a string literal,
// with debug info) or half a minute and gigabytes (SwiftPM's `.embedInCode`, a `[UInt8]` literal).
// Clang (17 and later, as in every Swift 6 toolchain) takes it in earlier C modes as an extension;
// its dependency file names the embedded file, so a new table rebuilds this file.
#pragma clang diagnostic ignored "-Wc23-extensions"

static const unsigned char data[] = {
#embed "generated/HanReadings.tsv"
};

const unsigned char *ti_han_readings_data(size_t *count) {
    *count = sizeof data;
    return data;
}
