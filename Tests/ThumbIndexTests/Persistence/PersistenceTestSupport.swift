import Foundation
import Testing
@testable import ThumbIndex

/// A fresh folder for one test's files, removed when the test is done with it.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("thumbindex-saved-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

/// What `read` makes of the records `write` appends, through an archive file (format version 1) in
/// a temporary folder: a part's own round trip, without a whole saved listing.
func throughArchive<T>(_ write: (inout ArchiveWriter) -> Void, read: (inout ArchiveReader) throws -> T) throws -> T {
    let folder = try TemporaryFolder()
    let path = folder.path("records.archive")
    var writer = ArchiveWriter()
    write(&writer)
    try writer.write(to: path, formatVersion: 1)
    var reader = try ArchiveReader(path: path, formatVersion: 1)
    return try read(&reader)
}

/// The reason of the `SavedIndexError` that `body` throws, or nil (with an issue recorded) when it
/// throws nothing or something else.
func savedIndexFailure(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> SavedIndexError.Reason? {
    do {
        try body()
        Issue.record("expected a SavedIndexError, got none", sourceLocation: sourceLocation)
    } catch let error as SavedIndexError {
        return error.reason
    } catch {
        Issue.record("expected a SavedIndexError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// Holds one answer of a loaded live listing against the same query's answer on the one saved:
/// the total, the sections' titles and counts, and every match's item, ranges and field matches.
func expectSameLiveAnswer(_ got: LiveFilteredListing, _ want: LiveFilteredListing, _ context: String,
                          sourceLocation: SourceLocation = #_sourceLocation) throws {
    #expect(got.total == want.total, "\(context)", sourceLocation: sourceLocation)
    #expect(got.sections.map(\.title) == want.sections.map(\.title), "\(context)", sourceLocation: sourceLocation)
    #expect(got.sections.map(\.count) == want.sections.map(\.count), "\(context)", sourceLocation: sourceLocation)
    let all = try got.matches(offset: 0, limit: .max), expected = try want.matches(offset: 0, limit: .max)
    #expect(all.map(\.item) == expected.map(\.item), "\(context)", sourceLocation: sourceLocation)
    #expect(all.map(\.ranges) == expected.map(\.ranges), "\(context)", sourceLocation: sourceLocation)
    #expect(all.map(\.fieldMatches) == expected.map(\.fieldMatches), "\(context)", sourceLocation: sourceLocation)
}

/// Holds a loaded listing against the one saved: every structure equal (the phonetic keys
/// included), and the same answer to every query of `queries` under every fold, mode and setting of
/// `phonetics` (sections, index titles and targets, every match with its ranges, a middle page, the
/// section of every match).
func expectSameAnswers(_ loaded: SearchableListing<Int>, _ original: SearchableListing<Int>, queries: [String],
                       phonetics: [Phonetic] = [.auto], sourceLocation: SourceLocation = #_sourceLocation) throws {
    let a = loaded.listing, b = original.listing
    #expect(a.collation.locale == b.collation.locale, sourceLocation: sourceLocation)
    #expect(a.collation.labels == b.collation.labels, sourceLocation: sourceLocation)
    #expect(a.elements == b.elements, sourceLocation: sourceLocation)
    #expect(a.sections == b.sections, sourceLocation: sourceLocation)
    #expect(a.indexTitles == b.indexTitles, sourceLocation: sourceLocation)
    #expect(a.indexTargets == b.indexTargets, sourceLocation: sourceLocation)
    #expect(a.isDescending == b.isDescending && a.hasFullIndex == b.hasFullIndex, sourceLocation: sourceLocation)
    #expect(Array(a.texts) == Array(b.texts) && a.texts.offsets == b.texts.offsets, sourceLocation: sourceLocation)
    for position in -1...a.indexTitles.count {
        #expect(a.indexTarget(forTitleAt: position) == b.indexTarget(forTitleAt: position), sourceLocation: sourceLocation)
    }
    for row in -1...a.count {
        #expect(a.sectionIndex(containingRow: row) == b.sectionIndex(containingRow: row), sourceLocation: sourceLocation)
    }

    let x = loaded.index.storage, y = original.index.storage
    expectSame(x.main, y.main, sourceLocation: sourceLocation)
    for (v, w) in [(x.caseVariant, y.caseVariant), (x.allVariant, y.allVariant)] {
        #expect(v.rows == w.rows && v.isVariant.words == w.isVariant.words, sourceLocation: sourceLocation)
        expectSame(v.index, w.index, sourceLocation: sourceLocation)
    }
    expectSame(x.phonetic, y.phonetic, sourceLocation: sourceLocation)

    for query in queries {
        for fold in Fold.allCases {
            for (mode, phonetic) in MatchMode.allCases.flatMap({ mode in phonetics.map { (mode, $0) } }) {
                let p = try loaded.filter(query, fold: fold, mode: mode, phonetic: phonetic)
                let q = try original.filter(query, fold: fold, mode: mode, phonetic: phonetic)
                let context = "query \(query.debugDescription), fold \(fold), mode \(mode), phonetic \(phonetic)"
                #expect(p.total == q.total, "\(context)", sourceLocation: sourceLocation)
                #expect(p.sections == q.sections, "\(context)", sourceLocation: sourceLocation)
                #expect(p.indexTitles == q.indexTitles, "\(context)", sourceLocation: sourceLocation)
                for position in -1...p.indexTitles.count {
                    #expect(p.indexTarget(forTitleAt: position) == q.indexTarget(forTitleAt: position), "\(context)", sourceLocation: sourceLocation)
                }
                #expect(try p.matches(offset: 0, limit: .max) == q.matches(offset: 0, limit: .max), "\(context)", sourceLocation: sourceLocation)
                #expect(try p.matches(offset: 1, limit: 3) == q.matches(offset: 1, limit: 3), "\(context)", sourceLocation: sourceLocation)
                for k in 0..<p.total {
                    #expect(p.sectionIndex(containingMatch: k) == q.sectionIndex(containingMatch: k), "\(context)", sourceLocation: sourceLocation)
                }
            }
        }
    }
}

private func expectSame(_ a: TextIndex, _ b: TextIndex, sourceLocation: SourceLocation) {
    #expect(a.text == b.text && a.starts == b.starts, sourceLocation: sourceLocation)
    #expect(a.wordStarts.words == b.wordStarts.words, sourceLocation: sourceLocation)
    #expect(a.suffixes == b.suffixes && a.longEntries == b.longEntries, sourceLocation: sourceLocation)
    #expect(a.code.offsetBits == b.code.offsetBits, sourceLocation: sourceLocation)
}

/// Every part of two phonetic indexes equal.
private func expectSame(_ a: PhoneticIndex, _ b: PhoneticIndex, sourceLocation: SourceLocation) {
    for (k, l) in [(a.kanaVariant, b.kanaVariant),
                   (a.kanaReadings, b.kanaReadings), (a.romaji, b.romaji)] {
        #expect(k.entryRows == l.entryRows && k.entriesAreRows == l.entriesAreRows, sourceLocation: sourceLocation)
        expectSame(k.index, l.index, sourceLocation: sourceLocation)
        #expect(k.denseKeys.mapValues(\.words) == l.denseKeys.mapValues(\.words), sourceLocation: sourceLocation)
        #expect(k.denseKeys.mapValues(\.blockRanks) == l.denseKeys.mapValues(\.blockRanks), sourceLocation: sourceLocation)
    }
    for (k, l) in [(a.hangul.keyRows, b.hangul.keyRows), (a.hangul.initialRows, b.hangul.initialRows)] {
        #expect(k.lists == l.lists && k.denseKeys == l.denseKeys && k.rowCount == l.rowCount, sourceLocation: sourceLocation)
        #expect(k.bitmaps.map(\.words) == l.bitmaps.map(\.words), sourceLocation: sourceLocation)
        #expect(k.bitmaps.map(\.blockRanks) == l.bitmaps.map(\.blockRanks), sourceLocation: sourceLocation)
    }
    #expect(a.hangul.keyCodes == b.hangul.keyCodes, sourceLocation: sourceLocation)
    let p = a.pinyin, q = b.pinyin
    #expect(p.alphabet == q.alphabet && p.readings == q.readings && p.runStartReadings == q.runStartReadings, sourceLocation: sourceLocation)
    #expect(p.unitRows == q.unitRows && p.syllables == q.syllables && p.pairRows == q.pairRows, sourceLocation: sourceLocation)
    #expect(p.tripleRows == q.tripleRows, sourceLocation: sourceLocation)
    #expect(p.piecePrefixes == q.piecePrefixes && p.rowCount == q.rowCount, sourceLocation: sourceLocation)
    #expect(a.readingIsText.words == b.readingIsText.words, sourceLocation: sourceLocation)
    #expect(a.byteCount == b.byteCount, sourceLocation: sourceLocation)
}
