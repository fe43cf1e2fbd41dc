import ArgumentParser
import Foundation
import Peers
@_spi(Benchmarks) import ThumbIndex

/// Issue 23's figures: finding people by terms in any order, other columns, phone digits and the
/// dial pad (`people.sh` runs these; `people_report.py` makes the tables).
extension PeersRun {
    /// The columns searched besides the name: the contacts' company as text and phone as phone
    /// numbers (region from the `region` column); GeoNames has none.
    static func searchedColumns(_ corpus: Corpus) -> (fields: [String], phones: [String], region: String?) {
        corpus.name == .contacts ? (["company"], ["phone"], "region") : ([], [], nil)
    }

    /// Multi-word, single-word, phone and dial-pad sessions on ThumbIndex and, interleaved, SQLite
    /// FTS5 asked the same all-terms question.
    struct PeopleSessions: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "people-sessions",
            abstract: "Type issue 23's sessions on ThumbIndex (with the searched columns) and, interleaved, on FTS5.")
        @OptionGroup var options: CorpusOptions

        @Option(help: "Kinds of sessions typed as text, on both systems (<corpus>-sessions-<kind>.txt).")
        var kinds: [String] = []

        @Option(help: "Kinds typed as text on ThumbIndex only (phone digits).")
        var thumbindexOnly: [String] = []

        @Option(help: "Kinds typed on the dial pad (ThumbIndex only; run after the others: the first builds the dial-pad keys).")
        var dialpad: [String] = []

        @Option(help: "Seconds FTS5 may spend typing each kind's sessions.")
        var fts5Budget: Double = 120

        @Option(help: "The JSON file to write.")
        var out: String

        struct Report: Codable {
            var kind = "people-sessions"
            var corpus: Corpus.Name
            var tag: String
            var items: Int
            var sections: Int
            var fields: [String]
            var phones: [String]
            var thumbindexBuild: BuildReport
            var fts5Build: BuildReport?
            var thumbindexIndexBytes: Int
            var fts5IndexBytes: Int?
            var fts5Extra: [String: Double]?
            /// The first dial-pad query (it builds the dial-pad keys), in seconds, and the index's
            /// bytes after it (`indexByteCount` counts the dial-pad keys once built).
            var dialpadFirstQuerySeconds: Double?
            var dialpadFirstQuery: String?
            var thumbindexIndexBytesAfterDialpad: Int?
            var memory: MemoryReport
            var kinds: [TermsRunner.KindResult]
        }

        func run() throws {
            let corpus = options.spec
            let (fields, phones, region) = PeersRun.searchedColumns(corpus)
            let allKinds = kinds + thumbindexOnly + dialpad
            let sessions = try Dictionary(uniqueKeysWithValues: allKinds.map { ($0, try Corpus.readQueries(corpus.sessionsPath(kind: $0))) })
            for kind in kinds {
                if let bad = sessions[kind]!.queries.first(where: { $0.contains(where: { "%_\"".contains($0) }) }) {
                    throw BenchmarkError("\(kind): query \(bad) holds a LIKE wildcard or a quote; the FTS5 peer does not escape them")
                }
            }
            log("reading \(corpus.itemsPath)")
            let table = try corpus.readTable()
            let inputResident = ProcessMemory.resident
            var build = BuildReport()
            log("ThumbIndex on \(corpus.tag): \(table.count) items, fields \(fields), phones \(phones); building")
            let thumbindex = try ThumbIndexSystem(corpus: corpus, table: table, fields: fields, phones: phones, region: region,
                                                  report: &build)
            let listing = thumbindex.searchable.listing
            let indexBytes = thumbindex.searchable.indexByteCount
            log("built in \(build.phases.map { "\($0.name) \(String(format: "%.2f", $0.seconds)) s" }.joined(separator: ", ")); index \(indexBytes) bytes")
            var fts5: SQLiteTermsSystem?
            var fts5Build: BuildReport?
            if !kinds.isEmpty {
                var report = BuildReport()
                log("SQLite FTS5 trigram over name\(fields.map { ", \($0)" }.joined()); building")
                fts5 = try SQLiteTermsSystem(listing: listing, fields: fields.map { ($0, table.fields[$0]!) }, report: &report)
                fts5Build = report
                log("built in \(String(format: "%.2f", report.seconds)) s; index \(fts5!.indexBytes ?? 0) bytes")
            }
            let runner = TermsRunner(fts5Budget: fts5Budget, log: log)
            var results: [TermsRunner.KindResult] = []
            for kind in kinds + thumbindexOnly {
                results.append(runner.run(.init(name: kind, sessions: sessions[kind]!, dialpad: false, fts5: kinds.contains(kind)),
                                          thumbindex: thumbindex, fts5: fts5))
            }
            var firstSeconds: Double?, firstQuery: String?, bytesAfter: Int?
            if let first = dialpad.first, let text = sessions[first]!.keystrokes.first?.text {
                // The first dial-pad query builds the dial-pad keys: timed on its own, then excluded.
                thumbindex.dialpad = true
                thumbindex.beginQuery()
                let clock = ContinuousClock()
                let start = clock.now
                _ = thumbindex.keystroke(text)
                firstSeconds = (clock.now - start).seconds
                firstQuery = text
                bytesAfter = thumbindex.searchable.indexByteCount
                log(String(format: "first dial-pad query %@: %.2f s; index %d → %d bytes", text, firstSeconds!, indexBytes, bytesAfter!))
            }
            for kind in dialpad {
                results.append(runner.run(.init(name: kind, sessions: sessions[kind]!, dialpad: true, fts5: false),
                                          thumbindex: thumbindex, fts5: nil))
            }
            try write(Report(corpus: corpus.name, tag: corpus.tag, items: table.count, sections: listing.sections.count,
                             fields: fields, phones: phones, thumbindexBuild: build, fts5Build: fts5Build,
                             thumbindexIndexBytes: indexBytes, fts5IndexBytes: fts5?.indexBytes, fts5Extra: fts5?.extraInfo,
                             dialpadFirstQuerySeconds: firstSeconds, dialpadFirstQuery: firstQuery,
                             thumbindexIndexBytesAfterDialpad: bytesAfter,
                             memory: MemoryReport(inputResident: inputResident, builtResident: inputResident,
                                                  peakResident: ProcessMemory.peakResident),
                             kinds: results),
                      to: out)
        }
    }

    /// What the searched columns, the phone forms and the dial-pad keys add to the index.
    struct PeopleBytes: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "people-bytes",
            abstract: "Index bytes and build time without fields, with the text field, with the phone field, and after the dial-pad keys.")
        @OptionGroup var options: CorpusOptions

        @Option(help: "A dial-pad query for the first dial-pad search (it builds the keys).")
        var dialpadQuery = "5"

        @Option(help: "The JSON file to write.")
        var out: String

        struct Variant: Codable {
            var name: String
            var fields: [String]
            var phones: [String]
            var build: BuildReport
            var indexBytes: Int
            /// The searched columns' values as the listing holds them (UTF-8 + an 8-byte offset a row);
            /// not part of `indexBytes`.
            var valueBytes: Int
            var bytesByPart: [Build.BytePart]
            var dialpadFirstQuerySeconds: Double?
            var indexBytesAfterDialpad: Int?
        }

        struct Report: Codable {
            var kind = "people-bytes"
            var corpus: Corpus.Name
            var tag: String
            var items: Int
            var variants: [Variant]
            var peakResident: Int
        }

        func run() throws {
            let corpus = options.spec
            let (fields, phones, region) = PeersRun.searchedColumns(corpus)
            let table = try corpus.readTable()
            var variants: [Variant] = []
            let plans: [(String, [String], [String])] = [("name only", [], []), ("name + company", fields, []),
                                                         ("name + company + phone", fields, phones)]
            for (name, f, p) in plans where name == "name only" || !(f.isEmpty && p.isEmpty) {
                if !variants.isEmpty, variants.last!.fields == f, variants.last!.phones == p { continue }
                var build = BuildReport()
                log("\(name): building")
                var system: ThumbIndexSystem? = try ThumbIndexSystem(corpus: corpus, table: table, fields: f, phones: p,
                                                                     region: p.isEmpty ? nil : region, report: &build)
                let searchable = system!.searchable
                let values = (f + p + (p.isEmpty ? [] : [region].compactMap { $0 })).reduce(0) {
                    $0 + table.fields[$1]!.bytes.count + 8 * table.fields[$1]!.offsets.count
                }
                var variant = Variant(name: name, fields: f, phones: p, build: build, indexBytes: searchable.indexByteCount,
                                      valueBytes: values,
                                      bytesByPart: searchable.indexBytesByPart.map { Build.BytePart(part: $0.part, bytes: $0.bytes) })
                if name == plans.last!.0 || (fields.isEmpty && phones.isEmpty) {
                    system!.dialpad = true
                    system!.beginQuery()
                    let clock = ContinuousClock()
                    let start = clock.now
                    _ = system!.keystroke(dialpadQuery)
                    variant.dialpadFirstQuerySeconds = (clock.now - start).seconds
                    variant.indexBytesAfterDialpad = searchable.indexByteCount
                }
                log("\(name): \(variant.indexBytes) bytes\(variant.indexBytesAfterDialpad.map { ", \($0) after the dial-pad keys" } ?? "")")
                variants.append(variant)
                system = nil
            }
            try write(Report(corpus: corpus.name, tag: corpus.tag, items: table.count, variants: variants,
                             peakResident: ProcessMemory.peakResident), to: out)
        }
    }
}
