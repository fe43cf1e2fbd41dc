import Foundation

/// Reads an archive (see ``Archive``) written by ``ArchiveWriter``: the whole file in one go,
/// checked before anything is handed out.
///
/// ``init(path:formatVersion:)`` reads the file into one buffer and verifies, in this order, the
/// magic, the byte order, the format version, the length and the checksum. Only then do the typed
/// reads (``array(_:tag:)``, ``column(tag:)``, ``dictionary(tag:)``) copy records out, each checking
/// its tag, its element width and that its length fits in the bytes left.
///
/// ```swift
/// var reader = try ArchiveReader(path: path, formatVersion: 1)
/// let meta = try reader.dictionary(tag: "meta")
/// let suffixes = try reader.array(UInt32.self, tag: "sufx")
/// try reader.finish()
/// ```
struct ArchiveReader {
    /// The file read.
    let path: String
    /// The whole file.
    private let bytes: [UInt8]
    /// Where the next record starts.
    private var position = Archive.headerSize
    /// Where the payload ends (the trailer starts).
    private let end: Int

    /// Reads and verifies the archive at `path`.
    /// - Throws: ``SavedIndexError`` (not found, unreadable, not an archive, other byte order, wrong
    ///   format version, truncated, corrupted).
    init(path: String, formatVersion: UInt32) throws {
        let bytes = try Self.readFile(path)
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
        let end = Archive.headerSize + Int(payloadLength)
        let stored: UInt64 = Self.load(bytes, at: end)
        let computed = bytes.withUnsafeBytes { ArchiveChecksum.of(UnsafeRawBufferPointer(rebasing: $0[0..<end])) }
        guard stored == computed else {
            throw fail(.corrupted("checksum \(hex(computed)) differs from the stored \(hex(stored))"))
        }
        self.path = path
        self.bytes = bytes
        self.end = end
        self.formatVersion = version
    }

    /// The format version the file was written in.
    let formatVersion: UInt32

    /// The next record, which must be an array of `T` under `tag`.
    /// - Throws: ``SavedIndexError/Reason/corrupted(_:)`` when the record is another, has another
    ///   element width, or claims more elements than there are bytes left.
    mutating func array<T: FixedWidthInteger>(_ type: T.Type, tag: String) throws -> [T] {
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
        let byteCount = Int(count) * size
        // An empty record is the shared empty array: `Array(unsafeUninitializedCapacity: 0)` stores
        // its count into the runtime's one empty-array singleton, which ThreadSanitizer reports as a
        // race with any thread reading another empty array (EditableListingTests did).
        guard count > 0 else {
            position = start
            return []
        }
        // The only unsafe copy of the reader: `byteCount` bytes at `start`, checked above to lie
        // inside `bytes`, into an array of `count` elements (no alignment needed by memcpy).
        let values = [T](unsafeUninitializedCapacity: Int(count)) { buffer, initialized in
            bytes.withUnsafeBytes { raw in
                if byteCount > 0 { UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[start..<start + byteCount])) }
            }
            initialized = Int(count)
        }
        position = start + Archive.padded(byteCount)
        return values
    }

    /// The next string column under `tag`: its bytes, then its offsets (checked to ascend from 0 to
    /// the bytes' end).
    mutating func column(tag: String) throws -> TextColumn {
        let text = try array(UInt8.self, tag: tag)
        let offsets = try array(Int64.self, tag: tag)
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
    private static func load<T: FixedWidthInteger>(_ bytes: [UInt8], at offset: Int) -> T {
        precondition(offset >= 0 && offset + MemoryLayout<T>.size <= bytes.count)
        return bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: T.self) }
    }

    /// The whole file, read with `read(2)` into one buffer.
    private static func readFile(_ path: String) throws -> [UInt8] {
        func fail(_ reason: SavedIndexError.Reason) -> SavedIndexError { SavedIndexError(path: path, reason) }
        func systemMessage(_ call: String, _ code: Int32) -> String { "\(call): \(String(cString: strerror(code)))" }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            throw fail(code == ENOENT ? .notFound : .unreadable(systemMessage("open", code)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw fail(.unreadable(systemMessage("fstat", errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw fail(.unreadable("not a regular file")) }
        let size = Int(info.st_size)
        var failure: SavedIndexError?
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var done = 0
            while done < size {
                let n = read(fd, buffer.baseAddress! + done, size - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = fail(.unreadable(systemMessage("read", errno)))
                    break
                }
                if n == 0 { break }  // the file shrank meanwhile: what was read is checked as usual
                done += n
            }
            initialized = done
        }
        if let failure { throw failure }
        return bytes
    }
}

private func hex(_ value: UInt64) -> String { "0x" + String(value, radix: 16) }
