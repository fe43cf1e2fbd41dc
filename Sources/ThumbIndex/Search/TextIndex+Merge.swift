/// Merging text indexes: the index of the entries kept from several, in a new order, whose suffix
/// array is merged from theirs instead of sorted again (a live listing's merge of its levels).
extension TextIndex {
    /// One index given to ``init(merging:entryCount:code:)``, with the new entry of each of its entries.
    struct MergePart {
        let index: TextIndex
        /// `newEntries[e]`: the merged index's entry for entry `e`, or ``TextIndex/droppedEntry``
        /// when the merge leaves it out.
        let newEntries: [UInt32]
    }

    /// The new entry of an entry that a merge leaves out.
    static let droppedEntry = UInt32.max

    /// The index of the entries `parts` keep, entry `newEntries[e]` being a part's entry `e`: the
    /// same text, word starts, suffixes and late suffixes as an index built from those entries'
    /// texts (equal suffixes may come in another order, which no answer depends on).
    ///
    /// Nothing is folded, broken into words or sorted again but the long entries' late suffixes:
    /// the texts and word starts are copied entry by entry, and the parts' suffix arrays, already
    /// sorted, are merged. The largest part's suffixes (a live listing's base) are renumbered in one
    /// pass; the other parts' (its newer levels), merged with each other, are placed among them by
    /// binary search. `code` overrides the packing (tests use tiny offset limits). With `scratch`,
    /// the suffixes are written to a scratch file as they are merged, and mapped (see ``ScratchFolder``);
    /// ``kept(in:)`` does the same with the text and starts once nothing needs them in memory.
    ///
    /// When every part lists the suffixes at word starts only (``wordStartsOnly``: the dial-pad
    /// keys), so does the merged index.
    ///
    /// Nil when the parts lack suffixes the merged index needs, and the caller then builds it
    /// afresh: a part whose offset limit is below the merged one's and that keeps a long entry (its
    /// suffixes between the two limits are in no suffix array), parts of word starts only beside
    /// parts of every character start, or texts longer than 4 GiB.
    ///
    /// - Precondition: each entry of `0..<entryCount` is the new entry of exactly one part's entry.
    /// - Complexity: O(b + s log b) suffix comparisons for b suffixes in the largest part and s in
    ///   the others, plus the bytes of the texts copied.
    init?(merging parts: [MergePart], entryCount: Int, code: SuffixCode? = nil, scratch: ScratchFolder? = nil) {
        let code = code ?? SuffixCode(entryCount: entryCount)
        let wordStartsOnly = parts.first?.index.wordStartsOnly ?? false
        for part in parts {
            precondition(part.newEntries.count == part.index.entryCount, "TextIndex: a new entry for each entry of a part")
            if part.index.wordStartsOnly != wordStartsOnly { return nil }
            if part.index.code.offsetLimit < code.offsetLimit,
               part.index.longEntries.contains(where: { part.newEntries[Int($0)] != Self.droppedEntry }) { return nil }
        }
        guard let texts = MergedTexts(parts, entryCount: entryCount) else { return nil }
        let suffixes = SuffixMerge(parts: parts, texts: texts, code: code).merged(into: scratch)
        var longEntries: [UInt32] = []
        for e in 0..<entryCount where Int(texts.starts[e + 1] - texts.starts[e]) > code.offsetLimit {
            longEntries.append(UInt32(e))
        }
        let late = longEntries.isEmpty ? nil
            : LateSuffixes(text: texts.text, starts: texts.starts, wordStarts: texts.wordStarts, longEntries: longEntries,
                           limit: code.offsetLimit, fallbackDepth: SuffixSort.defaultFallbackDepth, wordStartsOnly: wordStartsOnly)
        self.init(text: FlatArray(texts.text), starts: FlatArray(texts.starts), wordStarts: texts.wordStarts,
                  suffixes: suffixes, longEntries: FlatArray(longEntries), late: late, code: code, wordStartsOnly: wordStartsOnly)
    }

    /// This index with its text and starts in scratch files of `scratch`, mapped (see
    /// ``ArrayStream/kept(_:in:)``): the same index, its bytes the page cache's.
    func kept(in scratch: ScratchFolder?) -> TextIndex {
        guard scratch != nil else { return self }
        return TextIndex(text: ArrayStream.kept(text, in: scratch), starts: ArrayStream.kept(starts, in: scratch),
                         wordStarts: wordStarts, suffixes: ArrayStream.kept(suffixes, in: scratch),
                         longEntries: longEntries, late: late, code: code, wordStartsOnly: wordStartsOnly)
    }
}

/// The entries of a merge's parts laid out in their new order: the folded text, the entry starts
/// and the word-start bits, copied.
private struct MergedTexts {
    let text: [UInt8]
    let starts: [UInt32]
    let wordStarts: BitSet

    /// Nil when the text would pass 4 GiB (a `UInt32` start).
    init?(_ parts: [TextIndex.MergePart], entryCount: Int) {
        // Where each new entry comes from: its part and its entry there.
        var originPart = [UInt16](repeating: .max, count: entryCount)
        var originEntry = [UInt32](repeating: 0, count: entryCount)
        precondition(parts.count < Int(UInt16.max), "TextIndex: too many parts to merge")
        var bytes = 0
        for (p, part) in parts.enumerated() {
            let starts = part.index.starts
            for (e, new) in part.newEntries.enumerated() where new != TextIndex.droppedEntry {
                precondition(Int(new) < entryCount && originPart[Int(new)] == .max,
                             "TextIndex: each new entry comes from exactly one entry")
                originPart[Int(new)] = UInt16(p)
                originEntry[Int(new)] = UInt32(e)
                bytes += Int(starts[e + 1] - starts[e])
            }
        }
        precondition(!originPart.contains(.max), "TextIndex: each new entry comes from exactly one entry")
        guard bytes <= Int(UInt32.max) else { return nil }

        var text: [UInt8] = [], starts: [UInt32] = [0]
        text.reserveCapacity(bytes)
        starts.reserveCapacity(entryCount + 1)
        var words = [UInt64](repeating: 0, count: (bytes + 63) / 64)
        let partWords = parts.map(\.index.wordStarts)
        FlatArray.withUnsafeBufferPointers(parts.map(\.index.text)) { partTexts in
            FlatArray.withUnsafeBufferPointers(parts.map(\.index.starts)) { partStarts in
                // Every (part, entry) origin was checked above to be a part's entry, so its bytes
                // lie inside that part's text.
                for new in 0..<entryCount {
                    let p = Int(originPart[new]), e = Int(originEntry[new])
                    let from = Int(partStarts[p][e]), to = Int(partStarts[p][e + 1])
                    let at = text.count
                    text.append(contentsOf: UnsafeBufferPointer(rebasing: partTexts[p][from..<to]))
                    for k in 0..<(to - from) where partWords[p][from + k] {
                        words[(at + k) >> 6] |= 1 << UInt64((at + k) & 63)
                    }
                    starts.append(UInt32(text.count))
                }
            }
        }
        self.text = text
        self.starts = starts
        wordStarts = BitSet(words: words)
    }
}

/// The suffix array of a merge: the parts' sorted suffixes, renumbered and merged.
private struct SuffixMerge {
    let parts: [TextIndex.MergePart]
    let texts: MergedTexts
    let code: SuffixCode

    /// The merged suffix codes, sorted by suffix: in memory, or written to a scratch file of
    /// `scratch` as they come and mapped.
    func merged(into scratch: ScratchFolder?) -> FlatArray<UInt32> {
        guard let largest = parts.indices.max(by: { parts[$0].index.suffixes.count < parts[$1].index.suffixes.count }) else {
            return []
        }
        // The other parts' suffixes, renumbered, merged into one sorted list.
        let others = parts.indices.filter { $0 != largest }
            .map(renumbered)
            .reduce([]) { mergeSorted($0, $1) }
        let big = parts[largest]
        return texts.text.withUnsafeBufferPointer { text in
            texts.starts.withUnsafeBufferPointer { starts in
                big.index.text.withUnsafeBufferPointer { bigText in
                    big.index.starts.withUnsafeBufferPointer { bigStarts in
                        big.index.suffixes.withUnsafeBufferPointer { bigCodes in
                            // Invariant: every code names an entry of its index and an offset inside
                            // that entry (the new codes by construction, the part's as built), so the
                            // bytes compared lie inside the texts.
                            let old = big.index.code, map = big.newEntries
                            // Where each of the others goes: before the first of the largest part's
                            // suffixes that is not before it (ascending, as the others are sorted).
                            var places: [Int] = []
                            places.reserveCapacity(others.count)
                            var low = 0
                            for c in others {
                                let suffix = Self.suffix(c, code, text, starts)
                                low = BinarySearch.first(in: low..<bigCodes.count) {
                                    Self.compare(Self.suffix(bigCodes[$0], old, bigText, bigStarts), suffix) >= 0
                                }
                                places.append(low)
                            }
                            let out = ArrayStream<UInt32>(scratch: scratch, capacity: bigCodes.count + others.count)
                            var j = 0
                            for i in 0..<bigCodes.count {
                                while j < others.count && places[j] == i {
                                    out.append(others[j])
                                    j += 1
                                }
                                if let c = renumbered(bigCodes[i], from: old, map) { out.append(c) }
                            }
                            out.append(contentsOf: others[j...])
                            return out.finish()
                        }
                    }
                }
            }
        }
    }

    /// Part `p`'s suffixes of kept entries below the merged offset limit, in the merged packing
    /// (still sorted: renumbering changes no suffix).
    private func renumbered(_ p: Int) -> [UInt32] {
        let old = parts[p].index.code, map = parts[p].newEntries
        return parts[p].index.suffixes.compactMap { renumbered($0, from: old, map) }
    }

    /// Suffix `c` of a part packed with `old`, in the merged packing: the new entry `map` gives its
    /// entry, the same offset and word flag; nil when its entry is dropped or the offset is past
    /// the merged limit (a late suffix).
    @inline(__always)
    private func renumbered(_ c: UInt32, from old: SuffixCode, _ map: [UInt32]) -> UInt32? {
        let new = map[old.entry(c)], offset = old.offset(c)
        guard new != TextIndex.droppedEntry && offset < code.offsetLimit else { return nil }
        return code.make(entry: Int(new), offset: offset, wordStart: old.isWordStart(c))
    }

    /// Two sorted lists of merged codes as one.
    private func mergeSorted(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        return texts.text.withUnsafeBufferPointer { text in
            texts.starts.withUnsafeBufferPointer { starts in
                var out: [UInt32] = []
                out.reserveCapacity(a.count + b.count)
                var i = 0, j = 0
                while i < a.count && j < b.count {
                    if Self.compare(Self.suffix(b[j], code, text, starts), Self.suffix(a[i], code, text, starts)) < 0 {
                        out.append(b[j]); j += 1
                    } else {
                        out.append(a[i]); i += 1
                    }
                }
                out.append(contentsOf: a[i...])
                out.append(contentsOf: b[j...])
                return out
            }
        }
    }

    /// The bytes of the suffix `c` of an index packed with `code` over `text` and `starts`.
    @inline(__always)
    private static func suffix(_ c: UInt32, _ code: SuffixCode, _ text: UnsafeBufferPointer<UInt8>,
                               _ starts: UnsafeBufferPointer<UInt32>) -> UnsafeBufferPointer<UInt8> {
        let e = code.entry(c)
        return UnsafeBufferPointer(rebasing: text[(Int(starts[e]) + code.offset(c))..<Int(starts[e + 1])])
    }

    /// -1, 0 or +1 as suffix `a` sorts before, with or after `b`: bytes in order, an end before any byte.
    @inline(__always)
    private static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let n = min(a.count, b.count)
        var i = 0
        while i < n {
            if a[i] != b[i] { return a[i] < b[i] ? -1 : 1 }
            i += 1
        }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }
}
