import Testing
@testable import ThumbIndex

/// One index, many threads: the index is an immutable value, so concurrent searches agree with
/// sequential ones.
@Suite struct SearchConcurrencyTests {
    @Test func concurrentSearchesAgreeWithSequentialOnes() async throws {
        let texts = (0..<3000).map { i in ["Zürich", "Straße", "Ελλάδα", "İstanbul", "Łódź", "カタカナ", "New York"][i % 7] + " \(i)" }
        let index = try SearchIndex(texts: texts)
        let queries = ["z", "zu", "stras", "ελλ", "ist", "lodz", "かた", "york", "1", "12", " 2"]
        var expected: [String: [Int]] = [:]
        for query in queries { for fold in Fold.allCases { expected["\(query)|\(fold)"] = Array(try index.search(query, fold: fold).rows) } }
        let frozen = expected
        try await withThrowingTaskGroup(of: Void.self) { group in
            for round in 0..<8 {
                group.addTask {
                    for query in queries.shuffled() {
                        let fold = Fold.allCases[(round + query.count) % Fold.allCases.count]
                        let result = try index.search(query, fold: fold)
                        #expect(Array(result.rows) == frozen["\(query)|\(fold)"])
                        if let row = result.rows.first { #expect(try !index.matchRanges(ofRow: row, in: result).isEmpty) }
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}
