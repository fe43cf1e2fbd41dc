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

/// Holds a loaded listing against the one saved: every structure equal, and the same answer to
/// every query of `queries` under every fold and mode (sections, index titles and targets, every
/// match with its ranges, a middle page, the section of every match).
func expectSameAnswers(_ loaded: SearchableListing<Int>, _ original: SearchableListing<Int>, queries: [String],
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
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

    for query in queries {
        for fold in Fold.allCases {
            for mode in MatchMode.allCases {
                let p = try loaded.filter(query, fold: fold, mode: mode), q = try original.filter(query, fold: fold, mode: mode)
                let context = "query \(query.debugDescription), fold \(fold), mode \(mode)"
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
