/// The plain rule's entry of a row, written in one pass over its folded UTF-8: what a dial-pad
/// build does for every row of a listing, so it makes no word, spelling or scalar array per row.
extension Dialpad {
    /// An entry as ``plainEntry(_:into:)`` writes it: reused from row to row, so that its buffers
    /// keep their capacity.
    struct Entry {
        /// The key text: each word's keys (a separator after a cut word), then, when there are two
        /// words or more, a separator and the words' initials.
        var bytes: [UInt8] = []
        /// The byte offsets of the words' keys and of the initials (``DialpadIndex`` indexes these).
        var wordStarts: [Int] = []
        /// Whether the text was ASCII (then it has no Han character and no kana).
        var wasASCII = true
        /// The initials while the words are read.
        fileprivate var initials: [UInt8] = []
        /// What each scalar of the Basic Multilingual Plane met so far is to the dial pad (see
        /// ``ScalarKind``), looked up once per build chunk: its general category and numeric value
        /// are table searches, and a listing's non-ASCII rows repeat the same few scalars.
        fileprivate var kinds: [UInt8] = []
    }

    /// What a scalar is to the plain rule: a key (an ASCII digit, its value) or one of these.
    private enum ScalarKind {
        static let unknown: UInt8 = 0, skipped: UInt8 = 1, letterWithoutKey: UInt8 = 2, whiteSpace: UInt8 = 3

        static func of(_ s: Unicode.Scalar) -> UInt8 {
            if s.isWhiteSpace { return whiteSpace }
            if s.isASCII, let k = key(UInt8(s.value)) { return k }
            if let d = ParsedQuery.decimalDigit(s) { return d }
            return isLetter(s) ? letterWithoutKey : skipped
        }
    }

    /// Writes into `entry` the plain rule's entry of the text whose ``Fold/all`` fold is `utf8`:
    /// the bytes and word starts that ``entry(_:choice:)`` makes of ``words(_:han:)`` without Han
    /// readings (one spelling per word, so one choice). False when no word has keys
    /// (the row's entry is then empty). An ASCII text is read byte by byte.
    ///
    /// Invalid UTF-8 reads as U+FFFD, as `String(decoding:as:)` reads it: a symbol, skipped.
    static func plainEntry<Bytes: Collection<UInt8>>(_ utf8: Bytes, into entry: inout Entry) -> Bool {
        entry.bytes.removeAll(keepingCapacity: true)
        entry.wordStarts.removeAll(keepingCapacity: true)
        entry.initials.removeAll(keepingCapacity: true)
        var anyKeys = false
        var wordStart = 0, isCut = false
        func finishWord() {
            let hasKeys = entry.bytes.count > wordStart
            if hasKeys {
                entry.wordStarts.append(wordStart)
                entry.initials.append(entry.bytes[wordStart])
                anyKeys = true
            } else if isCut {
                entry.initials.append(separator)
            }
            if isCut { entry.bytes.append(separator) }  // a word in the list with no keys is a cut one
            wordStart = entry.bytes.count
            isCut = false
        }
        entry.wasASCII = utf8.allSatisfy { $0 < 0x80 }
        if entry.wasASCII {
            // The same rules read byte by byte: the ASCII letters with no key are A–Z.
            for byte in utf8 {
                if byte == 0x20 || (0x09...0x0D).contains(byte) {
                    finishWord()
                } else if let k = key(byte) {
                    if !isCut { entry.bytes.append(k) }
                } else if (0x41...0x5A).contains(byte) {
                    isCut = true
                }
            }
        } else {
            var iterator = utf8.makeIterator()
            var parser = Unicode.UTF8.ForwardParser()
            scalars: while true {
                let s: Unicode.Scalar
                switch parser.parseScalar(from: &iterator) {
                case .valid(let encoded): s = Unicode.UTF8.decode(encoded)
                case .error: s = "\u{FFFD}"
                case .emptyInput: break scalars
                }
                let kind: UInt8
                if s.value < 0x10000 {
                    if entry.kinds.isEmpty { entry.kinds = [UInt8](repeating: ScalarKind.unknown, count: 0x10000) }
                    if entry.kinds[Int(s.value)] == ScalarKind.unknown { entry.kinds[Int(s.value)] = ScalarKind.of(s) }
                    kind = entry.kinds[Int(s.value)]
                } else {
                    kind = ScalarKind.of(s)
                }
                switch kind {
                case ScalarKind.whiteSpace: finishWord()
                case ScalarKind.letterWithoutKey: isCut = true
                case ScalarKind.skipped: break
                default: if !isCut { entry.bytes.append(kind) }  // a key
                }
            }
        }
        finishWord()
        guard anyKeys else { return false }
        if entry.initials.count >= 2 {
            entry.bytes.append(separator)
            let base = entry.bytes.count
            for (i, k) in entry.initials.enumerated() where k != separator { entry.wordStarts.append(base + i) }
            entry.bytes += entry.initials
        }
        return true
    }
}
