import Foundation

/// Writes to an open file, every byte, handed to the disk every ``syncEvery`` bytes: what a saved
/// index (``ArchiveWriter``) and a merge's scratch arrays (``ArrayStream``) are written through.
struct SyncedFileWrites {
    /// How many bytes are written between two `fdatasync`s: what the disk is handed at once.
    ///
    /// A 10M-item file is 1.7 GB. Written whole and then `fsync`ed, it went to the disk in one
    /// go at the end, and on ext4 the `fsync` of any other file on that disk (a SQLite store's,
    /// after every write) waited behind it: 0.11–0.41 s, and writes to a server that saved a
    /// merged base took up to 0.4 s. Flushed as it goes, the file is never more than this much
    /// ahead of the disk, another file's `fsync` waits behind at most this much, and the save
    /// takes as long as before (Benchmarks/results/scale/2026-11-28-session15/).
    static let syncEvery = 8 << 20

    let fd: Int32
    /// The file's name, for errors.
    let path: String
    /// Bytes written so far.
    private(set) var written = 0
    /// Bytes written since the last `fdatasync`.
    private var unsynced = 0
    /// For tests: writes fail with `ENOSPC` past this many bytes.
    private let failingAfter: Int?

    init(fd: Int32, path: String, failingAfter: Int? = nil) {
        self.fd = fd
        self.path = path
        self.failingAfter = failingAfter
    }

    /// Writes all of `bytes` at the file's position.
    /// - Throws: ``ArchiveWriteError`` naming the file and the call (`write`, `fdatasync`).
    mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress else { return }
        if let failingAfter, written + bytes.count > failingAfter {
            throw ArchiveWriteError(path: path, call: "write", code: ENOSPC)
        }
        var done = 0
        while done < bytes.count {
            let n = Foundation.write(fd, base + done, min(bytes.count - done, Self.syncEvery - unsynced))
            if n < 0 {
                if errno == EINTR { continue }
                throw ArchiveWriteError(path: path, call: "write", code: errno)
            }
            done += n
            unsynced += n
            if unsynced == Self.syncEvery {
                guard fdatasync(fd) == 0 else { throw ArchiveWriteError(path: path, call: "fdatasync", code: errno) }
                unsynced = 0
            }
        }
        written += bytes.count
    }
}
