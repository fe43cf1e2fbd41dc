/*
 * FM-index experiment for ThumbIndex issue 20 (session 24).
 *
 * Reads the main text index of a saved ThumbIndex archive (folded text, entry starts, suffix
 * codes, offset bits), builds an FM-index over T = S e0 S e1 ... S e(N-1) $ (S = a separator byte
 * absent from the text, $ = 0x00 the unique terminator), and measures its bytes and its time per
 * keystroke against the plain suffix array saved in the archive.
 *
 * Written for this experiment only (not library code). Build: gcc -O2 -march=native -o fm fm.c
 *
 * Usage: fm <index.thumbidx> <queries.txt> <mode> [out.json] [time-budget-seconds]
 *   mode "check": build, print bytes, run the correctness check (no timings)
 *   mode "time":  build, print bytes, time every distinct keystroke pattern (warm-up + repeats)
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>

/* ------------------------------------------------------------------ utilities */

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
static uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}
static void *xmalloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) { fprintf(stderr, "out of memory (%zu bytes)\n", n); exit(1); }
    return p;
}
static void *xcalloc(size_t n, size_t s) {
    void *p = calloc(n ? n : 1, s ? s : 1);
    if (!p) { fprintf(stderr, "out of memory\n"); exit(1); }
    return p;
}
static int bits_for(uint64_t maxValue) { /* bits to store values 0...maxValue */
    int b = 1;
    while (b < 64 && (maxValue >> b) != 0) b++;
    return b;
}

/* ------------------------------------------------------------------ archive reading */

typedef struct {
    uint8_t *text; uint64_t textLen;
    uint32_t *starts; uint64_t startsCount;
    uint64_t wordWordsCount;
    uint32_t *codes; uint64_t codeCount;
    uint64_t longCount;
    uint32_t offsetBits;
    uint64_t mainBytesText, mainBytesStarts, mainBytesWords, mainBytesCodes;
} MainIndex;

static uint8_t *read_file(const char *path, uint64_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); exit(1); }
    fseek(f, 0, SEEK_END);
    long l = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *buf = xmalloc((size_t)l + 1);
    if (fread(buf, 1, (size_t)l, f) != (size_t)l) { perror("read"); exit(1); }
    fclose(f);
    buf[l] = 0;
    *len = (uint64_t)l;
    return buf;
}

static MainIndex load_main(const char *path) {
    uint64_t len;
    uint8_t *buf = read_file(path, &len);
    if (len < 32 || memcmp(buf, "THUMBIDX", 8) != 0) { fprintf(stderr, "not a ThumbIndex archive\n"); exit(1); }
    uint32_t version, bom; uint64_t payload;
    memcpy(&version, buf + 8, 4); memcpy(&bom, buf + 12, 4); memcpy(&payload, buf + 16, 8);
    if (bom != 0x01020304u) { fprintf(stderr, "byte order mark %08x\n", bom); exit(1); }
    uint64_t pos = 24, end = 24 + payload;
    if (end + 8 > len) { fprintf(stderr, "truncated archive\n"); exit(1); }
    MainIndex m; memset(&m, 0, sizeof m);
    int mainSeen = 0;
    while (pos + 16 <= end && mainSeen < 6) {
        char tag[5]; memcpy(tag, buf + pos, 4); tag[4] = 0;
        uint32_t width; uint64_t count;
        memcpy(&width, buf + pos + 4, 4); memcpy(&count, buf + pos + 8, 8);
        uint64_t bytes = count * width, padded = (bytes + 7) & ~7ull;
        uint8_t *data = buf + pos + 16;
        if (strcmp(tag, "main") == 0) {
            switch (mainSeen) {
            case 0: if (width != 1) goto bad; m.text = data; m.textLen = count; m.mainBytesText = bytes; break;
            case 1: if (width != 4) goto bad; m.starts = (uint32_t *)data; m.startsCount = count; m.mainBytesStarts = bytes; break;
            case 2: if (width != 8) goto bad; m.wordWordsCount = count; m.mainBytesWords = bytes; break;
            case 3: if (width != 4) goto bad; m.codes = (uint32_t *)data; m.codeCount = count; m.mainBytesCodes = bytes; break;
            case 4: if (width != 4) goto bad; m.longCount = count; break;
            case 5: if (width != 4 || count != 1) goto bad; memcpy(&m.offsetBits, data, 4); break;
            }
            mainSeen++;
        }
        pos += 16 + padded;
    }
    if (mainSeen < 6) { fprintf(stderr, "fewer than six 'main' records\n"); exit(1); }
    (void)version;
    return m;
bad:
    fprintf(stderr, "unexpected element width in 'main' record %d\n", mainSeen);
    exit(1);
}

/* ------------------------------------------------------------------ SA-IS (induced sorting) */
/* T[n-1] must be the unique smallest symbol. Symbols are 0..K-1. */

static void sais_buckets(const int32_t *T, int64_t n, int32_t K, int32_t *bkt, int atEnd) {
    memset(bkt, 0, sizeof(int32_t) * (size_t)K);
    for (int64_t i = 0; i < n; i++) bkt[T[i]]++;
    int32_t sum = 0;
    for (int32_t c = 0; c < K; c++) { sum += bkt[c]; bkt[c] = atEnd ? sum : sum - bkt[c]; }
}

static void sais_induce(const int32_t *T, int32_t *SA, const uint8_t *stype, int64_t n, int32_t K, int32_t *bkt) {
    sais_buckets(T, n, K, bkt, 0);
    for (int64_t i = 0; i < n; i++) {
        int32_t j = SA[i] - 1;
        if (SA[i] > 0 && !stype[j]) SA[bkt[T[j]]++] = j;
    }
    sais_buckets(T, n, K, bkt, 1);
    for (int64_t i = n - 1; i >= 0; i--) {
        int32_t j = SA[i] - 1;
        if (SA[i] > 0 && stype[j]) SA[--bkt[T[j]]] = j;
    }
}

#define IS_LMS(i) ((i) > 0 && stype[i] && !stype[(i) - 1])

static void sais(const int32_t *T, int32_t *SA, int64_t n, int32_t K) {
    uint8_t *stype = xmalloc((size_t)n);
    stype[n - 1] = 1;
    for (int64_t i = n - 2; i >= 0; i--)
        stype[i] = (T[i] < T[i + 1]) || (T[i] == T[i + 1] && stype[i + 1]);
    int32_t *bkt = xmalloc(sizeof(int32_t) * (size_t)K);

    /* 1. sort the LMS substrings */
    sais_buckets(T, n, K, bkt, 1);
    for (int64_t i = 0; i < n; i++) SA[i] = -1;
    for (int64_t i = 1; i < n; i++) if (IS_LMS(i)) SA[--bkt[T[i]]] = (int32_t)i;
    sais_induce(T, SA, stype, n, K, bkt);

    /* 2. compact them, name them */
    int64_t n1 = 0;
    for (int64_t i = 0; i < n; i++) if (IS_LMS(SA[i])) SA[n1++] = SA[i];
    for (int64_t i = n1; i < n; i++) SA[i] = -1;
    int32_t name = 0; int64_t prev = -1;
    for (int64_t i = 0; i < n1; i++) {
        int64_t p = SA[i];
        int diff = 0;
        if (prev < 0) diff = 1;
        else {
            for (int64_t d = 0;; d++) {
                if (T[p + d] != T[prev + d] || stype[p + d] != stype[prev + d]) { diff = 1; break; }
                if (d > 0 && (IS_LMS(p + d) || IS_LMS(prev + d))) break;
            }
        }
        if (diff) { name++; prev = p; }
        SA[n1 + p / 2] = name - 1;
    }
    for (int64_t i = n - 1, j = n - 1; i >= n1; i--) if (SA[i] >= 0) SA[j--] = SA[i];

    /* 3. sort the reduced string, recursively if names repeat */
    int32_t *s1 = SA + n - n1, *SA1 = SA;
    if (name < n1) {
        int32_t *s1copy = xmalloc(sizeof(int32_t) * (size_t)n1);
        memcpy(s1copy, s1, sizeof(int32_t) * (size_t)n1);
        sais(s1copy, SA1, n1, name);
        memcpy(s1, s1copy, sizeof(int32_t) * (size_t)n1);
        free(s1copy);
    } else {
        for (int64_t i = 0; i < n1; i++) SA1[s1[i]] = (int32_t)i;
    }

    /* 4. induce the full order from the sorted LMS suffixes */
    for (int64_t i = 1, j = 0; i < n; i++) if (IS_LMS(i)) s1[j++] = (int32_t)i;
    for (int64_t i = 0; i < n1; i++) SA1[i] = s1[SA1[i]];
    for (int64_t i = n1; i < n; i++) SA[i] = -1;
    sais_buckets(T, n, K, bkt, 1);
    for (int64_t i = n1 - 1; i >= 0; i--) {
        int32_t j = SA[i]; SA[i] = -1;
        SA[--bkt[T[j]]] = j;
    }
    sais_induce(T, SA, stype, n, K, bkt);
    free(bkt); free(stype);
}

/* ------------------------------------------------------------------ bit vectors with rank */
/* Rank directory: one UInt32 (ones before the block) per 512-bit block, in its own array. */

typedef struct { uint64_t *w; uint32_t *dir; uint64_t nbits; uint64_t nwords; uint64_t nblocks; } BitVec;

static BitVec bv_new(uint64_t nbits) {
    BitVec b;
    b.nbits = nbits;
    b.nwords = nbits / 64 + 1;               /* one spare word so rank(nbits) reads in bounds */
    b.nblocks = nbits / 512 + 1;
    b.w = xcalloc((size_t)(b.nblocks * 8), 8);
    b.dir = NULL;
    return b;
}
static inline void bv_set(BitVec *b, uint64_t i) { b->w[i >> 6] |= 1ull << (i & 63); }
static inline int bv_get(const BitVec *b, uint64_t i) { return (int)((b->w[i >> 6] >> (i & 63)) & 1); }
static void bv_build_dir(BitVec *b) {
    b->dir = xmalloc(sizeof(uint32_t) * (size_t)b->nblocks);
    uint64_t sum = 0;
    for (uint64_t k = 0; k < b->nblocks; k++) {
        if (sum > 0xFFFFFFFFull) { fprintf(stderr, "rank directory overflow\n"); exit(1); }
        b->dir[k] = (uint32_t)sum;
        for (int j = 0; j < 8; j++) sum += (uint64_t)__builtin_popcountll(b->w[k * 8 + j]);
    }
}
/* ones in bits [0, p) */
static inline uint64_t bv_rank1(const BitVec *b, uint64_t p) {
    uint64_t blk = p >> 9;
    uint64_t r = b->dir[blk];
    const uint64_t *w = b->w + (blk << 3);
    unsigned full = (unsigned)((p >> 6) & 7);
    for (unsigned j = 0; j < full; j++) r += (uint64_t)__builtin_popcountll(w[j]);
    unsigned rem = (unsigned)(p & 63);
    if (rem) r += (uint64_t)__builtin_popcountll(w[full] & ((1ull << rem) - 1));
    return r;
}
/* bytes a compact layout needs: ceil(nbits/64) words + one UInt32 per 512 bits */
static uint64_t bv_bits_bytes(const BitVec *b) { return (b->nbits + 63) / 64 * 8; }
static uint64_t bv_dir_bytes(const BitVec *b) { return (b->nbits + 511) / 512 * 4; }

/* ------------------------------------------------------------------ packed integer arrays */

typedef struct { uint64_t *w; int width; uint64_t count; } Packed;
static Packed pk_new(uint64_t count, int width) {
    Packed p; p.width = width; p.count = count;
    p.w = xcalloc((size_t)((count * (uint64_t)width + 63) / 64 + 2), 8);
    return p;
}
static inline void pk_set(Packed *p, uint64_t i, uint64_t v) {
    uint64_t bit = i * (uint64_t)p->width, k = bit >> 6; unsigned o = (unsigned)(bit & 63);
    p->w[k] |= v << o;
    if (o + (unsigned)p->width > 64) p->w[k + 1] |= v >> (64 - o);
}
static inline uint64_t pk_get(const Packed *p, uint64_t i) {
    uint64_t bit = i * (uint64_t)p->width, k = bit >> 6; unsigned o = (unsigned)(bit & 63);
    uint64_t mask = (p->width == 64) ? ~0ull : ((1ull << p->width) - 1);
    uint64_t v = p->w[k] >> o;
    if (o + (unsigned)p->width > 64) v |= p->w[k + 1] << (64 - o);
    return v & mask;
}
static uint64_t pk_bytes(const Packed *p) { return (p->count * (uint64_t)p->width + 7) / 8; }

/* ------------------------------------------------------------------ wavelet tree over the BWT */
/*
 * A binary wavelet tree whose shape is given by one prefix-free code per symbol: fixed-length
 * codes (a balanced tree, ceil(log2 sigma) levels: the same bits as a wavelet matrix) or Huffman
 * codes (a Huffman-shaped tree, about H0 bits per symbol). Every internal node's bit vector is a
 * slice of one concatenated bit vector with one rank directory; a node keeps its start and the
 * ones before it.
 */

#define MAXDEPTH 64
typedef struct { uint64_t start, onesBefore, size; int32_t child[2]; int32_t sym; } WNode;
typedef struct {
    BitVec bv;
    WNode *nodes; int nnodes;
    int plen[256];
    int32_t pnode[256][MAXDEPTH];
    uint8_t pbit[256][MAXDEPTH];
    uint64_t totalBits;
} WTree;

static int wt_new_node(WTree *w, int *cap) {
    if (w->nnodes == *cap) { *cap *= 2; w->nodes = realloc(w->nodes, sizeof(WNode) * (size_t)*cap); }
    WNode *nd = &w->nodes[w->nnodes];
    memset(nd, 0, sizeof *nd);
    nd->child[0] = nd->child[1] = -1; nd->sym = -1;
    return w->nnodes++;
}

/* codeBits[c], codeLen[c] (MSB first) for symbols with freq > 0 */
static WTree *wt_build(const uint8_t *L, uint64_t n, const uint64_t *freq, const uint64_t *codeBits, const int *codeLen) {
    WTree *w = xcalloc(1, sizeof(WTree));
    int cap = 64;
    w->nodes = xmalloc(sizeof(WNode) * (size_t)cap);
    int root = wt_new_node(w, &cap);
    (void)root;
    for (int c = 0; c < 256; c++) {
        if (!freq[c]) continue;
        int node = 0;
        w->plen[c] = codeLen[c];
        for (int d = 0; d < codeLen[c]; d++) {
            int bit = (int)((codeBits[c] >> (codeLen[c] - 1 - d)) & 1);
            w->pnode[c][d] = node; w->pbit[c][d] = (uint8_t)bit;
            w->nodes[node].size += freq[c];
            if (w->nodes[node].child[bit] < 0) { int ch = wt_new_node(w, &cap); w->nodes[node].child[bit] = ch; }
            node = w->nodes[node].child[bit];
        }
        w->nodes[node].sym = c;
    }
    uint64_t total = 0;
    for (int k = 0; k < w->nnodes; k++) {
        if (w->nodes[k].sym >= 0) continue;
        w->nodes[k].start = total; total += w->nodes[k].size;
    }
    w->totalBits = total;
    w->bv = bv_new(total);
    uint64_t *cursor = xmalloc(sizeof(uint64_t) * (size_t)w->nnodes);
    for (int k = 0; k < w->nnodes; k++) cursor[k] = w->nodes[k].start;
    for (uint64_t i = 0; i < n; i++) {
        int c = L[i];
        for (int d = 0; d < w->plen[c]; d++) {
            int node = w->pnode[c][d];
            if (w->pbit[c][d]) bv_set(&w->bv, cursor[node]);
            cursor[node]++;
        }
    }
    free(cursor);
    bv_build_dir(&w->bv);
    for (int k = 0; k < w->nnodes; k++)
        if (w->nodes[k].sym < 0) w->nodes[k].onesBefore = bv_rank1(&w->bv, w->nodes[k].start);
    return w;
}

/* occurrences of c in L[0, i) */
static inline uint64_t wt_rank(const WTree *w, int c, uint64_t i) {
    int len = w->plen[c];
    for (int d = 0; d < len; d++) {
        const WNode *nd = &w->nodes[w->pnode[c][d]];
        uint64_t r1 = bv_rank1(&w->bv, nd->start + i) - nd->onesBefore;
        i = w->pbit[c][d] ? r1 : i - r1;
    }
    return i;
}
/* L[i], and the occurrences of L[i] in L[0, i) */
static inline int wt_access_rank(const WTree *w, uint64_t i, uint64_t *rank) {
    const WNode *nodes = w->nodes;
    int node = 0;
    for (;;) {
        const WNode *nd = &nodes[node];
        uint64_t p = nd->start + i;
        int bit = (int)((w->bv.w[p >> 6] >> (p & 63)) & 1);
        uint64_t r1 = bv_rank1(&w->bv, p) - nd->onesBefore;
        i = bit ? r1 : i - r1;
        int ch = nd->child[bit];
        if (nodes[ch].sym >= 0) { *rank = i; return nodes[ch].sym; }
        node = ch;
    }
}

/* Huffman code lengths (simple O(sigma^2) merge), then canonical codes */
static void huffman_codes(const uint64_t *freq, uint64_t *codeBits, int *codeLen) {
    int parent[512]; uint64_t weight[512]; int alive[512];
    int leaves[256], nleaves = 0, nn = 0;
    memset(codeLen, 0, sizeof(int) * 256);
    for (int c = 0; c < 256; c++) if (freq[c]) { leaves[nleaves++] = c; weight[nn] = freq[c]; parent[nn] = -1; alive[nn] = 1; nn++; }
    if (nleaves == 1) { codeLen[leaves[0]] = 1; codeBits[leaves[0]] = 0; return; }
    for (int merges = 0; merges < nleaves - 1; merges++) {
        int a = -1, b = -1;
        for (int k = 0; k < nn; k++) {
            if (!alive[k]) continue;
            if (a < 0 || weight[k] < weight[a]) { b = a; a = k; }
            else if (b < 0 || weight[k] < weight[b]) b = k;
        }
        weight[nn] = weight[a] + weight[b]; parent[nn] = -1; alive[nn] = 1;
        parent[a] = parent[b] = nn; alive[a] = alive[b] = 0; nn++;
    }
    for (int k = 0; k < nleaves; k++) {
        int d = 0;
        for (int x = k; parent[x] >= 0; x = parent[x]) d++;
        if (d > MAXDEPTH) { fprintf(stderr, "Huffman code too long\n"); exit(1); }
        codeLen[leaves[k]] = d;
    }
    /* canonical: by (length, symbol) */
    uint64_t code = 0; int prevLen = 0, first = 1;
    for (int len = 1; len <= MAXDEPTH; len++) {
        for (int c = 0; c < 256; c++) {
            if (!freq[c] || codeLen[c] != len) continue;
            if (first) { code = 0; first = 0; } else { code = (code + 1) << (len - prevLen); }
            prevLen = len;
            codeBits[c] = code;
        }
    }
}

/* ------------------------------------------------------------------ the FM-index */

typedef struct {
    uint64_t n;          /* |T| */
    uint64_t N;          /* entries */
    uint8_t sep;
    uint64_t C[257];
    uint64_t freq[256];
    WTree *wt;
} FM;

static inline void fm_range(const FM *fm, const uint8_t *P, int m, uint64_t *plo, uint64_t *phi) {
    uint64_t lo = 0, hi = fm->n;
    for (int k = m - 1; k >= 0; k--) {
        int c = P[k];
        if (!fm->freq[c]) { lo = hi = 0; break; }
        lo = fm->C[c] + wt_rank(fm->wt, c, lo);
        hi = fm->C[c] + wt_rank(fm->wt, c, hi);
        if (lo >= hi) { lo = hi = 0; break; }
    }
    *plo = lo; *phi = hi;
}

/* SA samples every s text positions: a bit per BWT row marks the sampled rows; their positions/s packed. */
typedef struct { int s; BitVec mark; Packed samp; } Samples;

/* entry of a text position of T: an entry-start bit vector over T, with rank */
typedef struct { BitVec starts; } EntryMap;

static inline uint64_t locate_sampled(const FM *fm, const Samples *S, uint64_t i, uint64_t *stepsOut) {
    uint64_t steps = 0;
    while (!bv_get(&S->mark, i)) {
        uint64_t r;
        int c = wt_access_rank(fm->wt, i, &r);
        i = fm->C[c] + r;
        steps++;
    }
    *stepsOut = steps;
    return pk_get(&S->samp, bv_rank1(&S->mark, i)) * (uint64_t)S->s + steps;
}
static inline uint64_t entry_of_pos(const EntryMap *E, uint64_t pos) { return bv_rank1(&E->starts, pos + 1) - 1; }

/* Variant "E": walk LF to the separator before the hit's entry; the rows whose BWT symbol is S,
   in row order, list their entry ids (packed), so rank_S there is the index. No SA samples. */
static inline uint64_t locate_entry_walk(const FM *fm, const Packed *eid, uint64_t i, uint64_t *stepsOut) {
    uint64_t steps = 0;
    for (;;) {
        uint64_t r;
        int c = wt_access_rank(fm->wt, i, &r);
        if (c == fm->sep) { *stepsOut = steps; return pk_get(eid, r); }
        i = fm->C[c] + r;
        steps++;
    }
}

/* ------------------------------------------------------------------ the plain suffix array (ThumbIndex's) */

typedef struct { const MainIndex *m; uint32_t eshift; uint32_t omask; } Plain;

static inline int plain_cmp(const Plain *pl, uint32_t code, const uint8_t *q, int m) {
    uint32_t e = code >> pl->eshift;
    uint64_t p = (uint64_t)pl->m->starts[e] + ((code >> 1) & pl->omask);
    uint64_t end = pl->m->starts[e + 1];
    const uint8_t *t = pl->m->text;
    for (int i = 0; i < m; i++) {
        if (p + (uint64_t)i >= end) return -1;
        uint8_t a = t[p + (uint64_t)i], b = q[i];
        if (a != b) return a < b ? -1 : 1;
    }
    return 0;
}
static inline void plain_range(const Plain *pl, const uint8_t *q, int m, uint64_t *plo, uint64_t *phi) {
    const uint32_t *codes = pl->m->codes;
    uint64_t lo = 0, hi = pl->m->codeCount;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        int c = plain_cmp(pl, codes[mid], q, m);
        if (c < 0) lo = mid + 1;
        else if (c > 0) hi = mid;
        else {
            uint64_t a = lo, b = mid;               /* first >= 0 in [lo, mid) */
            while (a < b) { uint64_t x = a + (b - a) / 2; if (plain_cmp(pl, codes[x], q, m) >= 0) b = x; else a = x + 1; }
            uint64_t lower = a;
            a = mid + 1; b = hi;                    /* first > 0 in (mid, hi) */
            while (a < b) { uint64_t x = a + (b - a) / 2; if (plain_cmp(pl, codes[x], q, m) > 0) b = x; else a = x + 1; }
            *plo = lower; *phi = a;
            return;
        }
    }
    *plo = *phi = lo;
}

/* ------------------------------------------------------------------ patterns */

typedef struct { uint8_t p[9]; int len; int keystrokes; } Pattern;

static int load_patterns(const char *path, Pattern **out, int *keystrokesTotal, int *asciiQueries, int *allQueries,
                         int **ksPattern, int *ksCount) {
    uint64_t len;
    uint8_t *buf = read_file(path, &len);
    int cap = 1024, np = 0, kcap = 4096, nk = 0;
    Pattern *pats = xmalloc(sizeof(Pattern) * (size_t)cap);
    int *ks = xmalloc(sizeof(int) * (size_t)kcap);
    *asciiQueries = 0; *allQueries = 0;
    uint64_t i = 0;
    while (i < len) {
        uint64_t j = i;
        while (j < len && buf[j] != '\n') j++;
        uint64_t e = j;
        if (e > i && buf[e - 1] == '\r') e--;
        if (e > i) {
            (*allQueries)++;
            int ascii = 1;
            for (uint64_t k = i; k < e; k++) if (buf[k] >= 0x80) ascii = 0;
            if (ascii) {
                (*asciiQueries)++;
                uint8_t q[8]; int ql = (int)((e - i) < 8 ? (e - i) : 8);
                for (int k = 0; k < ql; k++) { uint8_t c = buf[i + (uint64_t)k]; q[k] = (c >= 'A' && c <= 'Z') ? (uint8_t)(c + 32) : c; }
                for (int l = 1; l <= ql; l++) {
                    int found = -1;
                    for (int k = 0; k < np; k++) if (pats[k].len == l && memcmp(pats[k].p, q, (size_t)l) == 0) { found = k; break; }
                    if (found < 0) {
                        if (np == cap) { cap *= 2; pats = realloc(pats, sizeof(Pattern) * (size_t)cap); }
                        memset(&pats[np], 0, sizeof(Pattern));
                        memcpy(pats[np].p, q, (size_t)l); pats[np].len = l; found = np++;
                    }
                    pats[found].keystrokes++;
                    if (nk == kcap) { kcap *= 2; ks = realloc(ks, sizeof(int) * (size_t)kcap); }
                    ks[nk++] = found;
                }
            }
        }
        i = j + 1;
    }
    free(buf);
    *out = pats; *keystrokesTotal = nk; *ksPattern = ks; *ksCount = nk;
    return np;
}

static void json_pattern(FILE *f, const uint8_t *p, int len) {
    fputc('"', f);
    for (int k = 0; k < len; k++) {
        if (p[k] == '"' || p[k] == '\\') fprintf(f, "\\%c", p[k]);
        else if (p[k] < 0x20) fprintf(f, "\\u%04x", p[k]);
        else fputc(p[k], f);
    }
    fputc('"', f);
}

/* ------------------------------------------------------------------ statistics */

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}
/* median and nearest-rank p99 */
static void med_p99(double *v, int n, double *med, double *p99) {
    if (n == 0) { *med = *p99 = NAN; return; }
    qsort(v, (size_t)n, sizeof(double), cmp_double);
    *med = (n % 2) ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
    int r = (int)ceil(0.99 * n); if (r < 1) r = 1;
    *p99 = v[r - 1];
}
static int group_of(int len) { return len >= 4 ? 3 : len - 1; }
static const char *groupName[4] = {"1", "2", "3", "4+"};

/* ------------------------------------------------------------------ main */

#define NS_COUNT 4
static const int sValues[NS_COUNT] = {8, 16, 32, 64};
#define NMETHODS (2 + NS_COUNT + 1 + 1)  /* plain, fm-count, fm-locate s=8..64, fm-locate E, (unused) */

int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: fm <index> <queries> check|time [out.json] [budget-s]\n"); return 2; }
    const char *idxPath = argv[1], *qPath = argv[2], *mode = argv[3];
    const char *jsonPath = argc > 4 ? argv[4] : NULL;
    double budget = argc > 5 ? atof(argv[5]) : 480.0;
    int timing = strcmp(mode, "time") == 0;
    double t0 = now_s();

    MainIndex m = load_main(idxPath);
    uint64_t N = m.startsCount - 1;
    printf("archive: %s\n", idxPath);
    printf("entries %llu, folded text %llu B, starts %llu B, word-start words %llu B, suffix codes %llu (%llu B), long entries %llu, offsetBits %u\n",
           (unsigned long long)N, (unsigned long long)m.textLen, (unsigned long long)m.mainBytesStarts,
           (unsigned long long)m.mainBytesWords, (unsigned long long)m.codeCount, (unsigned long long)m.mainBytesCodes,
           (unsigned long long)m.longCount, m.offsetBits);

    /* separator: a byte absent from the text (0x00 is the terminator, so it must be absent too) */
    uint64_t textFreq[256] = {0};
    for (uint64_t i = 0; i < m.textLen; i++) textFreq[m.text[i]]++;
    if (textFreq[0]) { fprintf(stderr, "0x00 occurs in the text\n"); return 1; }
    int sep = -1;
    for (int c = 1; c < 256; c++) if (!textFreq[c]) { sep = c; break; }
    int distinctText = 0; for (int c = 0; c < 256; c++) if (textFreq[c]) distinctText++;
    printf("distinct bytes in folded text: %d; separator byte 0x%02x; terminator 0x00\n", distinctText, sep);

    /* T = S e0 S e1 ... S e(N-1) $ */
    uint64_t n = m.textLen + N + 1;
    uint8_t *T = xmalloc((size_t)n);
    {
        uint64_t k = 0;
        for (uint64_t e = 0; e < N; e++) {
            T[k++] = (uint8_t)sep;
            uint64_t a = m.starts[e], b = m.starts[e + 1];
            memcpy(T + k, m.text + a, (size_t)(b - a)); k += b - a;
        }
        T[k++] = 0;
        if (k != n) { fprintf(stderr, "T length mismatch\n"); return 1; }
    }
    printf("n = |T| = %llu\n", (unsigned long long)n);

    double tb = now_s();
    int32_t *SA = xmalloc(sizeof(int32_t) * (size_t)n);
    {
        int32_t *Ti = xmalloc(sizeof(int32_t) * (size_t)n);
        for (uint64_t i = 0; i < n; i++) Ti[i] = T[i];
        sais(Ti, SA, (int64_t)n, 256);
        free(Ti);
    }
    double saTime = now_s() - tb;
    printf("suffix array (SA-IS) built in %.2f s\n", saTime);

    /* optional full verification of the suffix order: adjacent suffixes ascend */
    if (!timing) {
        double tv = now_s();
        uint8_t *seen = xcalloc((size_t)n, 1);
        for (uint64_t i = 0; i < n; i++) { if (SA[i] < 0 || (uint64_t)SA[i] >= n || seen[SA[i]]) { fprintf(stderr, "SA not a permutation\n"); return 1; } seen[SA[i]] = 1; }
        free(seen);
        for (uint64_t i = 1; i < n; i++) {
            uint64_t a = (uint64_t)SA[i - 1], b = (uint64_t)SA[i];
            /* compare T[a..] < T[b..]; $ unique so they differ before the end */
            while (T[a] == T[b]) { a++; b++; }
            if (T[a] > T[b]) { fprintf(stderr, "SA order wrong at row %llu\n", (unsigned long long)i); return 1; }
        }
        printf("suffix array verified (permutation, adjacent rows ascend) in %.2f s\n", now_s() - tv);
    }

    /* BWT, C */
    FM fm; memset(&fm, 0, sizeof fm);
    fm.n = n; fm.N = N; fm.sep = (uint8_t)sep;
    uint8_t *L = xmalloc((size_t)n);
    for (uint64_t i = 0; i < n; i++) L[i] = SA[i] ? T[SA[i] - 1] : T[n - 1];
    for (uint64_t i = 0; i < n; i++) fm.freq[L[i]]++;
    fm.C[0] = 0;
    for (int c = 0; c < 256; c++) fm.C[c + 1] = fm.C[c] + fm.freq[c];
    int sigma = 0; for (int c = 0; c < 256; c++) if (fm.freq[c]) sigma++;

    /* empirical entropies of the BWT: H0, and Hk = L's entropy within blocks of rows sharing the suffixes' first k symbols */
    double Hk[6];
    {
        for (int k = 0; k <= 5; k++) {
            double bits = 0;
            uint64_t cnt[256]; memset(cnt, 0, sizeof cnt);
            uint64_t blockStart = 0;
            for (uint64_t i = 0; i <= n; i++) {
                int newBlock = (i == n);
                if (!newBlock && i > 0 && k > 0) {
                    uint64_t a = (uint64_t)SA[i - 1], b = (uint64_t)SA[i];
                    for (int d = 0; d < k; d++) {
                        uint8_t x = a + (uint64_t)d < n ? T[a + (uint64_t)d] : 0, y = b + (uint64_t)d < n ? T[b + (uint64_t)d] : 0;
                        if (x != y) { newBlock = 1; break; }
                        if (x == 0) break;
                    }
                }
                if (newBlock && i > blockStart) {
                    double tot = (double)(i - blockStart);
                    for (int c = 0; c < 256; c++) if (cnt[c]) bits -= (double)cnt[c] * log2((double)cnt[c] / tot);
                    memset(cnt, 0, sizeof cnt);
                    blockStart = i;
                }
                if (i < n) cnt[L[i]]++;
            }
            Hk[k] = bits / (double)n;
        }
    }

    /* wavelet trees */
    uint64_t codeBits[256]; int codeLen[256];
    int levels = bits_for((uint64_t)(sigma - 1));
    { int r = 0; for (int c = 0; c < 256; c++) if (fm.freq[c]) { codeBits[c] = (uint64_t)r++; codeLen[c] = levels; } else codeLen[c] = 0; }
    tb = now_s();
    WTree *wtBal = wt_build(L, n, fm.freq, codeBits, codeLen);
    double balTime = now_s() - tb;
    uint64_t hBits[256]; int hLen[256];
    huffman_codes(fm.freq, hBits, hLen);
    tb = now_s();
    WTree *wtHuf = wt_build(L, n, fm.freq, hBits, hLen);
    double hufTime = now_s() - tb;
    int maxHuf = 0; for (int c = 0; c < 256; c++) if (hLen[c] > maxHuf) maxHuf = hLen[c];
    printf("BWT: sigma %d; balanced wavelet tree %d levels (%llu bits, built %.2f s); Huffman-shaped %.3f bits/symbol, max depth %d (%llu bits, built %.2f s)\n",
           sigma, levels, (unsigned long long)wtBal->totalBits, balTime, (double)wtHuf->totalBits / (double)n, maxHuf,
           (unsigned long long)wtHuf->totalBits, hufTime);
    printf("empirical entropy of the BWT (bits/symbol): H0 %.3f H1 %.3f H2 %.3f H3 %.3f H4 %.3f H5 %.3f\n", Hk[0], Hk[1], Hk[2], Hk[3], Hk[4], Hk[5]);

    /* SA samples */
    Samples samples[NS_COUNT];
    for (int k = 0; k < NS_COUNT; k++) {
        int s = sValues[k];
        samples[k].s = s;
        samples[k].mark = bv_new(n);
        uint64_t ns = 0;
        for (uint64_t i = 0; i < n; i++) if ((uint64_t)SA[i] % (uint64_t)s == 0) { bv_set(&samples[k].mark, i); ns++; }
        bv_build_dir(&samples[k].mark);
        samples[k].samp = pk_new(ns, bits_for((n - 1) / (uint64_t)s));
        uint64_t j = 0;
        for (uint64_t i = 0; i < n; i++) if ((uint64_t)SA[i] % (uint64_t)s == 0) pk_set(&samples[k].samp, j++, (uint64_t)SA[i] / (uint64_t)s);
    }
    /* entry starts over T */
    EntryMap emap; emap.starts = bv_new(n);
    for (uint64_t e = 0; e < N; e++) bv_set(&emap.starts, (uint64_t)m.starts[e] + e + 1);
    bv_build_dir(&emap.starts);
    /* variant E: entry ids of the rows whose BWT symbol is S, in row order */
    Packed eid = pk_new(N, bits_for(N - 1));
    {
        uint64_t j = 0;
        for (uint64_t i = 0; i < n; i++) {
            if (L[i] != sep) continue;
            uint64_t pos = (uint64_t)SA[i];           /* an entry start in T */
            uint64_t e = bv_rank1(&emap.starts, pos + 1) - 1;
            if ((uint64_t)m.starts[e] + e + 1 != pos) { fprintf(stderr, "entry map mismatch\n"); return 1; }
            pk_set(&eid, j++, e);
        }
        if (j != N) { fprintf(stderr, "S rows %llu != N\n", (unsigned long long)j); return 1; }
    }
    double buildTime = now_s() - t0;
    printf("everything built in %.1f s (from start)\n", buildTime);

    /* ---------------------------------------------------------------- bytes */
    double dN = (double)N;
    uint64_t balBits = bv_bits_bytes(&wtBal->bv), balDir = bv_dir_bytes(&wtBal->bv);
    uint64_t hufBits = bv_bits_bytes(&wtHuf->bv), hufDir = bv_dir_bytes(&wtHuf->bv);
    uint64_t balNodes = (uint64_t)wtBal->nnodes * 16, hufNodes = (uint64_t)wtHuf->nnodes * 16; /* start + ones-before, 8+8 B per node */
    uint64_t cBytes = 257 * 4;
    uint64_t emBits = bv_bits_bytes(&emap.starts), emDir = bv_dir_bytes(&emap.starts);
    uint64_t eidBytes = pk_bytes(&eid);
    uint64_t mainCurrent = m.mainBytesText + m.mainBytesStarts + m.mainBytesCodes + m.mainBytesWords;
    uint64_t textAndStarts = m.mainBytesText + m.mainBytesStarts;
    printf("\n== bytes (B/name = bytes / %llu entries) ==\n", (unsigned long long)N);
    printf("current main index: text %llu + starts %llu + suffix codes %llu + word bits %llu = %llu B = %.2f B/name\n",
           (unsigned long long)m.mainBytesText, (unsigned long long)m.mainBytesStarts, (unsigned long long)m.mainBytesCodes,
           (unsigned long long)m.mainBytesWords, (unsigned long long)mainCurrent, (double)mainCurrent / dN);
    printf("part | bytes | B/name\n");
    printf("BWT balanced wavelet tree bits | %llu | %.2f\n", (unsigned long long)balBits, balBits / dN);
    printf("BWT balanced rank directory (UInt32/512 bits) | %llu | %.2f\n", (unsigned long long)balDir, balDir / dN);
    printf("BWT balanced node table (%d nodes) | %llu | %.4f\n", wtBal->nnodes, (unsigned long long)balNodes, balNodes / dN);
    printf("BWT Huffman wavelet tree bits | %llu | %.2f\n", (unsigned long long)hufBits, hufBits / dN);
    printf("BWT Huffman rank directory | %llu | %.2f\n", (unsigned long long)hufDir, hufDir / dN);
    printf("BWT Huffman node table (%d nodes) | %llu | %.4f\n", wtHuf->nnodes, (unsigned long long)hufNodes, hufNodes / dN);
    printf("C array | %llu | %.4f\n", (unsigned long long)cBytes, cBytes / dN);
    for (int k = 0; k < NS_COUNT; k++) {
        uint64_t sb = pk_bytes(&samples[k].samp), mb = bv_bits_bytes(&samples[k].mark), md = bv_dir_bytes(&samples[k].mark);
        printf("s=%d: SA samples (%llu x %d bits) | %llu | %.2f\n", samples[k].s, (unsigned long long)samples[k].samp.count,
               samples[k].samp.width, (unsigned long long)sb, sb / dN);
        printf("s=%d: sampled-row marks (bits + directory) | %llu + %llu | %.2f\n", samples[k].s, (unsigned long long)mb, (unsigned long long)md, (mb + md) / dN);
    }
    printf("entry-start bit vector over T (bits + directory; position -> entry by rank) | %llu + %llu | %.2f\n",
           (unsigned long long)emBits, (unsigned long long)emDir, (emBits + emDir) / dN);
    printf("variant E: entry ids of the S rows (%llu x %d bits) | %llu | %.2f\n", (unsigned long long)N, eid.width,
           (unsigned long long)eidBytes, eidBytes / dN);
    printf("keep text: folded text %llu + starts %llu | %llu | %.2f\n", (unsigned long long)m.mainBytesText,
           (unsigned long long)m.mainBytesStarts, (unsigned long long)textAndStarts, textAndStarts / dN);
    printf("\ntotals (B/name): variant | balanced WT, no text | balanced WT + text&starts | Huffman WT, no text | Huffman WT + text&starts\n");
    uint64_t totBal[NS_COUNT + 1], totHuf[NS_COUNT + 1];
    for (int k = 0; k <= NS_COUNT; k++) {
        uint64_t extra;
        if (k < NS_COUNT) extra = pk_bytes(&samples[k].samp) + bv_bits_bytes(&samples[k].mark) + bv_dir_bytes(&samples[k].mark) + emBits + emDir;
        else extra = eidBytes;
        totBal[k] = balBits + balDir + balNodes + cBytes + extra;
        totHuf[k] = hufBits + hufDir + hufNodes + cBytes + extra;
        char name[32];
        if (k < NS_COUNT) snprintf(name, sizeof name, "s=%d", sValues[k]); else snprintf(name, sizeof name, "E (walk to entry start)");
        printf("%s | %.2f | %.2f | %.2f | %.2f\n", name, totBal[k] / dN, (totBal[k] + textAndStarts) / dN, totHuf[k] / dN, (totHuf[k] + textAndStarts) / dN);
    }
    fflush(stdout);

    /* ---------------------------------------------------------------- patterns */
    Pattern *pats; int nks, asciiQ, allQ, *ksPat, ksCount;
    int np = load_patterns(qPath, &pats, &nks, &asciiQ, &allQ, &ksPat, &ksCount);
    int withSpace = 0, ksWithSpace = 0;
    for (int k = 0; k < np; k++) if (memchr(pats[k].p, ' ', (size_t)pats[k].len)) { withSpace++; ksWithSpace += pats[k].keystrokes; }
    printf("\nqueries: %d, pure ASCII: %d; keystrokes (prefixes 1..min(len,8)): %d; distinct patterns %d (%d with a space, %d keystrokes)\n",
           allQ, asciiQ, nks, np, withSpace, ksWithSpace);

    Plain pl; pl.m = &m; pl.eshift = m.offsetBits + 1; pl.omask = (1u << m.offsetBits) - 1;
    uint64_t maxHits = n;
    uint32_t *out = xmalloc(sizeof(uint32_t) * (size_t)maxHits);
    uint32_t *out2 = xmalloc(sizeof(uint32_t) * (size_t)maxHits);
    uint64_t *hits = xcalloc((size_t)np, sizeof(uint64_t));
    uint64_t *plainHits = xcalloc((size_t)np, sizeof(uint64_t));
    WTree *trees[2] = {wtBal, wtHuf};
    const char *treeName[2] = {"balanced", "Huffman"};

    if (!timing) {
        /* ------------------------------------------------------------ correctness check */
        double tc = now_s();
        uint64_t countMismatch = 0, explainedByLimit = 0, unexplained = 0, hugeDiff = 0;
        uint64_t balHufMismatch = 0;
        uint64_t limit = 1ull << m.offsetBits;
        int setChecked = 0, setMismatch = 0;
        uint64_t setSkippedBeyondLimit = 0;
        uint64_t totalSteps[NS_COUNT + 1] = {0}, totalLocated[NS_COUNT + 1] = {0};
        uint32_t *seenMark = xcalloc((size_t)N, sizeof(uint32_t));
        uint32_t stamp = 0;
        /* deterministic "random" sample: every pattern with <= 20000 hits, plus a pseudo-random tenth of the rest */
        uint64_t rng = 0x9E3779B97F4A7C15ull;
        for (int k = 0; k < np; k++) {
            uint64_t plo, phi, flo, fhi, hlo, hhi;
            plain_range(&pl, pats[k].p, pats[k].len, &plo, &phi);
            fm.wt = wtBal; fm_range(&fm, pats[k].p, pats[k].len, &flo, &fhi);
            fm.wt = wtHuf; fm_range(&fm, pats[k].p, pats[k].len, &hlo, &hhi);
            if (flo != hlo || fhi != hhi) balHufMismatch++;
            plainHits[k] = phi - plo; hits[k] = fhi - flo;
            /* FM hits at offsets >= limit (absent from the plain suffix array) */
            uint64_t beyond = 0;
            for (uint64_t i = flo; i < fhi; i++) {
                uint64_t pos = (uint64_t)SA[i];
                uint64_t e = entry_of_pos(&emap, pos);
                uint64_t off = pos - ((uint64_t)m.starts[e] + e + 1);
                if (off >= limit) beyond++;
            }
            if (hits[k] != plainHits[k]) {
                countMismatch++;
                if (hits[k] - plainHits[k] == beyond) explainedByLimit++; else unexplained++;
            } else if (beyond) unexplained++;
            /* entry sets */
            rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
            int doSet = hits[k] <= 20000 || (rng % 10 == 0);
            if (!doSet) continue;
            setChecked++;
            /* plain set */
            stamp++;
            uint64_t plainDistinct = 0;
            for (uint64_t i = plo; i < phi; i++) {
                uint32_t e = m.codes[i] >> pl.eshift;
                if (seenMark[e] != stamp) { seenMark[e] = stamp; plainDistinct++; }
            }
            uint32_t plainStamp = stamp;
            int bad = 0;
            for (int t = 0; t < 2; t++) {
                fm.wt = trees[t];
                for (int v = 0; v <= NS_COUNT; v++) {
                    /* every located entry must be in the plain set, except hits past the offset limit */
                    stamp++;
                    uint64_t fmDistinctInPlain = 0, beyondNotInPlain = 0;
                    for (uint64_t i = flo; i < fhi; i++) {
                        uint64_t steps, e, pos;
                        if (v < NS_COUNT) { pos = locate_sampled(&fm, &samples[v], i, &steps); e = entry_of_pos(&emap, pos);
                            if (pos != (uint64_t)SA[i]) bad = 1; }
                        else { e = locate_entry_walk(&fm, &eid, i, &steps);
                            /* offset = steps: the hit's position must be the entry start + steps */
                            if ((uint64_t)SA[i] != (uint64_t)m.starts[e] + e + 1 + steps) bad = 1; }
                        if (t == 1) { totalSteps[v] += steps; totalLocated[v]++; }
                        if (seenMark[e] == plainStamp) { seenMark[e] = stamp; fmDistinctInPlain++; }
                        else if (seenMark[e] != stamp) {
                            /* not in the plain set: allowed only for a hit past the limit */
                            uint64_t pos2 = (uint64_t)SA[i];
                            uint64_t off = pos2 - ((uint64_t)m.starts[e] + e + 1);
                            if (off >= limit) { beyondNotInPlain++; seenMark[e] = stamp; } else bad = 1;
                        }
                    }
                    if (fmDistinctInPlain != plainDistinct) bad = 1;
                    if (beyondNotInPlain) setSkippedBeyondLimit += beyondNotInPlain;
                    /* restore the plain marks for the next variant */
                    stamp++;
                    for (uint64_t i = plo; i < phi; i++) seenMark[m.codes[i] >> pl.eshift] = stamp;
                    plainStamp = stamp;
                }
            }
            if (bad) { setMismatch++; printf("SET MISMATCH for pattern '%.*s'\n", pats[k].len, pats[k].p); }
        }
        (void)hugeDiff;
        printf("\n== correctness check ==\n");
        printf("count: %d distinct patterns; FM count (balanced and Huffman trees agree: %s) vs plain suffix-array range: %llu differ (%llu of them exactly by hits at offsets >= %llu, absent from the plain array by design; %llu unexplained)\n",
               np, balHufMismatch ? "NO" : "yes", (unsigned long long)countMismatch, (unsigned long long)explainedByLimit,
               (unsigned long long)limit, (unsigned long long)unexplained);
        printf("entry sets: %d patterns checked (all with <= 20000 hits and a pseudo-random tenth of the rest), each with both trees and all 5 locate variants (positions also checked against the suffix array): %d mismatches; %llu located entries came only from hits past the offset limit\n",
               setChecked, setMismatch, (unsigned long long)setSkippedBeyondLimit);
        for (int v = 0; v <= NS_COUNT; v++) {
            if (v < NS_COUNT) printf("s=%d: mean LF steps per located hit %.2f (over %llu hits)\n", sValues[v], (double)totalSteps[v] / (double)totalLocated[v], (unsigned long long)totalLocated[v]);
            else printf("E: mean LF steps per located hit %.2f (over %llu hits)\n", (double)totalSteps[v] / (double)totalLocated[v], (unsigned long long)totalLocated[v]);
        }
        printf("check took %.1f s\n", now_s() - tc);
        return (countMismatch != explainedByLimit || unexplained || setMismatch || balHufMismatch) ? 1 : 0;
    }

    /* ---------------------------------------------------------------- timings */
    /* methods: 0 plain SA range + entries; 1 FM count (balanced); 2 FM count (Huffman);
       for tree t in {balanced, Huffman}: locate-all s=8,16,32,64 and E  -> 3 + 2*5 = 13 */
    enum { M_PLAIN = 0, M_CNT_BAL = 1, M_CNT_HUF = 2, M_LOC0 = 3 };
    const int nMethods = 3 + 2 * (NS_COUNT + 1);
    char methodName[16][48];
    snprintf(methodName[0], 48, "plain SA range+entries");
    snprintf(methodName[1], 48, "FM count (balanced WT)");
    snprintf(methodName[2], 48, "FM count (Huffman WT)");
    for (int t = 0; t < 2; t++) for (int v = 0; v <= NS_COUNT; v++) {
        if (v < NS_COUNT) snprintf(methodName[M_LOC0 + t * (NS_COUNT + 1) + v], 48, "FM locate-all s=%d (%s)", sValues[v], treeName[t]);
        else snprintf(methodName[M_LOC0 + t * (NS_COUNT + 1) + v], 48, "FM locate-all E (%s)", treeName[t]);
    }
    double *tm = xcalloc((size_t)np * (size_t)nMethods, sizeof(double));   /* seconds per run (median of reps) */
    int *reps = xcalloc((size_t)np * (size_t)nMethods, sizeof(int));
    double tStart = now_s();
    time_t wallStart = time(NULL);
    volatile uint64_t sink = 0;
    double target = 0.002;   /* repeat each (pattern, method) until ~2 ms of runs, 3..51 runs */
    int overBudget = 0;

    /* order: cheap methods for all patterns first, then locate-all with the Huffman tree (the smaller
       one), then with the balanced tree; a budget cut drops the last ones */
    int order[16]; int no = 0;
    order[no++] = M_PLAIN; order[no++] = M_CNT_BAL; order[no++] = M_CNT_HUF;
    for (int t = 1; t >= 0; t--) { const int vo[5] = {2, 1, 0, NS_COUNT, 3}; for (int x = 0; x < 5; x++) order[no++] = M_LOC0 + t * (NS_COUNT + 1) + vo[x]; }
    int doneMethod[16] = {0};
    for (int oi = 0; oi < no; oi++) {
        int meth = order[oi];
        for (int k = 0; k < np; k++) {
            if (now_s() - tStart > budget) { overBudget = 1; break; }
            const uint8_t *P = pats[k].p; int len = pats[k].len;
            double runs[64]; int r = 0; double acc = 0;
            int warm = 1;
            for (;;) {
                uint64_t a = now_ns();
                uint64_t got = 0;
                if (meth == M_PLAIN) {
                    uint64_t lo, hi; plain_range(&pl, P, len, &lo, &hi);
                    for (uint64_t i = lo; i < hi; i++) out[i - lo] = m.codes[i] >> pl.eshift;
                    got = hi - lo; if (got) sink += out[got - 1];
                    plainHits[k] = got;
                } else {
                    int t = (meth == M_CNT_HUF) ? 1 : (meth >= M_LOC0 ? (meth - M_LOC0) / (NS_COUNT + 1) : 0);
                    fm.wt = trees[t];
                    uint64_t lo, hi; fm_range(&fm, P, len, &lo, &hi);
                    got = hi - lo;
                    if (meth >= M_LOC0) {
                        int v = (meth - M_LOC0) % (NS_COUNT + 1);
                        uint64_t steps;
                        if (v < NS_COUNT) for (uint64_t i = lo; i < hi; i++) out2[i - lo] = (uint32_t)entry_of_pos(&emap, locate_sampled(&fm, &samples[v], i, &steps));
                        else for (uint64_t i = lo; i < hi; i++) out2[i - lo] = (uint32_t)locate_entry_walk(&fm, &eid, i, &steps);
                        if (got) sink += out2[got - 1];
                    } else sink += lo;
                    hits[k] = got;
                }
                double dt = (double)(now_ns() - a) * 1e-9;
                if (warm) { warm = 0; if (dt > 0.25) { runs[r++] = dt; break; } continue; }  /* a run over 250 ms: the warm-up is not repeated */
                runs[r++] = dt; acc += dt;
                if (r >= 51 || (r >= 3 && acc >= target)) break;
            }
            double med, p99; med_p99(runs, r, &med, &p99);
            tm[(size_t)k * (size_t)nMethods + (size_t)meth] = med;
            reps[(size_t)k * (size_t)nMethods + (size_t)meth] = r;
        }
        if (!overBudget) doneMethod[meth] = 1;
        printf("method %-36s done at %.1f s\n", methodName[meth], now_s() - tStart);
        fflush(stdout);
        if (overBudget) break;
    }
    double timedWall = now_s() - tStart;
    time_t wallEnd = time(NULL);
    char ws[64], we[64];
    strftime(ws, sizeof ws, "%Y-%m-%dT%H:%M:%SZ", gmtime(&wallStart));
    strftime(we, sizeof we, "%Y-%m-%dT%H:%M:%SZ", gmtime(&wallEnd));
    printf("\ntimed runs: %s .. %s (%.1f s)%s\n", ws, we, timedWall, overBudget ? " -- BUDGET EXCEEDED, later methods missing" : "");

    /* per length group stats over keystrokes */
    printf("\n== time per keystroke by typed length: median / p99 over keystrokes (each keystroke = its distinct pattern's median of repeated runs) ==\n");
    printf("method");
    for (int g = 0; g < 4; g++) printf(" | len %s median | len %s p99", groupName[g], groupName[g]);
    printf("\n");
    double *vals = xmalloc(sizeof(double) * (size_t)ksCount);
    for (int meth = 0; meth < nMethods; meth++) {
        if (!doneMethod[meth]) { printf("%s | not measured (budget)\n", methodName[meth]); continue; }
        printf("%s", methodName[meth]);
        for (int g = 0; g < 4; g++) {
            int cnt = 0;
            for (int q = 0; q < ksCount; q++) if (group_of(pats[ksPat[q]].len) == g) vals[cnt++] = tm[(size_t)ksPat[q] * (size_t)nMethods + (size_t)meth] * 1e3;
            double med, p99; med_p99(vals, cnt, &med, &p99);
            printf(" | %.4f ms | %.4f ms", med, p99);
        }
        printf("\n");
    }
    printf("\nkeystrokes and hits by length: length | keystrokes | distinct patterns | median hits | max hits\n");
    for (int g = 0; g < 4; g++) {
        int cnt = 0, dp = 0; double mx = 0;
        for (int q = 0; q < ksCount; q++) if (group_of(pats[ksPat[q]].len) == g) { vals[cnt++] = (double)hits[ksPat[q]]; if (hits[ksPat[q]] > mx) mx = (double)hits[ksPat[q]]; }
        for (int k = 0; k < np; k++) if (group_of(pats[k].len) == g) dp++;
        double med, p99; med_p99(vals, cnt, &med, &p99);
        printf("%s | %d | %d | %.0f | %.0f\n", groupName[g], cnt, dp, med, mx);
    }
    printf("\nlocate cost per hit (sum over distinct patterns of (locate-all - count) / sum of hits), microseconds:\n");
    for (int t = 0; t < 2; t++) for (int v = 0; v <= NS_COUNT; v++) {
        int meth = M_LOC0 + t * (NS_COUNT + 1) + v;
        if (!doneMethod[meth]) continue;
        double num = 0, den = 0;
        for (int k = 0; k < np; k++) {
            if (!hits[k]) continue;
            num += tm[(size_t)k * (size_t)nMethods + (size_t)meth] - tm[(size_t)k * (size_t)nMethods + (size_t)(t ? M_CNT_HUF : M_CNT_BAL)];
            den += (double)hits[k];
        }
        printf("%s | %.3f us/hit\n", methodName[meth], num / den * 1e6);
    }
    {
        double num = 0, den = 0;
        for (int k = 0; k < np; k++) { if (!hits[k]) continue; num += tm[(size_t)k * (size_t)nMethods + M_PLAIN]; den += (double)plainHits[k]; }
        printf("plain SA (whole query incl. binary search) | %.4f us/hit\n", num / den * 1e6);
    }

    if (jsonPath) {
        FILE *f = fopen(jsonPath, "w");
        if (!f) { perror(jsonPath); return 1; }
        fprintf(f, "{\n \"archive\": \"%s\", \"entries\": %llu, \"n\": %llu, \"timedStart\": \"%s\", \"timedEnd\": \"%s\", \"budgetExceeded\": %s,\n",
                idxPath, (unsigned long long)N, (unsigned long long)n, ws, we, overBudget ? "true" : "false");
        fprintf(f, " \"methods\": [");
        for (int meth = 0; meth < nMethods; meth++) fprintf(f, "%s\"%s\"", meth ? ", " : "", methodName[meth]);
        fprintf(f, "],\n \"patterns\": [\n");
        for (int k = 0; k < np; k++) {
            fprintf(f, "  {\"p\": "); json_pattern(f, pats[k].p, pats[k].len);
            fprintf(f, ", \"len\": %d, \"keystrokes\": %d, \"hits\": %llu, \"plainHits\": %llu, \"seconds\": [", pats[k].len, pats[k].keystrokes,
                    (unsigned long long)hits[k], (unsigned long long)plainHits[k]);
            for (int meth = 0; meth < nMethods; meth++) fprintf(f, "%s%.9g", meth ? ", " : "", tm[(size_t)k * (size_t)nMethods + (size_t)meth]);
            fprintf(f, "], \"reps\": [");
            for (int meth = 0; meth < nMethods; meth++) fprintf(f, "%s%d", meth ? ", " : "", reps[(size_t)k * (size_t)nMethods + (size_t)meth]);
            fprintf(f, "]}%s\n", k + 1 < np ? "," : "");
        }
        fprintf(f, " ]\n}\n");
        fclose(f);
        printf("wrote %s\n", jsonPath);
    }
    (void)sink;
    return 0;
}
