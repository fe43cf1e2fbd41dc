import Foundation

/// Reads an archive (see ``Archive``) written by ``ArchiveWriter``, from a mapping of the file
/// (``MappedFile``): nothing is read until it is touched.
///
/// ``init(path:formatVersion:checksum:)`` checks, in this order, the magic, the byte order, the
/// format version and the length; with ``Checksum/atOpen`` it then verifies the checksum of the
/// whole file, with ``Checksum/later`` it leaves that to ``verifyChecksum()``. The typed reads
/// (``array(_:tag:)``, ``flatArray(_:tag:)``, ``column(tag:)``, ``dictionary(tag:)``) then take
/// records in order, each checking its tag, its element width and that its length fits in the
/// bytes left: what each costs is its record header, plus a copy for `array`.
///
/// ```swift
/// var reader = try ArchiveReader(path: path, formatVersion: 1)
/// let meta = try reader.dictionary(tag: "meta")
/// let suffixes = try reader.flatArray(UInt32.self, tag: "sufx")   // the file's own pages
/// try reader.finish()
/// ```
package struct ArchiveReader: Sendable {
    /// When the whole file's checksum is verified.
    package enum Checksum: Sendable {
        /// Before anything is read: an archive that fails it is refused at once.
        case atOpen
        /// Not at open: the caller calls ``verifyChecksum()`` when it suits it (off the critical path).
        case later
    }

    /// The file read.
    let path: String
    /// The whole file, mapped.
    let file: MappedFile
    /// Where the next record starts.
    private var position = Archive.headerSize
    /// Where the payload ends (the trailer starts).
    private let end: Int

    /// Maps and checks the archive at `path`.
    /// - Throws: ``SavedIndexError`` (not found, unreadable, not an archive, other byte order, wrong
    ///   format version, truncated, corrupted).
    init(path: String, formatVersion: UInt32, checksum: Checksum = .atOpen) throws {
        let file = try MappedFile(path: path)
        let bytes = file.bytes
        func fail(_ reason: SavedIndexError.Reason) -> SavedIndexError { SavedIndexError(path: path, reason) }

        let magic = Archive.magic
        guard bytes.count >= Archive.headerSize else {
            // A cut inside the header of a real archive still shows a prefix of the magic.
            if bytes.prefix(magic.count).elementsEqual(magic.prefix(bytes.count)) {
                throw fail(.truncated(expectedBytes: Archive.headerSize + Archive.trailerSize, foundBytes: bytes.count))
            }
            throw fail(.notAnArchive)
        }
        guard bytes[0..<magic.count].elementsEqual(magic) else { throw fail(.notAnArchive) }
        let mark: UInt32 = Self.load(bytes, at: 12)
        guard mark == Archive.byteOrderMark else {
            throw fail(mark == Archive.byteOrderMark.byteSwapped ? .otherByteOrder : .corrupted("unknown byte-order mark"))
        }
        let version: UInt32 = Self.load(bytes, at: 8)
        guard version == formatVersion else {
            throw fail(.wrongFormatVersion(found: Int(version), supported: Int(formatVersion)))
        }
        let payloadLength: UInt64 = Self.load(bytes, at: 16)
        let available = bytes.count - Archive.headerSize - Archive.trailerSize
        guard payloadLength <= UInt64(max(available, 0)) else {
            let expected = payloadLength > UInt64(Int.max / 2) ? Int.max : Archive.headerSize + Int(payloadLength) + Archive.trailerSize
            throw fail(.truncated(expectedBytes: expected, foundBytes: bytes.count))
        }
        guard Int(payloadLength) == available else {
            throw fail(.corrupted("\(available - Int(payloadLength)) bytes past the end of the archive"))
        }
        self.path = path
        self.file = file
        self.end = Archive.headerSize + Int(payloadLength)
        self.formatVersion = version
        if checksum == .atOpen { try verifyChecksum() }
    }

    /// Verifies the checksum of the whole file against its trailer (a pass over every byte).
    /// - Throws: ``SavedIndexError/Reason/corrupted(_:)`` when they differ.
    func verifyChecksum() throws {
        let bytes = file.bytes
        let stored: UInt64 = Self.load(bytes, at: end)
        let computed = ArchiveChecksum.of(UnsafeRawBufferPointer(rebasing: bytes[0..<end]))
        guard stored == computed else {
            throw SavedIndexError(path: path, .corrupted("checksum \(hex(computed)) differs from the stored \(hex(stored))"))
        }
    }

    /// The format version the file was written in.
    let formatVersion: UInt32

    /// The next record, which must be an array of `T` under `tag`, as the file's own pages.
    /// - Throws: ``SavedIndexError/Reason/corrupted(_:)`` when the record is another, has another
    ///   element width, or claims more elements than there are bytes left.
    mutating func flatArray<T: FixedWidthInteger & Sendable>(_ type: T.Type, tag: String) throws -> FlatArray<T> {
        let bytes = file.bytes
        guard end - position >= Archive.recordHeaderSize else {
            throw corrupted("record '\(tag)' expected, \(end - position) bytes left")
        }
        let foundTag: UInt32 = Self.load(bytes, at: position)
        let width: UInt32 = Self.load(bytes, at: position + 4)
        let count: UInt64 = Self.load(bytes, at: position + 8)
        guard foundTag == Archive.tagValue(tag) else {
            throw corrupted("record '\(tag)' expected, found '\(Archive.tagText(foundTag))'")
        }
        let size = MemoryLayout<T>.size
        guard width == size else { throw corrupted("record '\(tag)' has \(width)-byte elements, not \(size)") }
        let start = position + Archive.recordHeaderSize
        let left = end - start
        guard count <= UInt64(left / size), Archive.padded(Int(count) * size) <= left else {
            throw corrupted("record '\(tag)' claims \(count) elements, \(left) bytes left")
        }
        position = start + Archive.padded(Int(count) * size)
        // Records start at multiples of 8 from the file's start (the header and every record are
        // padded to 8 bytes), and the mapping starts on a page: aligned for any `T` here.
        return FlatArray(mapped: file, byteOffset: start, count: Int(count))
    }

    /// The next record, which must be an array of `T` under `tag`, copied out of the file.
    /// - Throws: as ``flatArray(_:tag:)``.
    mutating func array<T: FixedWidthInteger & Sendable>(_ type: T.Type, tag: String) throws -> [T] {
        try flatArray(type, tag: tag).array
    }

    /// The next string column under `tag`: its bytes, then its offsets (checked to ascend from 0 to
    /// the bytes' end).
    mutating func column(tag: String) throws -> TextColumn {
        let text = try flatArray(UInt8.self, tag: tag)
        let offsets = try flatArray(Int64.self, tag: tag)
        guard let column = TextColumn(bytes: text, offsets: offsets) else {
            throw corrupted("the offsets of column '\(tag)' do not ascend from 0 to \(text.count)")
        }
        return column
    }

    /// The next dictionary of strings under `tag`.
    mutating func dictionary(tag: String) throws -> [String: String] {
        let keys = try column(tag: tag), values = try column(tag: tag)
        guard keys.count == values.count else { throw corrupted("dictionary '\(tag)' has \(keys.count) keys, \(values.count) values") }
        var dictionary: [String: String] = [:]
        for i in 0..<keys.count { dictionary[keys[i]] = values[i] }
        guard dictionary.count == keys.count else { throw corrupted("dictionary '\(tag)' repeats a key") }
        return dictionary
    }

    /// Checks that every record was read.
    mutating func finish() throws {
        guard position == end else { throw corrupted("\(end - position) bytes of records left unread") }
    }

    /// An error naming this file: its contents contradict themselves.
    func corrupted(_ what: String) -> SavedIndexError { SavedIndexError(path: path, .corrupted(what)) }

    /// A fixed-width integer at `offset` of `bytes`, in this machine's byte order.
    /// - Precondition: `offset + size <= bytes.count` (every caller checks it first).
    private static func load<T: FixedWidthInteger>(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> T {
        precondition(offset >= 0 && offset + MemoryLayout<T>.size <= bytes.count)
        return bytes.loadUnaligned(fromByteOffset: offset, as: T.self)
    }
}

private func hex(_ value: UInt64) -> String { "0x" + String(value, radix: 16) }
