#include "TIBits.h"

// Each loop is written once (an always-inline body) and compiled twice: for the baseline CPU, and
// with POPCNT enabled. Every call asks the CPU model that the C runtime filled in before main.
// (Not `target_clones`: its ifunc resolver runs while the dynamic loader relocates, before a
// sanitizer's runtime is up, and ThreadSanitizer's instrumentation of it crashes the process.)

#define TI_BODY static inline __attribute__((always_inline))

TI_BODY uint64_t popcount_body(const uint64_t *words, size_t count) {
    uint64_t total = 0;
    for (size_t i = 0; i < count; i++) total += (uint64_t)__builtin_popcountll(words[i]);
    return total;
}

TI_BODY uint32_t block_ranks_body(const uint64_t *words, size_t count, uint32_t *ranks) {
    uint32_t total = 0;
    size_t blocks = (count + 7) / 8;
    for (size_t b = 0; b < blocks; b++) {
        ranks[b] = total;
        size_t end = b * 8 + 8 < count ? b * 8 + 8 : count;
        for (size_t w = b * 8; w < end; w++) total += (uint32_t)__builtin_popcountll(words[w]);
    }
    ranks[blocks] = total;
    return total;
}

TI_BODY uint32_t and_block_ranks_body(const uint64_t *a, const uint64_t *b, uint64_t *out, size_t count, uint32_t *ranks) {
    uint32_t total = 0;
    size_t blocks = (count + 7) / 8;
    for (size_t k = 0; k < blocks; k++) {
        ranks[k] = total;
        size_t end = k * 8 + 8 < count ? k * 8 + 8 : count;
        for (size_t w = k * 8; w < end; w++) {
            uint64_t word = a[w] & b[w];
            out[w] = word;
            total += (uint32_t)__builtin_popcountll(word);
        }
    }
    ranks[blocks] = total;
    return total;
}

#if defined(__x86_64__)
#define TI_POPCNT __attribute__((target("popcnt")))

static TI_POPCNT uint64_t popcount_popcnt(const uint64_t *words, size_t count) { return popcount_body(words, count); }
static TI_POPCNT uint32_t block_ranks_popcnt(const uint64_t *words, size_t count, uint32_t *ranks) {
    return block_ranks_body(words, count, ranks);
}
static TI_POPCNT uint32_t and_block_ranks_popcnt(const uint64_t *a, const uint64_t *b, uint64_t *out, size_t count,
                                                 uint32_t *ranks) {
    return and_block_ranks_body(a, b, out, count, ranks);
}

static int has_popcnt(void) { return __builtin_cpu_supports("popcnt"); }

uint64_t ti_popcount(const uint64_t *words, size_t count) {
    return has_popcnt() ? popcount_popcnt(words, count) : popcount_body(words, count);
}

uint32_t ti_block_ranks(const uint64_t *words, size_t count, uint32_t *ranks) {
    return has_popcnt() ? block_ranks_popcnt(words, count, ranks) : block_ranks_body(words, count, ranks);
}

uint32_t ti_and_block_ranks(const uint64_t *a, const uint64_t *b, uint64_t *out, size_t count, uint32_t *ranks) {
    return has_popcnt() ? and_block_ranks_popcnt(a, b, out, count, ranks) : and_block_ranks_body(a, b, out, count, ranks);
}
#else
uint64_t ti_popcount(const uint64_t *words, size_t count) { return popcount_body(words, count); }

uint32_t ti_block_ranks(const uint64_t *words, size_t count, uint32_t *ranks) { return block_ranks_body(words, count, ranks); }

uint32_t ti_and_block_ranks(const uint64_t *a, const uint64_t *b, uint64_t *out, size_t count, uint32_t *ranks) {
    return and_block_ranks_body(a, b, out, count, ranks);
}
#endif
