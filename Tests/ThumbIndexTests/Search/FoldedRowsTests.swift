import Testing
@testable import ThumbIndex

@Suite("FoldedRows: what a build keeps of the folds, against every row folded on its own")
struct FoldedRowsTests {
    /// Pieces each fold treats differently: case, marks, letters read as their base (ø, ł, ı),
    /// kana, ligatures, the letters Swedish, German and Turkish search treat apart or alike.
    static let pieces = ["a", "B", " ", "é", "e\u{301}", "ß", "ﬁ", "ø", "ł", "ı", "İ", "I", "Ö", "ö", "ü", "Å", "カ", "か",
                         "ＡＢ", "한", "中", "Ж", "ё", "", "-", "7"]

    /// The definition: the diacritics fold of every row; for each other fold, the rows whose fold
    /// differs from it, ascending, with their folded texts.
    static func expected(_ texts: [String], locale: String) throws -> (main: [[UInt8]], variants: [[(row: Int, text: [UInt8])]]) {
        let main = try texts.map { try Folding.fold($0, .diacritics, locale: locale) }
        let variants = try FoldedRows.variantFolds.map { fold in
            try texts.indices.compactMap { row -> (row: Int, text: [UInt8])? in
                let folded = try Folding.fold(texts[row], fold, locale: locale)
                return folded == main[row] ? nil : (row, folded)
            }
        }
        return (main, variants)
    }

    static func rows(_ text: [UInt8], _ starts: [UInt32]) -> [[UInt8]] {
        (0..<(starts.count - 1)).map { Array(text[Int(starts[$0])..<Int(starts[$0 + 1])]) }
    }

    @Test("random rows in chunks of 1 to 9 rows and in one chunk, four locales: the same folds as the definition")
    func againstTheDefinition() throws {
        var rng = SeededGenerator(state: 12)
        var variantRowsSeen = 0
        for round in 0..<120 {
            let texts = (0..<Int(rng.next() % 40)).map { _ in
                (0..<Int(rng.next() % 5)).map { _ in Self.pieces[Int(rng.next() % UInt64(Self.pieces.count))] }.joined()
            }
            let locale = ["", "sv", "de", "tr"][round % 4]
            let column = TextColumn(texts)
            let expected = try Self.expected(texts, locale: locale)
            for chunkRows in [1 + Int(rng.next() % 9), FoldedRows.chunkRows] {
                let folded = try FoldedRows(originals: column.bytes.array, starts: column.offsets.map { UInt32($0) },
                                            locale: locale, chunkRows: chunkRows)
                #expect(Self.rows(folded.main.text, folded.main.starts) == expected.main, "\(texts) \(locale) \(chunkRows)")
                #expect(folded.variants.count == FoldedRows.variantFolds.count)
                for (v, want) in expected.variants.enumerated() {
                    let got = folded.variants[v]
                    #expect(got.rows.map(Int.init) == want.map(\.row), "\(FoldedRows.variantFolds[v]) \(texts) \(locale) \(chunkRows)")
                    #expect(Self.rows(got.text, got.starts) == want.map(\.text), "\(FoldedRows.variantFolds[v]) \(texts) \(locale)")
                }
            }
            variantRowsSeen += expected.variants.reduce(0) { $0 + $1.count }
        }
        // The pieces make every variant fold differ on many rows: the test compares variants, not only empties.
        #expect(variantRowsSeen > 1000)
    }

    @Test("no rows: an empty main fold and no variant rows")
    func noRows() throws {
        let folded = try FoldedRows(originals: [], starts: [0], locale: "sv")
        #expect(folded.main.text.isEmpty && folded.main.starts == [0])
        #expect(folded.variants.allSatisfy { $0.rows.isEmpty && $0.text.isEmpty && $0.starts == [0] })
    }
}
