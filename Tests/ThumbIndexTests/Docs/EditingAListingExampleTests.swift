import Foundation
import Testing
import ThumbIndex

/// The DocC article "Editing a listing" (Sources/ThumbIndex/ThumbIndex.docc/EditingAListing.md):
/// its example line for line, with the values the article prints. Only the public API: this file
/// imports ThumbIndex as an app does.
@Suite("Editing a listing: the article's example says what the library does")
struct EditingAListingExampleTests {
    @Test func theArticleExample() throws {
        let book = try EditableListing(locale: "sv", fields: [.text("company"), .phone("phone")])
        try book.insert(.init(id: "1", text: "Åsa Berg", fields: ["company": "Acme"]))
        try book.insert(.init(id: "2", text: "Anna Ek", pinned: true))

        var batch = EditableListing.Batch()
        batch.insert(.init(id: "3", text: "Östen Lund", fields: ["phone": "+46 8 123 456"]))
        batch.rename(id: "2", to: "Anna Eklund")
        try book.apply(batch)

        let snapshot = book.snapshot
        let result = try snapshot.filter("ek")
        print(result.total, result.sections.map(\.title))
        #expect(result.total == 1)
        #expect(result.sections.map(\.title) == ["Favorites"])
        for match in try result.matches(offset: 0, limit: 20) {
            print(match.item.id, match.item.text, match.ranges)
            #expect(match.item.id == "2" && match.item.text == "Anna Eklund" && match.ranges == [5..<7])
        }
        print(try snapshot.filter("123 456").matches(offset: 0, limit: 20).map(\.item.text))
        #expect(try snapshot.filter("123 456").matches(offset: 0, limit: 20).map(\.item.text) == ["Östen Lund"])

        var message = ""
        do {
            try book.apply([.delete(id: "1"), .delete(id: "9")])
        } catch let error as EditableListing.EditError {
            print(error)
            message = error.description
        }
        #expect(message == "edit 2 of the batch (delete '9'): no item has id '9'; nothing of the batch was applied")
        print(book.snapshot.count)
        #expect(book.snapshot.count == 3)

        let path = NSTemporaryDirectory() + "contacts.thumbidx"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try book.save(to: path, metadata: ["nextID": "4"])
        let (opened, metadata) = try EditableListing.load(from: path, locale: "sv")
        print(opened.snapshot.count, metadata)
        #expect(opened.snapshot.count == 3 && metadata == ["nextID": "4"])
    }

    @Test("every Swift line of the article is compiled and run by this file")
    func everyLineOfTheArticleIsHere() throws {
        let article = DocumentationSnippetTests.root
            .appendingPathComponent("Sources/ThumbIndex/ThumbIndex.docc/EditingAListing.md")
        let lines = DocumentationSnippetTests.swiftLines(try String(contentsOf: article, encoding: .utf8))
        let tests = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        #expect(lines.count >= 20)
        for line in lines {
            #expect(tests.contains(line), "EditingAListing.md: `\(line)` is not compiled by this file")
        }
    }
}
