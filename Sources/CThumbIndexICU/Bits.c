#include "TIBits.h"

#if defined(__x86_64__) && defined(__ELF__)
#define TI_CLONES __attribute__((target_clones("popcnt", "default")))
#else
#define TI_CLONES
#endif

TI_CLONES uint64_t ti_popcount(const uint64_t *words, size_t count) {
    uint64_t total = 0;
    for (size_t i = 0; i < count; i++) total += (uint64_t)__builtin_popcountll(words[i]);
    return total;
}

TI_CLONES uint32_t ti_block_ranks(const uint64_t *words, size_t count, uint32_t *ranks) {
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

TI_CLONES uint32_t ti_and_block_ranks(const uint64_t *a, const uint64_t *b, uint64_t *out, size_t count, uint32_t *ranks) {
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
