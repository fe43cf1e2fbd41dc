import PropertyBased
import Testing
@testable import ThumbIndex

@Suite("RowBitmap: rank, select and iteration against a plain list of rows")
struct RowBitmapTests {
    @Test("random bitmaps: count, rank below every row, the row at every rank, the rows in order")
    func againstList() async {
        await propertyCheck(count: Cases.scaled(200), input: Gen.int(in: 0...2000), Gen.int(in: 0...100)) { size, percent in
            var rng = SeededGenerator(state: UInt64(size * 101 + percent))
            var words = [UInt64](repeating: 0, count: (size + 63) / 64)
            var rows: [Int] = []
            for r in 0..<size where Int(rng.next() % 100) < percent {
                words[r >> 6] |= 1 << UInt64(r & 63)
                rows.append(r)
            }
            let bitmap = RowBitmap(words: words)
            #expect(bitmap.count == rows.count)
            for r in stride(from: 0, through: size + 64, by: 7) {
                #expect(bitmap.rank(below: r) == rows.filter { $0 < r }.count, "rank below \(r)")
            }
            for (k, row) in rows.enumerated() { #expect(bitmap.row(atRank: k) == row) }
            let result = SearchResult.Rows(storage: .bitmap(bitmap))
            #expect(Array(result) == rows)
            #expect(result.count == rows.count)
            #expect(bitmap.ids.map(Int.init) == rows)
            for start in stride(from: 0, through: rows.count, by: max(1, rows.count / 7)) {
                #expect(Array(IteratorSequence(result.makeIterator(from: start))) == Array(rows[start...]), "from \(start)")
            }
        }
    }

    @Test("a dense one-byte query's bitmap is kept, and answers the next query, in every fold and mode, as the naive scan does")
    func denseOneByteQueriesAreKept() throws {
        let texts = (0..<5000).map { $0 % 3 == 0 ? "Anna \($0)" : $0 % 3 == 1 ? "Ålund \($0)" : "Bo \($0)" }
        let index = try SearchIndex(texts: texts, locale: "sv")
        #expect(index.storage.denseResults.byteCount == 0)
        for fold in Fold.allCases {
            for mode in MatchMode.allCases {
                let first = Array(try index.search("a", fold: fold, mode: mode).rows)
                let kept = Array(try index.search("A", fold: fold, mode: mode).rows)  // the same folded byte
                #expect(kept == first, "\(fold) \(mode), from the kept bitmap")
                // The naive scan restates every fold but the locale's (sv tells å from a there).
                if fold != .locale { #expect(first == Naive.search(texts, "a", fold: fold, mode: mode), "\(fold) \(mode)") }
            }
        }
        #expect(index.storage.denseResults.byteCount > 0)
    }

    @Test("a dense one-character query gives a bitmap, and the same rows as the naive scan")
    func denseQueriesUseTheBitmap() throws {
        let texts = (0..<5000).map { $0 % 3 == 0 ? "Anna \($0)" : "Bo \($0)" }
        let result = try SearchIndex(texts: texts).search("a")
        guard case .bitmap = result.rows.storage else {
            Issue.record("expected a bitmap for \(result.count) of \(texts.count) rows")
            return
        }
        #expect(Array(result.rows) == Naive.search(texts, "a", fold: .diacritics, mode: .contains))
        #expect(result.count(inRows: 0..<300) == 100)
    }

    @Test("case and all folds keep a dense result a bitmap, with the variant rows answered by their own index")
    func denseFoldedQueriesStayBitmaps() throws {
        // Every fourth row differs under the case fold ("É…", "Ø…" also under all), so both variants are non-empty.
        let texts = (0..<6000).map { i in ["Anna \(i)", "Émile \(i)", "Bo \(i)", "Øya Ann \(i)"][i % 4] }
        let index = try try SearchIndex(texts: texts)
        for fold in Fold.naiveCases {
            for query in ["a", "n", "e", "é"] {
                let result = try try index.search(query, fold: fold)
                #expect(Array(result.rows) == Naive.search(texts, query, fold: fold, mode: .contains), "fold \(fold), query \(query)")
                if result.count > texts.count / 4, case .ids = result.rows.storage {
                    Issue.record("fold \(fold), query \(query): \(result.count) rows as a list, not a bitmap")
                }
            }
        }
    }

    #if DEBUG
    @Test("block ranks are checked against the words")
    func invariantsHold() {
        for size in [0, 1, 63, 64, 511, 512, 513, 5000] {
            var rng = SeededGenerator(state: UInt64(size))
            let words = (0..<((size + 63) / 64)).map { _ in rng.next() }
            RowBitmap(words: words)._checkInvariants()
        }
    }
    #endif
}
