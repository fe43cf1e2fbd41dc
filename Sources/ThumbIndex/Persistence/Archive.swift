/// The binary archive a searchable listing is saved in: flat arrays of fixed-width integers,
/// written and read in bulk (``ArchiveWriter``, ``ArchiveReader``).
///
/// ```
/// header   "THUMBIDX"              8 bytes, the magic
///          format version          UInt32
///          byte-order mark         UInt32 0x01020304 as written (04 03 02 01 on x86_64)
///          payload length          UInt64 (bytes between header and trailer)
/// payload  records, one after another, each:
///            tag                   4 ASCII bytes ("sufx")
///            element width         UInt32 (1, 2, 4 or 8 bytes)
///            element count         UInt64
///            elements              count × width bytes, zero-padded to a multiple of 8
/// trailer  checksum                UInt64: ``ArchiveChecksum`` of header and payload
/// ```
///
/// Integers are in the writer's byte order (little-endian here), recorded by the mark; a reader
/// of the other order refuses the file. A string column is two records under one tag (its UTF-8
/// bytes, then its `Int64` offsets); a dictionary of strings is two columns (keys sorted, values).
/// Which records follow, in which order, is the business of the archive's user (see
/// `SearchableListing+Saving.swift`).
enum Archive {
    static let magic: [UInt8] = Array("THUMBIDX".utf8)
    static let byteOrderMark: UInt32 = 0x0102_0304
    static let headerSize = 24
    static let recordHeaderSize = 16
    static let trailerSize = 8

    /// `count` rounded up to a multiple of 8.
    static func padded(_ count: Int) -> Int { (count + 7) & ~7 }

    /// A record tag as stored: four ASCII bytes, the first in the low byte.
    static func tagValue(_ tag: String) -> UInt32 {
        let bytes = Array(tag.utf8)
        precondition(bytes.count == 4, "Archive: tags are four ASCII bytes")
        return bytes.reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// A stored tag as text (for error messages).
    static func tagText(_ value: UInt32) -> String {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        return bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? String(decoding: bytes, as: UTF8.self) : "0x\(String(value, radix: 16))"
    }
}
