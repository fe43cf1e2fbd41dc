// Private to the bridge: what Fold.cpp and LocaleFold.cpp share.
#ifndef TI_FOLD_INTERNAL_HPP
#define TI_FOLD_INTERNAL_HPP

#include "TIText.h"

#include <unicode/umachine.h>

#include <cstdint>
#include <string>
#include <vector>

namespace ti {

/// A code point of folded text and the UTF-16 span of the original text it came from.
struct FoldUnit {
    UChar32 c;
    int32_t start;
    int32_t end;
};

/// Appends the UTF-8 of `units` to `out`; with `spans`, appends each byte's unit too.
void appendUTF8(const std::vector<FoldUnit> &units, std::string &out, std::vector<FoldUnit> *spans);

/// Whether the `length` bytes at `utf8` are all ASCII.
bool isASCII(const char *utf8, int32_t length);

}  // namespace ti

/// Folded strings, back to back, one slot per fold (TI_FOLD_*); a batch fills the slots it was asked for.
struct TIFoldBatch {
    std::string text[TI_FOLD_SLOTS];
    std::vector<uint32_t> offsets[TI_FOLD_SLOTS];
};

#endif
