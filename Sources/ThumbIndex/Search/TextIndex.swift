import CThumbIndexICU
import Foundation

/// How a suffix is packed into a `UInt32`: `entry | offset | word flag`, high bits to low.
///
/// The entry of a hit is then a shift (no search), and prefix and word-prefix search are the
/// suffixes of a range with offset 0 or with the flag set. The price: offsets are bounded by
/// ``offsetLimit``, which halves each time the entry count passes a power of two. Suffixes that start
/// at or past it are left out of the suffix array; the entries that long ("long entries") have them
/// in a text index of their own (``LateSuffixes``), searched too (except by prefix queries, which
/// need no late suffix).
///
/// | entries (rows) up to | offset limit (bytes) |
/// |---|---|
/// | 2^20 (1,048,576) | 2,048 |
/// | 2^21 (2,097,152; GeoNames' 1.4M) | 1,024 |
/// | 2^24 (16,777,216; 10M) | 128 |
/// | 2^28 (the most) | 8 |
///
/// A deliberate limit: codes of absolute text positions would remove it but need a rank lookup per
/// hit to find the entry (see Benchmarks/results/2026-11-23-hostile.md, "The offset limit", for what
/// each costs). Long entries were checked byte by byte on every query until the late suffixes.
struct SuffixCode: Sendable {
    /// Bits for the offset inside the entry.
    let offsetBits: Int

    /// The packing for `entryCount` entries: as many entry bits as needed, the rest for offsets.
    init(entryCount: Int) {
        precondition(entryCount <= 1 << 28, "ThumbIndex indexes at most 2^28 texts")
        let entryBits = Int.bitWidth - max(entryCount - 1, 0).leadingZeroBitCount
        offsetBits = 31 - entryBits
    }

    /// A packing with `offsetBits` offset bits (for tests of long entries).
    init(offsetBits: Int) { self.offsetBits = offsetBits }

    /// Offsets are below this.
    var offsetLimit: Int { 1 << offsetBits }

    @inline(__always) func make(entry: Int, offset: Int, wordStart: Bool) -> UInt32 {
        UInt32(truncatingIfNeeded: entry) << UInt32(offsetBits + 1) | UInt32(truncatingIfNeeded: offset) << 1 | (wordStart ? 1 : 0)
    }

    @inline(__always) func entry(_ code: UInt32) -> Int { Int(code >> UInt32(offsetBits + 1)) }

    @inline(__always) func offset(_ code: UInt32) -> Int { Int((code >> 1) & UInt32(offsetLimit - 1)) }

    @inline(__always) func isWordStart(_ code: UInt32) -> Bool { code & 1 != 0 }
}

/// A substring index over a list of folded UTF-8 texts (its "entries").
///
/// Structures (flat arrays of fixed-width integers):
/// - `text`/`starts`: the entries back to back; entry e is `text[starts[e]..<starts[e+1]]`.
/// - `wordStarts`: one bit per byte of `text`, set where ICU's word-break iterator starts a word.
/// - `suffixes`: a suffix array over every character start of every entry, each suffix ending at the
///   end of its entry, as ``SuffixCode``s.
///
/// A query is a binary search for the range of suffixes that start with it (the sorted-array
/// equivalent of walking a trie), then the distinct entries of that range, keeping only offset-0
/// suffixes for prefix search and word starts for word-prefix search.
struct TextIndex: Sendable {
    let text: FlatArray<UInt8>
    let starts: FlatArray<UInt32>
    let wordStarts: BitSet
    let suffixes: FlatArray<UInt32>
    let longEntries: FlatArray<UInt32>
    /// The suffixes of the long entries past the offset limit, indexed on their own; nil when there
    /// are no long entries.
    let late: LateSuffixes?
    let code: SuffixCode
    /// Whether only the suffixes at word starts are listed (an index asked only in ``MatchMode/words``
    /// mode: the dial-pad keys); then a query in another mode is not answered by the suffixes.
    let wordStartsOnly: Bool

    var entryCount: Int { starts.count - 1 }

    /// Bytes held by the structures (the late suffixes' index included).
    var byteCount: Int {
        text.count + 4 * (starts.count + suffixes.count + longEntries.count) + wordStarts.byteCount + (late?.index.byteCount ?? 0)
    }

    /// Indexes the entries `text[starts[e]..<starts[e+1]]`, whose word starts are set in `wordStarts`.
    ///
    /// `code` overrides the packing (tests use tiny offset limits to exercise long entries);
    /// `fallbackDepth` is passed to ``SuffixSort``.
    ///
    /// - Complexity: O(n log n) for n bytes of text (see ``SuffixSort``).
    init(text: [UInt8], starts: [UInt32], wordStarts: BitSet, code: SuffixCode? = nil,
         fallbackDepth: Int = SuffixSort.defaultFallbackDepth, wordStartsOnly: Bool = false) {
        let code = code ?? SuffixCode(entryCount: starts.count - 1)
        self.text = FlatArray(text)
        self.starts = FlatArray(starts)
        self.wordStarts = wordStarts
        self.code = code
        self.wordStartsOnly = wordStartsOnly
        suffixes = FlatArray(SuffixSort.sortedSuffixes(text: text, starts: starts, code: code, wordStarts: wordStarts,
                                                       fallbackDepth: fallbackDepth, wordStartsOnly: wordStartsOnly))
        var longEntries: [UInt32] = []
        for e in 0..<(starts.count - 1) where Int(starts[e + 1] - starts[e]) > code.offsetLimit {
            longEntries.append(UInt32(e))
        }
        self.longEntries = FlatArray(longEntries)
        late = longEntries.isEmpty ? nil
            : LateSuffixes(text: text, starts: starts, wordStarts: wordStarts, longEntries: longEntries, limit: code.offsetLimit,
                           fallbackDepth: fallbackDepth, wordStartsOnly: wordStartsOnly)
        #if DEBUG
        _checkInvariants()
        #endif
    }

    /// An index from its structures as they are, without sorting anything (a saved index loaded
    /// back, a merge's). The caller has checked what a query relies on (see
    /// `SearchableListing+Saving.swift`); debug builds check every invariant.
    init(text: FlatArray<UInt8>, starts: FlatArray<UInt32>, wordStarts: BitSet, suffixes: FlatArray<UInt32>,
         longEntries: FlatArray<UInt32>, late: LateSuffixes?, code: SuffixCode, wordStartsOnly: Bool = false) {
        self.text = text
        self.starts = starts
        self.wordStarts = wordStarts
        self.suffixes = suffixes
        self.longEntries = longEntries
        self.late = late
        self.code = code
        self.wordStartsOnly = wordStartsOnly
        #if DEBUG
        _checkInvariants()
        #endif
    }

    /// How many suffixes start with `query`: an upper bound on the work of ``entries(matching:mode:)``
    /// and on the entries it returns.
    func hitCount(_ query: [UInt8]) -> Int {
        suffixRange(query).count + (late?.index.hitCount(query) ?? 0)
    }

    /// The entries that match non-empty `query` in `mode`, ascending (a list, or a bitmap when many).
    ///
    /// When the answer is a bitmap, `adjustBitmap` may change its words before its ranks are
    /// counted (a caller that clears and sets bits of its own then counts them once, not twice).
    func entries(matching query: [UInt8], mode: MatchMode,
                 adjustBitmap: (inout [UInt64]) -> Void = { _ in }) -> SearchResult.Rows.Storage {
        precondition(!wordStartsOnly || mode == .words, "TextIndex: an index of word starts only answers words mode")
        let range = suffixRange(query)
        let code = self.code
        let long = longEntries(matchingPastTheLimit: query, mode: mode)
        let found = suffixes.withUnsafeBufferPointer { codes in
            RowSet.sortedUnique(count: range.count, universe: entryCount, adjustBitmap: { words in
                RowSet.set(long, in: &words)
                adjustBitmap(&words)
            }) { add in
                switch mode {
                case .contains:
                    for i in range { add(UInt32(code.entry(codes[i]))) }
                case .prefix:
                    for i in range where code.offset(codes[i]) == 0 { add(UInt32(code.entry(codes[i]))) }
                case .words:
                    for i in range where code.isWordStart(codes[i]) { add(UInt32(code.entry(codes[i]))) }
                }
            }
        }
        guard case .ids(let ids) = found, !long.isEmpty else { return found }
        return .ids(RowSet.union(ids, long))
    }

    /// The long entries where non-empty `query` matches in `mode` at or past the offset limit, which
    /// no suffix codes (a match that starts before it is the suffix array's), ascending: a search of
    /// the late suffixes. None in prefix mode.
    func longEntries(matchingPastTheLimit query: [UInt8], mode: MatchMode) -> [UInt32] {
        guard mode != .prefix, let late else { return [] }
        // Entry i of the late suffixes is long entry i; both ascend.
        return late.index.entries(matching: query, mode: mode).idList.map { longEntries[Int($0)] }
    }

    /// Starts bringing into the cache where entry `e` starts (`stage` 0) or its first bytes (`stage` 1,
    /// best asked some time after stage 0: it reads the start). For a loop that checks entries one
    /// after another, asking ahead of them.
    func prefetch(entry e: Int, stage: Int) {
        guard e >= 0 && e < entryCount else { return }
        if stage == 0 {
            starts.withUnsafeBufferPointer { ti_prefetch($0.baseAddress! + e) }
        } else {
            text.withUnsafeBufferPointer { text in
                let start = Int(starts[e])
                if start < text.count { ti_prefetch(text.baseAddress! + start) }
            }
        }
    }

    /// Whether entry `e` matches non-empty `query` in `mode` (checked directly on its text).
    func entry(_ e: Int, matches query: [UInt8], mode: MatchMode) -> Bool {
        let start = Int(starts[e]), end = Int(starts[e + 1])
        return text.withUnsafeBufferPointer { text in
            query.withUnsafeBufferPointer { q in
                wordStarts.words.withUnsafeBufferPointer { wordBits in
                    Self.entry(UnsafeBufferPointer(rebasing: text[start..<end]), at: start, matches: q, mode: mode,
                               wordBits: wordBits)
                }
            }
        }
    }

    /// Whether `entry`, the bytes of one entry starting at byte `start` of the text, matches non-empty
    /// `q` in `mode`; `wordBits` are ``wordStarts``' words.
    @inline(__always)
    static func entry(_ entry: UnsafeBufferPointer<UInt8>, at start: Int, matches q: UnsafeBufferPointer<UInt8>,
                      mode: MatchMode, wordBits: UnsafeBufferPointer<UInt64>) -> Bool {
        switch mode {
        case .prefix:
            return ByteSearch.hasPrefix(entry, q, at: 0)
        case .contains:
            if q.count == 1 { return entry.contains(q[0]) }
            return ByteSearch.firstOccurrence(of: q, in: entry, from: 0) != nil
        case .words:
            var from = 0
            while let p = ByteSearch.firstOccurrence(of: q, in: entry, from: from) {
                let bit = start &+ p
                if wordBits[bit &>> 6] & (1 &<< UInt64(bit & 63)) != 0 { return true }
                from = p &+ 1
            }
            return false
        }
    }

    /// The range of ``suffixes`` whose suffixes start with `query`, searched within `within` (all of
    /// them when nil; a range known to hold every such suffix, for a query that extends another).
    ///
    /// - Complexity: O(|query| log n).
    func suffixRange(_ query: [UInt8], within: Range<Int>? = nil) -> Range<Int> {
        let code = self.code
        return text.withUnsafeBufferPointer { text in
            starts.withUnsafeBufferPointer { starts in
                suffixes.withUnsafeBufferPointer { codes in
                    query.withUnsafeBufferPointer { q in
                        // Invariant: every code names an entry below starts.count - 1 and an offset
                        // inside that entry, so the compared bytes lie inside `text`.
                        // -1, 0, +1: the suffix's first |q| bytes before, equal to, after q.
                        func compare(_ suffix: UInt32) -> Int {
                            let e = code.entry(suffix)
                            let p = Int(starts[e]) + code.offset(suffix)
                            let end = Int(starts[e + 1])
                            var i = 0
                            while i < q.count {
                                if p + i >= end { return -1 }
                                let a = text[p + i], b = q[i]
                                if a != b { return a < b ? -1 : 1 }
                                i += 1
                            }
                            return 0
                        }
                        // One descent while the probe is outside the matches (both ends move alike),
                        // then one search for each end inside what is left: the steps both ends share,
                        // each a few cache misses, are taken once.
                        // Invariant: the suffixes before lo are before q, those from hi on after it.
                        let range = within ?? 0..<codes.count
                        var lo = range.lowerBound, hi = range.upperBound
                        while lo < hi {
                            let mid = lo + (hi - lo) / 2
                            switch compare(codes[mid]) {
                            case ..<0: lo = mid + 1
                            case 1...: hi = mid
                            default:
                                let lower = BinarySearch.first(in: lo..<mid) { compare(codes[$0]) >= 0 }
                                let upper = BinarySearch.first(in: (mid + 1)..<hi) { compare(codes[$0]) > 0 }
                                return lower..<upper
                            }
                        }
                        return lo..<lo
                    }
                }
            }
        }
    }
}

/// The suffixes that the offset limit leaves out of a ``TextIndex``: a text index of its own over
/// each long entry's text from the limit on (entry i is the i-th long entry), whose word starts are
/// the long entries'. A match that starts at or past the limit is found by searching it, not by
/// reading every long entry (at 50M entries the limit is 32 bytes and 14 % of people's names pass
/// it). Its own long entries, if any, have late suffixes in turn. (A class: a struct cannot hold
/// itself.)
final class LateSuffixes: Sendable {
    let index: TextIndex

    init(index: TextIndex) { self.index = index }

    /// Indexes the texts past `limit` of the `longEntries` of the entries `text[starts[e]..<starts[e+1]]`.
    convenience init(text: [UInt8], starts: [UInt32], wordStarts: BitSet, longEntries: [UInt32], limit: Int,
                     fallbackDepth: Int, wordStartsOnly: Bool) {
        var tails: [UInt8] = [], tailStarts: [UInt32] = [0]
        for e in longEntries {
            tails.append(contentsOf: text[(Int(starts[Int(e)]) + limit)..<Int(starts[Int(e) + 1])])
            tailStarts.append(UInt32(tails.count))
        }
        var bits = BitSet(count: tails.count), k = 0
        for e in longEntries {
            for p in (Int(starts[Int(e)]) + limit)..<Int(starts[Int(e) + 1]) {
                if wordStarts[p] { bits[k] = true }
                k += 1
            }
        }
        self.init(index: TextIndex(text: tails, starts: tailStarts, wordStarts: bits, fallbackDepth: fallbackDepth,
                                   wordStartsOnly: wordStartsOnly))
    }
}

#if DEBUG
extension TextIndex {
    /// Checks the structures against each other (debug builds; called at the end of `init`).
    ///
    /// Every suffix code names a character start inside its entry below the offset limit, and every
    /// such start has exactly one code; codes are sorted by suffix (compared on their first 4,096
    /// bytes, so that a hostile text does not make the check quadratic); each code's word flag is the
    /// `wordStarts` bit of its byte; `longEntries` lists exactly the entries longer than the limit.
    func _checkInvariants() {
        precondition(!starts.isEmpty && starts[0] == 0 && Int(starts[starts.count - 1]) == text.count,
                     "TextIndex: starts must run from 0 to the text's end")
        precondition(wordStarts.words.count == (text.count + 63) / 64, "TextIndex: one word-start bit per byte")
        // Read through the raw buffers: this runs at every index a debug or sanitizer build makes or
        // loads, where the generic collection calls of the same loops took a sixth of the tests' time.
        text.withUnsafeBufferPointer { text in
            starts.withUnsafeBufferPointer { starts in
                suffixes.withUnsafeBufferPointer { suffixes in
                    checkSuffixes(text: text, starts: starts, suffixes: suffixes)
                }
            }
        }
        let long = (0..<entryCount).filter { Int(starts[$0 + 1] - starts[$0]) > code.offsetLimit }.map(UInt32.init)
        precondition(longEntries.elementsEqual(long), "TextIndex: longEntries must list exactly the entries longer than \(code.offsetLimit) bytes")
        precondition((late == nil) == long.isEmpty, "TextIndex: late suffixes exactly when there are long entries")
        if let late {
            let tails = long.flatMap { text[(Int(starts[Int($0)]) + code.offsetLimit)..<Int(starts[Int($0) + 1])] }
            precondition(late.index.entryCount == long.count && late.index.text.elementsEqual(tails),
                         "TextIndex: the late suffixes index the long entries' texts past the offset limit")
        }
    }

    /// The part of ``_checkInvariants()`` that reads every byte and every suffix: starts ascend, and
    /// the suffixes are exactly the character starts (word starts, when only those are indexed)
    /// below the offset limit, each once, sorted by their first 4,096 bytes.
    private func checkSuffixes(text: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<UInt32>,
                               suffixes: UnsafeBufferPointer<UInt32>) {
        var seen = BitSet(count: text.count)
        var characterStarts = 0
        for e in 0..<entryCount {
            let start = Int(starts[e]), end = Int(starts[e + 1])
            precondition(start <= end, "TextIndex: starts must ascend")
            for p in start..<min(end, start + code.offsetLimit)
            where text[p] & 0xC0 != 0x80 && (!wordStartsOnly || wordStarts[p]) { characterStarts += 1 }
        }
        precondition(suffixes.count == characterStarts, "TextIndex: \(suffixes.count) suffixes for \(characterStarts) character starts")
        func position(_ c: UInt32) -> (p: Int, end: Int) {
            let e = code.entry(c)
            precondition(e < entryCount, "TextIndex: suffix code \(c) names entry \(e) of \(entryCount)")
            let start = Int(starts[e]), end = Int(starts[e + 1])
            let p = start + code.offset(c)
            precondition(p < end && code.offset(c) < code.offsetLimit, "TextIndex: suffix code \(c) lies outside entry \(e)")
            precondition(text[p] & 0xC0 != 0x80, "TextIndex: suffix code \(c) starts inside a character")
            precondition(code.isWordStart(c) == wordStarts[p], "TextIndex: word flag of suffix code \(c) disagrees with wordStarts")
            return (p, end)
        }
        var previous: (p: Int, end: Int)? = nil
        for c in suffixes {
            let current = position(c)
            precondition(!seen[current.p], "TextIndex: suffix at byte \(current.p) listed twice")
            seen[current.p] = true
            if let previous {
                // memcmp compares unsigned bytes, as the sort does; a proper prefix comes first.
                let a = min(previous.end - previous.p, 4096), b = min(current.end - current.p, 4096)
                let order = memcmp(text.baseAddress! + previous.p, text.baseAddress! + current.p, min(a, b))
                precondition(order < 0 || (order == 0 && a <= b),
                             "TextIndex: suffixes at bytes \(previous.p) and \(current.p) out of order")
            }
            previous = current
        }
    }
}
#endif

/// Byte-string search on UTF-8 buffers.
enum ByteSearch {
    /// Whether `text[at...]` starts with `prefix`.
    static func hasPrefix(_ text: UnsafeBufferPointer<UInt8>, _ prefix: UnsafeBufferPointer<UInt8>, at: Int) -> Bool {
        guard text.count - at >= prefix.count else { return false }
        for i in 0..<prefix.count where text[at + i] != prefix[i] { return false }
        return true
    }

    /// The first offset ≥ `from` at which `needle` (non-empty) occurs in `text`.
    static func firstOccurrence(of needle: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard !needle.isEmpty, text.count - from >= needle.count else { return nil }
        let first = needle[0]
        var p = from
        let last = text.count - needle.count
        while p <= last {
            if text[p] == first && hasPrefix(text, needle, at: p) { return p }
            p += 1
        }
        return nil
    }

    /// The non-overlapping occurrences of `needle` (non-empty) in `text`, left to right.
    static func occurrences(of needle: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var from = 0
        while let p = firstOccurrence(of: needle, in: text, from: from) {
            found.append(p..<p + needle.count)
            from = p + needle.count
        }
        return found
    }
}
