import Foundation
import Testing

@Suite("thumbindex filter and bench, end to end")
struct FilterCLITests {
    @Test("--queries gives one JSON document per line: the list shape plus total and matches")
    func queriesJSON() throws {
        let names = try CLI.temporaryFile("n.txt", Array("Café Müller\nAnna\nStraße 7\nZoë\n".utf8))
        let queries = try CLI.temporaryFile("q.txt", Array("cafe\n  ann \nSTRASSE\n\n".utf8))
        let result = try CLI.run(["filter", "--locale", "de", "--queries", queries, "--json", names])
        #expect(result.status == 0, "\(result.stderr)")
        let documents = result.stdout.split(separator: "\n").map {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(documents.count == 4)
        #expect(documents.map { $0?["total"] as? Int } == [1, 1, 1, 4])
        let first = documents[0]?["sections"] as? [[String: Any]]
        let item = (first?.first?["items"] as? [[String: Any]])?.first
        #expect(item?["text"] as? String == "Café Müller")
        #expect(item?["matches"] as? [[Int]] == [[0, 4]])
        #expect(documents[3]?["indexTitles"] as? [String] == ["{search}", "A", "C", "S", "Z"])
    }

    @Test("--typos auto, the default, answers a query with no exact match with close matches, marked; off does not")
    func typos() throws {
        let names = try CLI.temporaryFile("n.txt", Array("Zürich\nStockholm\nZug\n".utf8))
        let queries = try CLI.temporaryFile("q.txt", Array("zurihc\nzurich\n".utf8))
        let result = try CLI.run(["filter", "--queries", queries, "--json", names])
        #expect(result.status == 0, "\(result.stderr)")
        let documents = result.stdout.split(separator: "\n").map {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(documents.map { $0?["approximate"] as? Int } == [1, nil])
        #expect(documents.map { $0?["total"] as? Int } == [1, 1])
        let item = ((documents[0]?["sections"] as? [[String: Any]])?.first?["items"] as? [[String: Any]])?.first
        #expect(item?["text"] as? String == "Zürich" && item?["matches"] as? [[Int]] == [[0, 6]])
        let text = try CLI.run(["filter", "--query", "zurihc", names])
        #expect(text.stdout.hasPrefix("\"zurihc\": 1 matches in 1 sections (approximate: no exact match; within 1 edit)\n"))
        #expect(text.stdout.contains("[Zürich]"))
        let off = try CLI.run(["filter", "--typos", "off", "--query", "zurihc", "--json", names])
        let object = try JSONSerialization.jsonObject(with: Data(off.stdout.utf8)) as? [String: Any]
        #expect(object?["total"] as? Int == 0 && object?["approximate"] == nil)
        let bad = try CLI.run(["filter", "--typos", "maybe", "--query", "a", names])
        #expect(bad.status != 0 && bad.stderr.contains("'maybe' is invalid for '--typos"))
    }

    @Test("--hide-index shows no index titles while searching, the listing's own for an empty query")
    func hideIndex() throws {
        let names = try CLI.temporaryFile("n.txt", Array("Ada\nBea\n".utf8))
        let queries = try CLI.temporaryFile("q.txt", Array("a\n\n".utf8))
        let result = try CLI.run(["filter", "--hide-index", "--queries", queries, "--json", names])
        let documents = result.stdout.split(separator: "\n").map {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(documents.map { $0?["indexTitles"] as? [String] } == [[], ["{search}", "A", "B"]])
    }

    @Test("offset and limit choose the rows; counts cover every match")
    func paging() throws {
        let names = try CLI.temporaryFile("n.txt", Array("Ada\nAbe\nBea\nCal\n".utf8))
        let result = try CLI.run(["filter", "--query", "a", "--offset", "1", "--limit", "2", "--json", names])
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let sections = object?["sections"] as? [[String: Any]] ?? []
        #expect(sections.map { $0["count"] as? Int } == [2, 1, 1])
        #expect(sections.map { ($0["items"] as? [Any])?.count } == [1, 1, 0])
    }

    @Test("bad input: a query file with invalid UTF-8, an unknown fold or mode, a negative limit")
    func errors() throws {
        let bad = try CLI.temporaryFile("q.txt", Array("ok\n".utf8) + [0xC3, 0x0A])
        for (arguments, message) in [(["filter", "--queries", bad], "\(bad):2: invalid UTF-8"),
                                     (["filter", "--fold", "accents", "--query", "a"], "'accents' is invalid for '--fold"),
                                     (["filter", "--mode", "regex", "--query", "a"], "'regex' is invalid for '--mode"),
                                     (["filter", "--limit=-3", "--query", "a"], "--limit must be 0 or more"),
                                     (["filter", "--offset=-1", "--query", "a"], "--offset must be 0 or more"),
                                     (["filter", "--queries", "/nonexistent/q.txt"], "/nonexistent/q.txt: cannot read")] {
            let result = try CLI.run(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
    }

    @Test("without a terminal and without queries, filter says what to give")
    func noTerminal() throws {
        let result = try CLI.run(["filter"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("give --query or --queries"))
    }

    @Test("bench --json reports one keystroke per typed prefix")
    func bench() throws {
        let names = try CLI.temporaryFile("n.txt", Array("Ada\nAbe\nBea\nCal\n".utf8))
        let queries = try CLI.temporaryFile("q.txt", Array("Abe\nca\n".utf8))
        let result = try CLI.run(["bench", "--corpus", names, "--queries", queries, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?["items"] as? Int == 4)
        let keystrokes = object?["keystrokes"] as? [[String: Any]] ?? []
        #expect(keystrokes.map { $0["query"] as? String } == ["A", "Ab", "Abe", "c", "ca"])
        #expect(keystrokes.map { $0["total"] as? Int } == [4, 1, 1, 1, 1])
        for key in ["read_seconds", "build_seconds", "peak_rss_mb", "index_bytes", "p50_ms", "p99_ms"] { #expect(object?[key] != nil, "\(key)") }
    }
}
