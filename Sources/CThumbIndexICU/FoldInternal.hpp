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

/// The end of a `ti_*fold_utf8` call: copies `bytes` (and, with `spans`, each byte's span) to the
/// caller's buffers when they fit in `capacity`, and returns the folded length.
int32_t copyFolded(const std::string &bytes, const std::vector<FoldUnit> *spans, char *out, int32_t capacity,
                   int32_t *spanStarts, int32_t *spanEnds);

/// Whether the `length` bytes at `utf8` are all ASCII.
bool isASCII(const char *utf8, int32_t length);

}  // namespace ti

/// Folded strings, back to back, one slot per fold (TI_FOLD_*); a batch fills the slots it was asked for.
struct TIFoldBatch {
    std::string text[TI_FOLD_SLOTS];
    std::vector<uint32_t> offsets[TI_FOLD_SLOTS];
};

#endif
