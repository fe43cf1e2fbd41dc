import Foundation
import PropertyBased
import Testing
@testable import ThumbIndex

/// The real corpora (Corpora/ at the repository root, or $THUMBINDEX_CORPORA), folded for the naive scan.
struct SearchCorpus: Sendable {
    /// Names from every .tsv (first column, after the header) and .txt (each line) in Corpora/ and its
    /// subfolders, except `large/` (benchmark sizes) and `requirements.txt`; a fixed sample of at most
    /// `limit`, spread over every file.
    static func names(limit: Int) -> (names: [String], files: [String]) {
        names(limit: limit, root: root)
    }

    /// Where the corpora are: $THUMBINDEX_CORPORA, else Corpora/ at the repository root.
    static var root: URL {
        let root = ProcessInfo.processInfo.environment["THUMBINDEX_CORPORA"].map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: #filePath)   // Tests/ThumbIndexTests/Search/X.swift → repository root
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Corpora")
        return root.resolvingSymlinksInPath()
    }

    static func names(limit: Int, root: URL) -> (names: [String], files: [String]) {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return ([], []) }
        var perFile: [(String, [String])] = []
        for case let url as URL in walker {
            if url.lastPathComponent == "large" { walker.skipDescendants(); continue }
            guard ["tsv", "txt"].contains(url.pathExtension), url.lastPathComponent != "requirements.txt",
                  let content = try? String(contentsOf: url, encoding: .utf8) else { continue }
            var lines = content.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            if url.pathExtension == "tsv" {
                lines = lines.dropFirst().map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[0]) }
            }
            perFile.append((url.lastPathComponent, lines))
        }
        perFile.sort { $0.0 < $1.0 }
        let total = perFile.reduce(0) { $0 + $1.1.count }
        var names: [String] = []
        for (_, lines) in perFile {
            // Every k-th line, so that each file contributes in proportion.
            let step = max(1, total / max(limit, 1))
            names.append(contentsOf: stride(from: 0, to: lines.count, by: step).map { lines[$0] })
        }
        return (names, perFile.map(\.0))
    }

    /// A built-in list for when no corpus file exists yet.
    static let fallback = ["Zürich", "Straße", "Ελλάδα", "İstanbul", "Łódź", "København", "東京", "カタカナ", "서울",
                           "São Paulo", "Ñuñoa", "Nuuk", "New York", "Sankt-Peterburg", "Ærøskøbing", "مُحَمَّد", "שָׁלוֹם",
                           "ＡＢＣ", "ﬁnd", "Œuvre", "Đà Nẵng", "Ħamrun", "I ❤️ NY"]

    let names: [String]
    let files: [String]
    let index: SearchIndex
    /// Per fold: each name folded by the naive definition, and its word starts.
    let folded: [Fold: [[Unicode.Scalar]]]
    let wordStarts: [Fold: [Set<Int>]]

    static let shared: SearchCorpus = {
        var (names, files) = SearchCorpus.names(limit: 12_000)
        if names.isEmpty { names = fallback }
        return try! SearchCorpus(names: names, files: files)  // a test fixture: a failure here fails every user
    }()

    init(names: [String], files: [String]) throws {
        self.names = names
        self.files = files
        index = try SearchIndex(texts: names)
        var folded: [Fold: [[Unicode.Scalar]]] = [:]
        var wordStarts: [Fold: [Set<Int>]] = [:]
        for fold in Fold.naiveCases {
            folded[fold] = names.map { Naive.fold($0, fold) }
            wordStarts[fold] = folded[fold]!.map(Naive.wordStarts)
        }
        self.folded = folded
        self.wordStarts = wordStarts
    }

    /// The naive answer, using the pre-folded names: every term of the query (issue 23) matches.
    func naive(_ query: String, fold: Fold, mode: MatchMode) -> [Int] {
        let terms = Naive.terms(query, fold: fold, mode: mode)
        let items = folded[fold]!
        return names.indices.filter { row in
            let item = items[row]
            return terms.allSatisfy { q in
                switch mode {
                case .contains: return item.indices.contains { Naive.occurs(q, in: item, at: $0) }
                case .prefix: return Naive.occurs(q, in: item, at: 0)
                case .words: return wordStarts[fold]![row].contains { Naive.occurs(q, in: item, at: $0) }
                }
            }
        }
    }
}

/// The index over real names, held against the naive scan.
@Suite struct SearchCorpusTests {
    /// A query cut from a corpus name: `length` characters from `start`, with its case changed when asked.
    static func query(_ corpus: SearchCorpus, pick: Int, start: Int, length: Int, variant: Int) -> String {
        let name = Array(corpus.names[pick % corpus.names.count])
        let lower = name.isEmpty ? 0 : start % name.count
        let cut = String(name[lower..<min(lower + length, name.count)])
        switch variant {
        case 0: return cut.lowercased()
        case 1: return cut.uppercased()
        case 2: return " " + cut + " "
        default: return cut
        }
    }

    /// When the corpora are there, the tests above run on them (not on the built-in fallback).
    @Test func corporaAreReadWhenPresent() {
        let corpus = SearchCorpus.shared
        if FileManager.default.fileExists(atPath: SearchCorpus.root.appendingPathComponent("cities.tsv").path) {
            #expect(corpus.files.contains("cities.tsv"))
            #expect(corpus.names.count > 5_000)
        } else {
            #expect(corpus.names == SearchCorpus.fallback)
        }
    }

    @Test func queriesCutFromNamesMatchTheNaiveScan() async throws {
        let corpus = SearchCorpus.shared
        #expect(corpus.index.count == corpus.names.count)
        await propertyCheck(count: Cases.scaled(40), input: Gen.int(in: 0...1_000_000), Gen.int(in: 0...30), Gen.int(in: 1...6), Gen.int(in: 0...3)) { pick, start, length, variant in
            let query = Self.query(corpus, pick: pick, start: start, length: length, variant: variant)
            for fold in Fold.naiveCases {
                for mode in MatchMode.allCases {
                    let result = try corpus.index.search(query, fold: fold, mode: mode)
                    #expect(Array(result.rows) == corpus.naive(query, fold: fold, mode: mode),
                            "query \(query.debugDescription), fold \(fold), mode \(mode)")
                }
            }
        }
    }

    @Test func matchRangesOfAPageOfCorpusResults() async throws {
        let corpus = SearchCorpus.shared
        let checker = SearchPropertyTests()
        await propertyCheck(count: Cases.scaled(25), input: Gen.int(in: 0...1_000_000), Gen.int(in: 0...30), Gen.int(in: 1...4)) { pick, start, length in
            let query = Self.query(corpus, pick: pick, start: start, length: length, variant: 3)
            for fold in Fold.naiveCases {
                for mode in MatchMode.allCases {
                    let result = try corpus.index.search(query, fold: fold, mode: mode)
                    let terms = Naive.terms(query, fold: fold, mode: mode)
                    guard !terms.isEmpty else { continue }
                    for row in result.rows.prefix(50) {
                        checker.checkRanges(try corpus.index.matchRanges(ofRow: row, in: result), in: corpus.names[row],
                                            terms: terms, fold: fold, mode: mode)
                    }
                }
            }
        }
    }

    @Test func sessionsOverTheCorpusEqualFreshSearches() throws {
        let corpus = SearchCorpus.shared
        for pick in [3, 1_001, 7_777, 12_345] {
            let name = corpus.names[pick % corpus.names.count]
            for fold in Fold.naiveCases {
                for mode in MatchMode.allCases {
                    var session = SearchSession(index: corpus.index, fold: fold, mode: mode)
                    for query in SearchSessionTests.keystrokes(typing: String(name.prefix(8)), backspaces: [0, 0, 1, 0, 2]) {
                        #expect(try Array(session.type(query).rows) == Array(corpus.index.search(query, fold: fold, mode: mode).rows))
                    }
                }
            }
        }
    }
}
