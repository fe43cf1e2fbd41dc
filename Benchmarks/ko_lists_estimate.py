#!/usr/bin/env python3
"""What Korean phonetic keys as delta-coded row lists would take (issue 20, seventh session): an
estimate, not a build. Reads Corpora/large/ko-names-1m.txt (Corpora/generate_phonetic.py), puts the
names in code-point order (close to the Korean listing's), cuts each into the 2-set keys that
Sources/ThumbIndex/Phonetic/HangulKeys.swift types (compounds split, white space skipped), and counts
per name the distinct key unigrams, bigrams and trigrams and the pairs of syllables' initials, with
the bytes of their row lists coded as RowLists codes them (a count, then steps, seven bits a byte).

Usage: python3 Benchmarks/ko_lists_estimate.py   (from the repository's root; standard library only)
"""
import collections
names = sorted(l.rstrip('\n') for l in open('Corpora/large/ko-names-1m.txt', encoding='utf-8'))
N = len(names)
INI = [0x3131,0x3132,0x3134,0x3137,0x3138,0x3139,0x3141,0x3142,0x3143,0x3145,0x3146,0x3147,0x3148,0x3149,0x314A,0x314B,0x314C,0x314D,0x314E]
FIN = [0x3131,0x3132,0x3133,0x3134,0x3135,0x3136,0x3137,0x3139,0x313A,0x313B,0x313C,0x313D,0x313E,0x313F,0x3140,0x3141,0x3142,0x3144,0x3145,0x3146,0x3147,0x3148,0x314A,0x314B,0x314C,0x314D,0x314E]
COMP = {0x3133:[0x3131,0x3145],0x3135:[0x3134,0x3148],0x3136:[0x3134,0x314E],0x313A:[0x3139,0x3131],0x313B:[0x3139,0x3141],0x313C:[0x3139,0x3142],0x313D:[0x3139,0x3145],0x313E:[0x3139,0x314C],0x313F:[0x3139,0x314D],0x3140:[0x3139,0x314E],0x3144:[0x3142,0x3145],0x3158:[0x3157,0x314F],0x3159:[0x3157,0x3150],0x315A:[0x3157,0x3163],0x315D:[0x315C,0x3153],0x315E:[0x315C,0x3154],0x315F:[0x315C,0x3163],0x3162:[0x3161,0x3163]}
def keys(ch):
    v = ord(ch)
    if 0xAC00 <= v <= 0xD7A3:
        i = v - 0xAC00; f = i % 28
        ls = [INI[i // 588], 0x314F + (i % 588) // 28] + ([FIN[f-1]] if f else [])
        out = []
        for l in ls: out += COMP.get(l, [l])
        return out
    return [v]
def varint(x):
    n = 1
    while x >= 128: x >>= 7; n += 1
    return n
def lists_bytes(post):
    total = 0
    for k, rows in post.items():
        prev = None; total += varint(len(rows))
        for r in rows:
            total += varint(r - (prev or 0)); prev = r
    return total
uni = collections.defaultdict(list); bi = collections.defaultdict(list); tri = collections.defaultdict(list)
inib = collections.defaultdict(list)
nkeys = nsyl = 0
for row, name in enumerate(names):
    ks = [k for ch in name if not ch.isspace() for k in keys(ch)]
    nkeys += len(ks)
    syl = [ch for ch in name if not ch.isspace()]
    nsyl += len(syl)
    for grams, n in ((uni, 1), (bi, 2), (tri, 3)):
        for g in set(tuple(ks[i:i+n]) for i in range(len(ks) - n + 1)):
            grams[g].append(row)
    ini = [INI[(ord(c) - 0xAC00) // 588] if 0xAC00 <= ord(c) <= 0xD7A3 else 0 for c in syl]
    for g in set(tuple(ini[i:i+2]) for i in range(len(ini) - 1)):
        inib[g].append(row)
print(f"names {N}, keys/name {nkeys/N:.2f}, non-space chars/name {nsyl/N:.2f}")
for label, post in (("key unigrams", uni), ("key bigrams", bi), ("key trigrams", tri), ("initial bigrams", inib)):
    p = sum(len(v) for v in post.values())
    print(f"{label}: {len(post)} keys, {p/N:.2f} postings/name, {lists_bytes(post)/N:.2f} B/name delta-coded")
print(f"suffix array over the non-space characters of the main text: {4*nsyl/N:.2f} B/name")
dense = {k: v for k, v in uni.items() if len(v) * 32 > N}
mixed = sum((N + 7) // 8 for _ in dense) + lists_bytes({k: v for k, v in uni.items() if k not in dense})
print(f"key unigrams as bitmaps where dense (over 1 row in 32: {len(dense)} of {len(uni)}), lists otherwise: {mixed/N:.2f} B/name")
g, m = 0x3131, 0x3141
print(f"rows with a syllable of initial \u3131 followed by one of initial \u3141: {len(inib.get((g, m), [])):,}")
