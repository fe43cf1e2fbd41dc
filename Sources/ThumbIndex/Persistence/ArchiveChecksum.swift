/// A fast 64-bit checksum of an archive's bytes (not a cryptographic hash): four independent
/// multiply-rotate lanes over 8-byte little-endian words, so the multiplier's latency overlaps and
/// it runs at several GB/s; the lanes, the tail and the length are mixed together at the end.
///
/// Each step `lane = rotl((lane ^ word) &* K, 29)` is a bijection of the lane for a given word (K is
/// odd), and so is each step of the final mix for a given other input: any change confined to one
/// 8-byte word, in particular any flipped byte, always changes the checksum.
///
/// Bytes may be fed in pieces (``combine(_:)``) as long as every piece but the last is a whole
/// number of words; the archive pads its pieces to 8 bytes for this.
struct ArchiveChecksum {
    private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var lanes: (UInt64, UInt64, UInt64, UInt64) =
        (0x243F_6A88_85A3_08D3, 0x1319_8A2E_0370_7344, 0xA409_3822_299F_31D0, 0x082E_FA98_EC4E_6C89)
    /// Words combined so far (which lane the next word goes to).
    private var wordCount = 0
    /// Bytes combined so far.
    private var byteCount = 0
    /// The last partial word, zero-padded; set once, by the last piece.
    private var tail: UInt64?

    init() {}

    @inline(__always) private static func step(_ lane: UInt64, _ word: UInt64) -> UInt64 {
        let m = (lane ^ word) &* multiplier
        return m << 29 | m >> 35
    }

    /// Adds `bytes` to the checksum.
    /// - Precondition: no earlier piece ended inside a word.
    mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        precondition(tail == nil, "ArchiveChecksum: only the last piece may end inside a word")
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        let words = bytes.count / 8
        var i = 0
        // Up to lane 0, one word at a time; then four words per round; then what is left.
        while i < words && (wordCount + i) & 3 != 0 {
            add(base.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self).littleEndian, lane: (wordCount + i) & 3)
            i += 1
        }
        var (a, b, c, d) = lanes
        while i + 4 <= words {
            let p = 8 * i
            a = Self.step(a, base.loadUnaligned(fromByteOffset: p, as: UInt64.self).littleEndian)
            b = Self.step(b, base.loadUnaligned(fromByteOffset: p + 8, as: UInt64.self).littleEndian)
            c = Self.step(c, base.loadUnaligned(fromByteOffset: p + 16, as: UInt64.self).littleEndian)
            d = Self.step(d, base.loadUnaligned(fromByteOffset: p + 24, as: UInt64.self).littleEndian)
            i += 4
        }
        lanes = (a, b, c, d)
        while i < words {
            add(base.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self).littleEndian, lane: (wordCount + i) & 3)
            i += 1
        }
        wordCount += words
        byteCount += bytes.count
        let rest = bytes.count - 8 * words
        if rest > 0 {
            var t: UInt64 = 0
            for k in 0..<rest { t |= UInt64(bytes[8 * words + k]) << UInt64(8 * k) }
            tail = t
        }
    }

    private mutating func add(_ word: UInt64, lane: Int) {
        switch lane {
        case 0: lanes.0 = Self.step(lanes.0, word)
        case 1: lanes.1 = Self.step(lanes.1, word)
        case 2: lanes.2 = Self.step(lanes.2, word)
        default: lanes.3 = Self.step(lanes.3, word)
        }
    }

    /// The checksum of everything combined.
    var value: UInt64 {
        var h = UInt64(truncatingIfNeeded: byteCount) &* Self.multiplier
        for lane in [lanes.0, lanes.1, lanes.2, lanes.3, tail ?? 0] {
            h = Self.step(h, lane)
        }
        // Final avalanche (splitmix64's), so that every input bit reaches every output bit.
        h = (h ^ (h >> 30)) &* 0xBF58_476D_1CE4_E5B9
        h = (h ^ (h >> 27)) &* 0x94D0_49BB_1331_11EB
        return h ^ (h >> 31)
    }

    /// The checksum of one buffer.
    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var checksum = ArchiveChecksum()
        checksum.combine(bytes)
        return checksum.value
    }
}
