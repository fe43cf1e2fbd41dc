import Foundation
import Testing
@testable import ThumbIndexStore

@Suite("SQLiteStore: files")
struct SQLiteStoreTests {
    @Test("files that are not stores, and missing folders, are refused naming the file")
    func badFiles() throws {
        let missing = "/nonexistent-folder/store.sqlite"
        #expect(storeError { try SQLiteStore(path: missing) }?.description == "\(missing): cannot open the store: the folder /nonexistent-folder does not exist")
        let text = try temporaryStorePath("notes.txt")
        try Data(String(repeating: "not a database\n", count: 100).utf8).write(to: URL(fileURLWithPath: text))
        #expect(storeError { try SQLiteStore(path: text) }?.description.hasPrefix("\(text): not a ThumbIndex store: it is not a SQLite database") == true)
        let folder = (text as NSString).deletingLastPathComponent
        #expect(storeError { try SQLiteStore(path: folder) }?.description == "\(folder): cannot open the store: it is a folder; give a file name")
    }

    @Test("another SQLite database is not a store")
    func otherDatabase() throws {
        let path = try temporaryStorePath("other.sqlite")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('create table t(x)'); c.commit()", path]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        #expect(storeError { try SQLiteStore(path: path) }?.description.hasPrefix("\(path): not a ThumbIndex store: it is a SQLite database of something else") == true)
    }
}
