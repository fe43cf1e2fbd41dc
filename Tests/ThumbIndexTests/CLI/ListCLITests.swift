import Foundation
import Testing

@Suite("thumbindex list and labels, end to end")
struct ListCLITests {
    @Test("with no file it lists the bundled address book")
    func defaultCorpus() throws {
        let result = try CLI.run(["list"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\nFavorites ("))
        #expect(result.stdout.contains("index: {search} ★ A B"))
    }

    @Test("the bundled address book is inside the binary: a copy elsewhere lists it from any directory")
    func installedBinary() throws {
        let home = URL(fileURLWithPath: try CLI.temporaryFile("placeholder", [])).deletingLastPathComponent()
        let installed = home.appendingPathComponent("bin-thumbindex")
        try FileManager.default.copyItem(at: CLI.binary, to: installed)
        let result = try CLI.run(["list"], binary: installed, directory: home)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("en: 600 items in "))
        #expect(result.stdout.contains("\nFavorites (8)\n"))
    }

    @Test("--json has the documented shape")
    func json() throws {
        let path = try CLI.temporaryFile("n.txt", Array("Åsa\nAnna\n12 Monkeys\nZoë\n".utf8))
        let result = try CLI.run(["list", "--locale", "sv", "--json", path])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?["locale"] as? String == "sv")
        #expect(object?["indexTitles"] as? [String] == ["{search}", "A", "Z", "Å", "#"])
        let sections = object?["sections"] as? [[String: Any]] ?? []
        #expect(sections.map { $0["title"] as? String } == ["A", "Z", "Å", "#"])
        #expect(sections.map { $0["count"] as? Int } == [1, 1, 1, 1])
        #expect((sections.last?["items"] as? [[String: Any]])?.first?["text"] as? String == "12 Monkeys")
    }

    @Test("TSV records: key, reading and the other columns")
    func tsv() throws {
        let path = try CLI.temporaryFile("p.tsv", Array("name\treading\tphone\n山田\tやまだ\t03\n".utf8))
        let result = try CLI.run(["list", "--locale", "ja", "--key", "name", "--reading", "reading", "--json", path])
        #expect(result.stdout.contains(#"{"title":"や","indexTitle":"や","index":1,"count":1,"offset":0,"items":[{"text":"山田","reading":"やまだ","phone":"03"}]}"#))
    }

    @Test("a column named like an item field (text, matches) is written as column:NAME: no key twice")
    func reservedColumnNames() throws {
        let path = try CLI.temporaryFile("r.tsv", Array("name\ttext\tmatches\nAnna\tx\ty\n".utf8))
        let result = try CLI.run(["list", "--key", "name", "--json", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#"{"text":"Anna","column:text":"x","column:matches":"y"}"#))
        let filtered = try CLI.run(["filter", "--key", "name", "--query", "ann", "--json", path])
        #expect(filtered.stdout.contains(#"{"text":"Anna","column:text":"x","column:matches":"y","matches":[[0,3]]}"#), "\(filtered.stdout)")
    }

    @Test("standard input with -")
    func stdin() throws {
        let result = try CLI.run(["list", "--locale", "de", "-"], stdin: "Ärger\nZeit\n")
        #expect(result.status == 0)
        #expect(result.stdout.contains("A (1)\n  Ärger\n"))
    }

    @Test("labels, as text and JSON")
    func labels() throws {
        #expect(try CLI.run(["labels", "--locale", "cs"]).stdout.contains("H CH I"))
        #expect(try CLI.run(["labels", "--locale", "da", "--json"]).stdout.contains(#"{"title":"Æ","indexTitle":"Æ","kind":"letter"}"#))
    }

    @Test("bad input: a clear error naming file and line on stderr, nothing on stdout, non-zero exit",
          arguments: [
            (["list", "--locale", "xx_YY"], "unknown locale 'xx_YY'"),
            (["list", "/nonexistent/names.txt"], "/nonexistent/names.txt: no such file"),
            (["list", "/tmp"], "/tmp: cannot read the file"),
            (["labels", "--locale", "qq_ZZ"], "unknown locale 'qq_ZZ'"),
          ])
    func errors(arguments: [String], message: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test("bad files: invalid UTF-8, a ragged row, an unknown column")
    func badFiles() throws {
        let utf8 = try CLI.temporaryFile("u.txt", Array("Anna\n".utf8) + [0xFF, 0x0A])
        let ragged = try CLI.temporaryFile("r.tsv", Array("a\tb\n1\t2\n3\n".utf8))
        let good = try CLI.temporaryFile("g.tsv", Array("a\tb\n1\t2\n".utf8))
        for (arguments, message) in [(["list", utf8], "\(utf8):2: invalid UTF-8"),
                                     (["list", ragged], "\(ragged):3: ragged row"),
                                     (["list", "--key", "c", good], "\(good):1: --key c: no such column; the columns are a, b")] {
            let result = try CLI.run(arguments)
            #expect(result.status != 0)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
    }
}
