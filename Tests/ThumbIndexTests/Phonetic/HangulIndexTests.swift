import Testing
@testable import ThumbIndex

/// The Korean index keeps lists of rows, not texts: a check reads a row's keys and initials from the
/// main index's text, and a query of up to three keys (or four jamo), or of two or three consonants,
/// is answered from one list without a check. These hold the readers to the texts the build saw and
/// the lists to exactly the rows that have each run.
@Suite("The Hangul index: runs of keys and initials, and rows read from the main index")
struct HangulIndexTests {
    static let pieces = ["김", "민", "준", "값", "닭", "괎", "와", "의", "ㄱ", "ㅁ", "ㄳ", "ㅘ", "ᄀ", "ᅡ", "ᆨ", "이", "영", "ㅇ",
                         " ", "\u{3000}", "a", "Z", "1", "-", "张", "é"]

    static func texts(_ seed: UInt64, count: Int) -> [String] {
        var rng = SeededGenerator(state: seed)
        return (0..<count).map { _ in
            (0..<Int(rng.next() % 7)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
        }
    }

    /// The scalars of row `row`'s text in the main index, and whether each starts a word.
    static func scalars(_ main: TextIndex, row: Int) -> ([Unicode.Scalar], [Bool]) {
        let start = Int(main.starts[row])
        let bytes = Array(main.text[start..<Int(main.starts[row + 1])])
        let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        var offset = 0, startsWord: [Bool] = []
        for s in scalars {
            startsWord.append(main.wordStarts[start + offset])
            offset += UTF8.width(s)
        }
        return (scalars, startsWord)
    }

    @Test("a row's keys and units read from the main index are its key and initials texts, with their word starts")
    func readersFollowTheTexts() throws {
        let texts = Self.texts(7, count: Cases.scaled(300))
        let index = try SearchIndex(texts: texts, locale: "ko")
        let hangul = index.storage.phonetic.hangul, main = index.storage.main
        for row in texts.indices {
            let (scalars, startsWord) = Self.scalars(main, row: row)
            let keyText = HangulKeys.keyText(scalars)
            let keyWordStarts = Set(PhoneticIndex.wordStarts(keyText.source, startsWord))
            let keys = hangul.withKeys(ofRow: row, in: main, wordStarts: true) { Array($0) }
            #expect(keys.map { $0 & ~HangulIndex.wordStart } == keyText.keys, "\(texts[row].debugDescription)")
            #expect(keys.indices.filter { keys[$0] & HangulIndex.wordStart != 0 } == keyWordStarts.sorted(), "\(texts[row].debugDescription)")
            #expect(hangul.withKeys(ofRow: row, in: main, wordStarts: false) { Array($0) } == keyText.keys)
            let initials = HangulKeys.initialsText(scalars)
            let units = hangul.withUnits(ofRow: row, in: main, wordStarts: true) { Array($0) }
            #expect(units.map { $0 & ~HangulIndex.wordStart } == initials.units, "\(texts[row].debugDescription)")
            #expect(units.map { $0 & HangulIndex.wordStart != 0 } == initials.source.map { startsWord[Int($0)] })
        }
    }

    @Test("each list holds exactly the rows with its run of keys or of initials")
    func listsHoldExactlyTheirRows() throws {
        let texts = Self.texts(11, count: Cases.scaled(400))
        let index = try SearchIndex(texts: texts, locale: "ko")
        let hangul = index.storage.phonetic.hangul, main = index.storage.main
        var keyRuns: [UInt64: [UInt32]] = [:], initialRuns: [Int: [UInt32]] = [:]
        for row in texts.indices {
            let scalars = Self.scalars(main, row: row).0
            guard HangulKeys.containsHangul(scalars) else { continue }
            let keys = HangulKeys.keyText(scalars).keys
            var codes = Set<UInt64>()
            for i in keys.indices {
                for n in 1...4 where i + n <= keys.count && (n < 4 || keys[i..<i + 4].allSatisfy(HangulIndex.isJamo)) {
                    codes.insert(HangulIndex.code(keys[i..<i + n]))
                }
            }
            for code in codes { keyRuns[code, default: []].append(UInt32(row)) }
            // Runs of syllables: a break (anything but a syllable) ends one.
            let units = HangulKeys.initialsText(scalars).units
            var lists = Set<Int>()
            for i in units.indices {
                for n in 2...3 where i + n <= units.count && !units[i..<i + n].contains(HangulKeys.runBreak) {
                    lists.insert(HangulIndex.initialKey(units[i..<i + n].map(HangulKeys.initialIndex(ofSyllable:))))
                }
            }
            for list in lists { initialRuns[list, default: []].append(UInt32(row)) }
        }
        #expect(hangul.keyCodes == keyRuns.keys.sorted())
        for (k, code) in hangul.keyCodes.enumerated() {
            #expect(Array(SearchResult.Rows(storage: hangul.rows(.keys(k)))).map(UInt32.init) == keyRuns[code], "code \(code)")
            #expect(HangulIndex.isCode(code))
        }
        for key in 0..<HangulIndex.initialKeyCount {
            #expect(Array(SearchResult.Rows(storage: hangul.rows(.initials(key)))).map(UInt32.init) == initialRuns[key] ?? [], "initials \(key)")
        }
    }

    @Test("word and prefix queries answered from the main index's starts find what a check of every row finds")
    func startsAgreeWithChecks() throws {
        // Rows that start with white space, and words after it, among the pieces.
        let texts = Self.texts(13, count: Cases.scaled(400)).map { $0.hasPrefix("a") ? " " + $0 : $0 }
        let index = try SearchIndex(texts: texts, locale: "ko")
        let hangul = index.storage.phonetic.hangul, main = index.storage.main
        var rng = SeededGenerator(state: 17)
        for _ in 0..<Cases.scaled(150) {
            let word = (0..<Int(rng.next() % 2) + 1).map { _ in Self.pieces[Int(rng.next() % 12)] }.joined()
            let keys = HangulKeys.keyText(Array(word.unicodeScalars)).keys
            let q = Array(keys.prefix(Int(rng.next() % UInt64(keys.count)) + 1))
            for mode in [MatchMode.words, .prefix] {
                let expected = texts.indices.filter { hangul.row($0, matchesKeys: q, mode: mode, main: main) }
                let all = SearchResult.Rows.Storage.all(texts.count)
                let got = Array(SearchResult.Rows(storage: hangul.rows(matchingKeys: q, startingAt: mode, main: main, within: all)))
                #expect(got == expected, "\(word.debugDescription) cut to \(q.count) keys, \(mode)")
            }
        }
    }

    @Test("the scalars whose keys begin a query are those a walk of every Hangul scalar finds")
    func startingScalarsAgreeWithAWalk() {
        let hangul = Array(0x1100...0x11FF) + Array(0x3131...0x3163) + Array(0xAC00...0xD7A3)
        /// Each scalar's keys against `q`: whole when they begin with it, partial when they are a
        /// shorter beginning of it (`q[0]` itself counts when it is no Hangul scalar: its own key).
        func walk(_ q: [UInt32]) -> (whole: [UInt32], partial: [UInt32]) {
            var whole: [UInt32] = [], partial: [UInt32] = []
            for value in Set(hangul.map(UInt32.init) + [q[0]]).sorted() {
                var keys: [UInt32] = []
                HangulKeys.appendKeys(of: Unicode.Scalar(value)!, to: &keys)
                if keys.starts(with: q) { whole.append(value) } else if keys.count < q.count && q.starts(with: keys) { partial.append(value) }
            }
            return (whole, partial)
        }
        func values(_ ranges: [ClosedRange<UInt32>]) -> [UInt32] { ranges.flatMap { Array($0) } }
        var rng = SeededGenerator(state: 23)
        let others: [UInt32] = [0x20, 0x61, 0x5F20, 0x1113]
        for _ in 0..<Cases.scaled(200) {
            let piece = Self.pieces[Int(rng.next() % UInt64(Self.pieces.count))] + Self.pieces[Int(rng.next() % 12)]
            var q = HangulKeys.keyText(Array(piece.unicodeScalars)).keys.filter { $0 != 0x20 && $0 != 0x3000 }
            if q.isEmpty || rng.next() % 8 == 0 { q.insert(others[Int(rng.next() % UInt64(others.count))], at: 0) }
            q = Array(q.prefix(Int(rng.next() % 3) + 1))
            let (whole, partial) = HangulIndex.startingScalars(q)
            let expected = walk(q)
            #expect(values(whole) == expected.whole && values(partial) == expected.partial, "\(q.map { String($0, radix: 16) })")
        }
    }

    @Test("runs of different keys, or of other lengths, never share a code; other numbers are no codes")
    func codesAreDistinct() {
        var rng = SeededGenerator(state: 5)
        var seen: [UInt64: [UInt32]] = [:]
        let keys: [UInt32] = Array(0x3131...0x3163) + [0, 0x20, 0x61, 0xAC00, 0x10FFFF]
        for _ in 0..<Cases.scaled(20_000) {
            let n = Int(rng.next() % 4) + 1
            let run = (0..<n).map { _ in n == 4 ? UInt32(0x3131 + rng.next() % 51) : keys[Int(rng.next() % UInt64(keys.count))] }
            let code = HangulIndex.code(run)
            #expect(HangulIndex.isCode(code), "\(run)")
            if let other = seen[code] { #expect(other == run, "\(run) and \(other) share \(code)") }
            seen[code] = run
        }
        for notACode: UInt64 in [0, 1 << 63, 1 << 63 | 1, UInt64.max, 0x11_0002] { #expect(!HangulIndex.isCode(notACode), "\(notACode)") }
    }
}
