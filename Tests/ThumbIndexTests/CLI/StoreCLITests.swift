import Foundation
import Testing

@Suite("thumbindex import and export, end to end")
struct StoreCLITests {
    /// A fresh store path (the file does not exist yet).
    private func storePath() throws -> String {
        URL(fileURLWithPath: try CLI.temporaryFile("placeholder", [])).deletingLastPathComponent().appendingPathComponent("s.sqlite").path
    }

    @Test("with no file, import stores the bundled address book as contacts; export writes it back with ids first")
    func bundledCorpus() throws {
        let store = try storePath()
        let imported = try CLI.run(["import", "--store", store])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.isEmpty)
        #expect(imported.stderr.hasPrefix("imported 600 items into contacts (en) in "), "\(imported.stderr)")
        let exported = try CLI.run(["export", "--store", store, "contacts"])
        #expect(exported.status == 0, "\(exported.stderr)")
        let lines = exported.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "id\tname\treading\tfavorite\tphone\tlocale")
        let corpus = try String(contentsOf: Corpora.root.appendingPathComponent("contacts.tsv"), encoding: .utf8)
        #expect(lines.dropFirst().map { $0.drop { $0 != "\t" }.dropFirst() }.joined(separator: "\n") == corpus.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n"),
                "every row as it was, after its id")
    }

    @Test("export, then import --id id, makes the same listing: the same TSV again")
    func roundTrip() throws {
        let store = try storePath()
        let file = try CLI.temporaryFile("people.tsv", Array("name\treading\tstar\tnote\n山田\tやまだ\t★\t\nÅsa\t\t\tfika\n\nZoë\t\tyes\tx\n".utf8))
        let first = try CLI.run(["import", "--store", store, "--locale", "ja", "--reading", "reading", "--pin", "star", "people=\(file)"])
        #expect(first.status == 0, "\(first.stderr)")
        let exported = try CLI.run(["export", "--store", store, "people"])
        #expect(exported.stdout.hasPrefix("id\tname\treading\tstar\tnote\nn"))
        #expect(exported.stdout.contains("\t山田\tやまだ\t★\t\n") && exported.stdout.hasSuffix("\tZoë\t\tyes\tx\n"))
        let copy = try CLI.temporaryFile("copy.tsv", Array(exported.stdout.utf8))
        let again = try CLI.run(["import", "--store", store, "--locale", "ja", "--id", "id", "--reading", "reading", "--pin", "star", "copy=\(copy)"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try CLI.run(["export", "--store", store, "copy"]).stdout == exported.stdout)
    }

    @Test("plain lines: ids assigned, column text; --replace replaces, without it the listing is kept")
    func linesAndReplace() throws {
        let store = try storePath()
        let file = try CLI.temporaryFile("names.txt", Array("Anna\nBo\n".utf8))
        #expect(try CLI.run(["import", "--store", store, file]).status == 0)
        #expect(try CLI.run(["export", "--store", store, "names"]).stdout == "id\ttext\nn1\tAnna\nn2\tBo\n")
        let refused = try CLI.run(["import", "--store", store, file])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("--store \(store): a listing called 'names' exists already; give --replace"), "\(refused.stderr)")
        let other = try CLI.temporaryFile("names.txt", Array("Cecilia\n".utf8))
        #expect(try CLI.run(["import", "--store", store, "--replace", other]).status == 0)
        #expect(try CLI.run(["export", "--store", store, "names"]).stdout == "id\ttext\nn3\tCecilia\n")
    }

    @Test("bad input: a clear error naming the file and line or the store, nothing written")
    func errors() throws {
        let store = try storePath()
        let control = try CLI.temporaryFile("c.txt", Array("Anna\n\nB\u{1}o\n".utf8))
        let duplicate = try CLI.temporaryFile("d.tsv", Array("id\tname\n1\tA\n\n1\tB\n".utf8))
        let blank = try CLI.temporaryFile("b.tsv", Array("name\tphone\nA\t1\n \t2\n".utf8))
        let spaced = try CLI.temporaryFile("my list.tsv", Array("name\nA\n".utf8))
        let notAStore = try CLI.temporaryFile("n.sqlite", Array(String(repeating: "text\n", count: 200).utf8))
        for (arguments, message) in [
            (["import", "--store", store, control], "\(control):3: column 'text': holds the control character U+0001"),
            (["import", "--store", store, "--id", "id", duplicate], "\(duplicate):4: column 'id': '1' is also the id on line 2"),
            (["import", "--store", store, duplicate], "\(duplicate):1: the file has a column 'id': give --id id"),
            (["import", "--store", store, "--id", "nope", duplicate], "\(duplicate):1: --id nope: no such column"),
            (["import", "--store", store, blank], "\(blank):3: column 'name': is blank"),
            (["import", "--store", store, "--locale", "xx_YY", blank], "unknown locale 'xx_YY'"),
            (["import", "--store", store, spaced], "\(spaced): 'my list' cannot name a listing"),
            (["import", "--store", "/nonexistent/s.sqlite"], "--store /nonexistent/s.sqlite: cannot open the store: the folder /nonexistent does not exist"),
            (["import", "--store", notAStore], "--store \(notAStore): not a ThumbIndex store"),
            (["export", "--store", store, "nope"], "--store \(store): no listing is called 'nope'; it holds no listings"),
        ] {
            let result = try CLI.run(arguments)
            #expect(result.status != 0)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
    }
}
