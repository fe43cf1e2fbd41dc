import Foundation

/// Collects the records of an archive (see ``Archive``) and writes them to a file atomically.
///
/// Arrays are not copied when appended (they are copy-on-write values): ``write(to:formatVersion:)``
/// writes each straight from its storage, computing the checksum on the way, and flushes the file
/// to the disk every ``SyncedFileWrites/syncEvery`` bytes (see there).
///
/// ```swift
/// var writer = ArchiveWriter()
/// writer.append(["locale": "sv"], tag: "meta")
/// writer.append(suffixes, tag: "sufx")
/// try writer.write(to: "/var/lib/names.thumbindex", formatVersion: 1)
/// ```
struct ArchiveWriter {
    /// One record: its header, and a way to reach its elements' bytes.
    private struct Record {
        let header: [UInt8]
        let byteCount: Int
        let withBytes: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void
    }

    private var records: [Record] = []

    init() {}

    /// Appends a record of `values` under `tag` (four ASCII characters).
    mutating func append<T: FixedWidthInteger & Sendable>(_ values: [T], tag: String) {
        append(FlatArray(values), tag: tag)
    }

    /// Appends a record of `values` under `tag` (a mapped array is written from its pages).
    mutating func append<T: FixedWidthInteger & Sendable>(_ values: FlatArray<T>, tag: String) {
        var header = [UInt8]()
        header.reserveCapacity(Archive.recordHeaderSize)
        Self.put(Archive.tagValue(tag), into: &header)
        Self.put(UInt32(MemoryLayout<T>.size), into: &header)
        Self.put(UInt64(values.count), into: &header)
        records.append(Record(header: header, byteCount: values.count * MemoryLayout<T>.size,
                              withBytes: { body in try values.withUnsafeBufferPointer { try body(UnsafeRawBufferPointer($0)) } }))
    }

    /// Appends a string column: its bytes, then its offsets, both under `tag`.
    mutating func append(_ column: TextColumn, tag: String) {
        append(column.bytes, tag: tag)
        append(column.offsets, tag: tag)
    }

    /// Appends strings as a column.
    mutating func append(_ strings: [String], tag: String) { append(TextColumn(strings), tag: tag) }

    /// Appends a dictionary of strings: its keys (sorted) and their values, two columns under `tag`.
    mutating func append(_ dictionary: [String: String], tag: String) {
        let keys = dictionary.keys.sorted()
        append(keys, tag: tag)
        append(keys.map { dictionary[$0]! }, tag: tag)
    }

    private static func put<T: FixedWidthInteger>(_ value: T, into bytes: inout [UInt8]) {
        withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }
    }

    /// Writes the archive to `path` atomically: to `path.tmp` in the same folder, `fsync`, rename over
    /// `path`, `fsync` of the folder. A crash at any point leaves either the old file or the new one.
    /// The old file's disk blocks are given back a step at a time after the rename, unless a
    /// mapping of it lives (in any process): see ``MappedFileLock``.
    ///
    /// - Throws: ``ArchiveWriteError`` naming the file and the system call that failed; the temporary
    ///   file is removed on failure and the old file (if any) is left in place.
    func write(to path: String, formatVersion: UInt32) throws {
        let temporary = path + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ArchiveWriteError(path: temporary, call: "open", code: errno) }
        var closed = false
        defer {
            if !closed {
                close(fd)
                unlink(temporary)
            }
        }
        let payloadLength = records.reduce(0) { $0 + Archive.recordHeaderSize + Archive.padded($1.byteCount) }
        var header = Archive.magic
        Self.put(formatVersion, into: &header)
        Self.put(Archive.byteOrderMark, into: &header)
        Self.put(UInt64(payloadLength), into: &header)

        var output = Output(fd: fd, path: temporary)
        try output.add(header)
        for record in records {
            try output.add(record.header)
            try record.withBytes { bytes in
                // Whole words straight from the array; the last partial word, zero-padded, as one
                // word of its own (the checksum takes whole words until the very end).
                let whole = bytes.count & ~7
                try output.add(UnsafeRawBufferPointer(rebasing: bytes[0..<whole]))
                if whole < bytes.count {
                    var last = [UInt8](repeating: 0, count: 8)
                    for i in whole..<bytes.count { last[i - whole] = bytes[i] }
                    try output.add(last)
                }
            }
        }
        var trailer = [UInt8]()
        Self.put(output.checksum.value, into: &trailer)
        try output.add(trailer, checksummed: false)
        try output.flush()
        precondition(output.written == Archive.headerSize + payloadLength + Archive.trailerSize)

        guard fsync(fd) == 0 else { throw ArchiveWriteError(path: temporary, call: "fsync", code: errno) }
        closed = true
        guard close(fd) == 0 else {
            let code = errno
            unlink(temporary)
            throw ArchiveWriteError(path: temporary, call: "close", code: code)
        }
        // The file replaced, when no process maps it, is kept open through the rename and its
        // blocks given back in steps (see `MappedFileLock`).
        let replaced = MappedFileLock.openReplaced(path)
        guard rename(temporary, path) == 0 else {
            let code = errno
            if let replaced { close(replaced.fd) }
            unlink(temporary)
            throw ArchiveWriteError(path: path, call: "rename", code: code)
        }
        if let replaced { FileBlocks.giveBack(replaced.fd, size: replaced.size) }
        // Make the rename itself durable.
        let folder = (path as NSString).deletingLastPathComponent
        let folderFD = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folderFD >= 0 else { throw ArchiveWriteError(path: folder, call: "open", code: errno) }
        defer { close(folderFD) }
        guard fsync(folderFD) == 0 else { throw ArchiveWriteError(path: folder, call: "fsync", code: errno) }
    }

    /// The file being written: small pieces gather in a buffer, large ones go out directly.
    private struct Output {
        var file: SyncedFileWrites
        var buffer: [UInt8] = []
        var checksum = ArchiveChecksum()
        var written: Int { file.written }
        static let bufferLimit = 1 << 16

        init(fd: Int32, path: String) {
            file = SyncedFileWrites(fd: fd, path: path)
            buffer.reserveCapacity(Self.bufferLimit)
        }

        mutating func add(_ bytes: [UInt8], checksummed: Bool = true) throws {
            try bytes.withUnsafeBytes { try add($0, checksummed: checksummed) }
        }

        mutating func add(_ bytes: UnsafeRawBufferPointer, checksummed: Bool = true) throws {
            if checksummed { checksum.combine(bytes) }
            if buffer.count + bytes.count <= Self.bufferLimit {
                buffer.append(contentsOf: bytes)
                return
            }
            try flush()
            try file.write(bytes)
        }

        mutating func flush() throws {
            let pending = buffer
            buffer.removeAll(keepingCapacity: true)
            try pending.withUnsafeBytes { try file.write($0) }
        }
    }
}

/// A system call failed while saving a file.
public struct ArchiveWriteError: Error, CustomStringConvertible, Sendable {
    /// The file or folder the call was about.
    public let path: String
    /// The call that failed ("open", "write", "fdatasync", "fsync", "rename").
    public let call: String
    /// `errno`.
    public let code: Int32

    /// The error as one line.
    public var description: String {
        "cannot save '\(path)': \(call) failed: \(String(cString: strerror(code)))"
    }
}
