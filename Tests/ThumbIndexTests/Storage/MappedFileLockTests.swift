import Foundation
import Testing
@testable import ThumbIndex

/// A save gives the file it replaces back to the disk a step at a time, unless a mapping of it
/// lives; a file being replaced is never mapped (``MappedFileLock``).
@Suite("Storage: saved files replaced while mapped or not")
struct MappedFileLockTests {
    /// Writes an archive of `count` words (each `value`) to `path`.
    static func save(_ value: UInt64, count: Int, to path: String) throws {
        var writer = ArchiveWriter()
        writer.append([UInt64](repeating: value, count: count), tag: "word")
        try writer.write(to: path, formatVersion: 1)
    }

    /// The words of the archive mapped by `reader`, and that its checksum holds.
    static func words(_ reader: inout ArchiveReader) throws -> [UInt64] {
        try reader.verifyChecksum()
        return Array(try reader.flatArray(UInt64.self, tag: "word"))
    }

    /// The size of the file open as `fd` now.
    static func size(_ fd: Int32) -> Int {
        var info = stat()
        return fstat(fd, &info) == 0 ? Int(info.st_size) : -1
    }

    /// A new file name in a new folder, and the folder.
    static func path() throws -> (file: String, folder: String) {
        let folder = try ArrayStreamTests.folder()
        return ("\(folder)/names.thumbidx", folder)
    }

    @Test("a save cuts down the file it replaces when nothing maps it")
    func replacedFileCutDown() throws {
        let (path, folder) = try Self.path()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.save(1, count: 50_000, to: path)
        // An unlocked descriptor (not a mapping) sees what becomes of the old file.
        let old = open(path, O_RDONLY | O_CLOEXEC)
        try #require(old >= 0)
        defer { close(old) }
        #expect(Self.size(old) > 400_000)
        try Self.save(2, count: 10, to: path)
        FileBlocks.waitForPending()
        #expect(Self.size(old) == 0, "the replaced file was not cut down")
        var reader = try ArchiveReader(path: path, formatVersion: 1)
        #expect(try Self.words(&reader) == [UInt64](repeating: 2, count: 10))
    }

    @Test("a save leaves a file that a mapping holds whole, and the mapping reads it to the end")
    func mappedFileKept() throws {
        let (path, folder) = try Self.path()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.save(1, count: 50_000, to: path)
        var mapped = try ArchiveReader(path: path, formatVersion: 1, checksum: .later)
        let old = open(path, O_RDONLY | O_CLOEXEC)
        try #require(old >= 0)
        defer { close(old) }
        let size = Self.size(old)
        try Self.save(2, count: 10, to: path)
        FileBlocks.waitForPending()
        #expect(Self.size(old) == size, "a mapped file was cut down")
        // Every page of the old mapping is still there (a cut one would end the process).
        #expect(try Self.words(&mapped) == [UInt64](repeating: 1, count: 50_000))
        // Once the mapping is gone, the next save cuts down the file it replaces.
        let current = open(path, O_RDONLY | O_CLOEXEC)
        try #require(current >= 0)
        defer { close(current) }
        try Self.save(3, count: 10, to: path)
        FileBlocks.waitForPending()
        #expect(Self.size(current) == 0)
    }

    @Test("a file opened while a save replaces it is not mapped: the new file is")
    func openDuringReplace() throws {
        let (path, folder) = try Self.path()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.save(1, count: 1_000, to: path)
        // Stand in for a save between its lock and its rename.
        let replaced = try #require(MappedFileLock.openReplaced(path))
        try Self.save(2, count: 10, to: path + ".new")
        let saver = Thread {
            Thread.sleep(forTimeInterval: 0.05)
            rename(path + ".new", path)
            FileBlocks.giveBack(replaced.fd, size: replaced.size)
        }
        saver.start()
        var reader = try ArchiveReader(path: path, formatVersion: 1)
        #expect(try Self.words(&reader) == [UInt64](repeating: 2, count: 10))
    }
}
