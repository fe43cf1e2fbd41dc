import Foundation
import Testing
@testable import ThumbIndex

/// A saved file that is missing, cut, damaged, or written by another build, ICU, locale or options
/// is refused with its own error, naming the file; nothing crashes and nothing is half-loaded.
@Suite("Saved listings that cannot be loaded")
struct PersistenceFailureTests {
    let folder: TemporaryFolder
    let searchable: SearchableListing<Int>
    let path: String
    let bytes: [UInt8]
    let expected = SavedIndexExpectation(locale: "sv")

    init() throws {
        folder = try TemporaryFolder()
        let names = ["Åsa", "Anna", "Zoë", "Örjan", "42nd Street", "Ærø", "Straße"]
        searchable = try SearchableListing(Listing(names.indices, locale: "sv", text: { names[$0] }, pinned: { $0 == 2 }))
        path = folder.path("names.thumbindex")
        try searchable.write(to: path, metadata: ["changeCounter": "7"], extraColumns: ["ids": TextColumn(names)])
        bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
    }

    private func load(_ bytes: [UInt8], as name: String = "damaged.thumbindex") -> SavedIndexError.Reason? {
        let damaged = folder.path(name)
        _ = FileManager.default.createFile(atPath: damaged, contents: Data(bytes))
        return savedIndexFailure { _ = try SearchableListing.load(from: damaged, expecting: expected) }
    }

    @Test func aMissingFileIsNotFound() {
        let missing = folder.path("missing.thumbindex")
        #expect(savedIndexFailure { _ = try SearchableListing.load(from: missing, expecting: expected) } == .notFound)
    }

    @Test func everyCutIsTruncated() {
        for cut in 0..<bytes.count {
            let reason = load(Array(bytes[..<cut]))
            guard case .truncated(let expectedBytes, let found)? = reason else {
                Issue.record("cut at \(cut) of \(bytes.count): \(String(describing: reason))")
                continue
            }
            #expect(found == cut && expectedBytes > cut)
        }
    }

    @Test func everyFlippedByteIsRefused() {
        for position in bytes.indices {
            for flip: UInt8 in [0x01, 0x80, 0xFF] {
                var damaged = bytes
                damaged[position] ^= flip
                let reason = load(damaged)
                switch position {
                case 0..<8:
                    #expect(reason == .notAnArchive, "byte \(position)")
                case 8..<12:
                    guard case .wrongFormatVersion? = reason else { Issue.record("byte \(position): \(String(describing: reason))"); continue }
                case 12..<24:
                    #expect(reason != nil, "byte \(position)")  // byte order, or the length against the file's
                default:
                    guard case .corrupted(let what)? = reason, what.contains("checksum") else {
                        Issue.record("byte \(position): \(String(describing: reason))")
                        continue
                    }
                }
            }
        }
    }

    @Test func bytesPastTheEndAreRefused() {
        guard case .corrupted? = load(bytes + [0, 0, 0, 0, 0, 0, 0, 0]) else { Issue.record("trailing bytes accepted"); return }
    }

    @Test func anotherFileIsNotAnArchive() {
        #expect(load(Array("NOTTHUMB".utf8) + bytes.dropFirst(8)) == .notAnArchive)
        #expect(load(Array("name\tsection\n".utf8)) == .notAnArchive)
        #expect(load([]) == .truncated(expectedBytes: 32, foundBytes: 0))
    }

    @Test func anotherByteOrderIsRefused() {
        var swapped = bytes
        swapped[12..<16] = [0x01, 0x02, 0x03, 0x04]
        #expect(load(swapped) == .otherByteOrder)
    }

    @Test func anotherFormatVersionIsRefused() throws {
        let other = folder.path("v-next.thumbindex")
        let version = SavedListingFormat.version + 1
        try searchable._write(to: other, formatVersion: version, overriding: [:])
        #expect(savedIndexFailure { _ = try SearchableListing.load(from: other, expecting: expected) }
                == SavedIndexError.Reason.wrongFormatVersion(found: Int(version), supported: Int(SavedListingFormat.version)))
    }

    @Test func anotherICUVersionIsRefused() throws {
        let other = folder.path("icu71.thumbindex")
        try searchable._write(to: other, overriding: ["icuVersion": "71.1.0.0"])
        #expect(savedIndexFailure { _ = try SearchableListing.load(from: other, expecting: expected) }
                == .otherICUVersion(found: "71.1.0.0", current: ICU.libraryVersion))
        #expect(ICU.libraryVersion.hasPrefix("72."))
    }

    @Test func anotherCollatorVersionIsRefused() throws {
        let other = folder.path("collator.thumbindex")
        try searchable._write(to: other, overriding: ["collatorVersion": "153.14.0.0"])
        #expect(savedIndexFailure { _ = try SearchableListing.load(from: other, expecting: expected) }
                == .otherCollatorVersion(found: "153.14.0.0", current: searchable.listing.collation.collatorVersion))
    }

    @Test func anotherLocaleIsRefused() throws {
        #expect(savedIndexFailure { _ = try SearchableListing.load(from: path, expecting: .init(locale: "de")) }
                == .otherLocale(found: "sv", expected: "de"))
        // The expected locale is compared in ICU's canonical form: "sv-SE" is "sv_SE", not "sv".
        #expect(savedIndexFailure { _ = try SearchableListing.load(from: path, expecting: .init(locale: "sv-SE")) }
                == .otherLocale(found: "sv", expected: "sv_SE"))
    }

    @Test func otherOptionsAreRefused() {
        #expect(savedIndexFailure { _ = try SearchableListing.load(from: path, expecting: .init(locale: "sv", descending: true)) }
                == .otherOptions(option: "descending", found: "false", expected: "true"))
        #expect(savedIndexFailure { _ = try SearchableListing.load(from: path, expecting: .init(locale: "sv", fullIndex: true)) }
                == .otherOptions(option: "full index", found: "false", expected: "true"))
        #expect(savedIndexFailure { _ = try SearchableListing.load(from: path, expecting: .init(locale: "sv", latinLabels: .always)) }
                == .otherOptions(option: "Latin labels", found: "false", expected: "true"))
    }

    @Test func errorsNameTheFile() throws {
        let other = folder.path("icu71.thumbindex")
        try searchable._write(to: other, overriding: ["icuVersion": "71.1.0.0"])
        do {
            _ = try SearchableListing.load(from: other, expecting: expected)
            Issue.record("loaded")
        } catch let error as SavedIndexError {
            #expect(error.description == "saved listing '\(other)': written with ICU 71.1.0.0, this process runs ICU \(ICU.libraryVersion); rebuild the listing and save it again")
        }
    }

    @Test func savingReplacesTheFileAndLeavesNoTemporaryFile() throws {
        let names = ["Bertil"]
        let other = try SearchableListing(Listing(names.indices, locale: "sv", text: { names[$0] }))
        try other.write(to: path, metadata: ["changeCounter": "8"])
        let loaded = try SearchableListing.load(from: path, expecting: expected)
        #expect(loaded.metadata == ["changeCounter": "8"] && loaded.searchable.listing.count == 1)
        #expect(!FileManager.default.fileExists(atPath: path + ".tmp"))
    }

    @Test func aFolderThatDoesNotExistCannotBeSavedInto() {
        #expect(throws: ArchiveWriteError.self) { try searchable.write(to: folder.path("no/such/folder.thumbindex")) }
    }

    @Test func theChecksumSeesEveryByteAndEveryLength() {
        // Same words, other tail; other length of zeros; a swapped pair of words.
        let a: [UInt8] = Array(0..<40), b = Array(a[..<39])
        let sums = [a, b, [0], [0, 0], [UInt8](repeating: 0, count: 16), Array(a[8..<16] + a[0..<8] + a[16...])].map { bytes in
            bytes.withUnsafeBytes { ArchiveChecksum.of($0) }
        }
        #expect(Set(sums).count == sums.count)
        // Fed in whole-word pieces, the same as in one go.
        var pieces = ArchiveChecksum()
        a.withUnsafeBytes { raw in
            pieces.combine(UnsafeRawBufferPointer(rebasing: raw[0..<8]))
            pieces.combine(UnsafeRawBufferPointer(rebasing: raw[8..<32]))
            pieces.combine(UnsafeRawBufferPointer(rebasing: raw[32...]))
        }
        #expect(pieces.value == sums[0])
    }
}
