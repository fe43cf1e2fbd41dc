import Foundation

/// A file mapped read-only into memory (`mmap(2)`, `MAP_SHARED`): its pages come from the page
/// cache as they are touched, and processes that map the same file share them.
///
/// The mapping lasts as long as this object: ``FlatArray``s that point into it hold it. A saved
/// index is mapped by its path, with a shared lock on it (see ``MappedFileLock``); a merge's
/// scratch array (``ArrayStream``), once written, through its descriptor (the file has no name
/// left).
///
/// `@unchecked Sendable`: the mapping is read-only and never changes after `init`; it is unmapped
/// only in `deinit`, when nothing can point into it any more. (A file changed in place by another
/// process would change what is read, which is why saved indexes are replaced by a rename, never
/// rewritten: a mapping keeps the old file's pages.)
final class MappedFile: @unchecked Sendable {
    /// The file mapped.
    let path: String
    /// The mapping's first byte (page-aligned); nil for an empty file.
    private let base: UnsafeRawPointer?
    /// Bytes mapped: the file's size when it was opened.
    let count: Int
    /// The descriptor the mapping owns: a saved index's, holding its shared lock (see
    /// ``MappedFileLock``), or a file's with no name left (a scratch file).
    private let descriptor: Int32
    /// Whether the file has no name left: its blocks are given back in steps once it is unmapped
    /// (see ``FileBlocks``) instead of the descriptor being just closed.
    private let unnamed: Bool

    /// Maps the saved file at `path`, holding a shared lock on it while the mapping lives so that
    /// no save cuts it down under this process's feet.
    /// - Throws: ``SavedIndexError`` (not found, unreadable, not a regular file).
    convenience init(path: String) throws {
        let (fd, info) = try MappedFileLock.openShared(path)
        do {
            try self.init(descriptor: fd, path: path, count: Int(info.st_size), unnamed: false)
        } catch {
            close(fd)
            throw error
        }
    }

    /// Maps the first `count` bytes of the open file `fd` (named `path` in errors). Once the
    /// mapping is made it owns the descriptor: it closes it when unmapped, or, for an `unnamed` file
    /// (no name left), gives the file's blocks back in steps first. When `mmap` fails, the caller
    /// still owns it.
    /// - Throws: ``SavedIndexError`` (`mmap` failed).
    init(descriptor fd: Int32, path: String, count: Int, unnamed: Bool) throws {
        self.path = path
        self.count = count
        self.descriptor = fd
        self.unnamed = unnamed
        guard count > 0 else {
            base = nil
            return
        }
        let address = mmap(nil, count, PROT_READ, MAP_SHARED, fd, 0)
        guard let address, address != MAP_FAILED else {
            throw SavedIndexError(path: path, .unreadable("mmap: \(String(cString: strerror(errno)))"))
        }
        base = UnsafeRawPointer(address)
    }

    deinit {
        if let base { munmap(UnsafeMutableRawPointer(mutating: base), count) }
        if unnamed { FileBlocks.giveBack(descriptor, size: count) } else { close(descriptor) }
    }

    /// The whole mapping.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// `count` elements of `T` at `byteOffset`.
    /// - Precondition: they lie inside the mapping, at an offset aligned for `T`.
    func buffer<T>(of type: T.Type, at byteOffset: Int, count: Int) -> UnsafeBufferPointer<T> {
        let size = MemoryLayout<T>.stride * count
        precondition(byteOffset >= 0 && count >= 0 && byteOffset <= self.count - size, "MappedFile: \(count) elements at \(byteOffset) lie outside \(path)")
        precondition(byteOffset % MemoryLayout<T>.alignment == 0, "MappedFile: elements at \(byteOffset) are not aligned")
        guard count > 0, let base else { return UnsafeBufferPointer(start: nil, count: 0) }
        // The bytes are a file's integers in this machine's order (the archive's byte-order mark
        // was checked), so any bit pattern is a valid `T`; binding raw mapped memory is sound.
        return UnsafeBufferPointer(start: (base + byteOffset).assumingMemoryBound(to: T.self), count: count)
    }
}
