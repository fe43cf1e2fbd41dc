#ifndef TI_BITS_H
#define TI_BITS_H

// Counting the set bits of bitmaps of rows. Plain C, no ICU.
//
// Swift builds for the baseline x86-64, which has no POPCNT instruction: `nonzeroBitCount` is a
// dozen instructions a word there. These loops are compiled twice, and each call takes the POPCNT
// version on a CPU that has it (every x86-64 CPU since 2008); other CPUs and architectures run the
// portable one.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The number of set bits in `words[0 ..< count]`.
uint64_t ti_popcount(const uint64_t *words, size_t count);

/// Writes `ranks[b]`, the number of set bits in `words[0 ..< 8 * b]`, for every block b of 8 words
/// (the last may be shorter) and one more: `ranks` holds `(count + 7) / 8 + 1` entries. Returns the
/// total. The total must fit in 32 bits (fewer than 2^32 rows).
uint32_t ti_block_ranks(const uint64_t *words, size_t count, uint32_t *ranks);

/// Writes `out[i] = a[i] & b[i]` for i below `count`, and the block ranks of `out` into `ranks` as
/// `ti_block_ranks` does, in one pass. Returns the total. `out` may be `a` or `b`.
uint32_t ti_and_block_ranks(const uint64_t *a, const uint64_t *b, uint64_t *out, size_t count, uint32_t *ranks);

#ifdef __cplusplus
}
#endif

#endif
