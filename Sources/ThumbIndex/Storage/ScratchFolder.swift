import Foundation
import Synchronization

/// A folder where a merge writes the big arrays of the base it makes, as it makes them, and then
/// reads them as mapped files: the new base's bytes are then the page cache's, not the process's
/// heap, so a merge at 10M items holds little more than the old base it replaces (issue 20 §3).
///
/// Each array is a file of its own, removed from the folder as soon as it is made: its pages
/// stay as long as an array maps them, and the disk space comes back when the last mapping goes
/// (a step at a time: ``FileBlocks``), or at once when the process ends, however it ends.
/// Nothing is left in the folder. The files are handed to the disk as they are written (see
/// ``SyncedFileWrites``), so that other files' `fsync`s on that disk (a store's) never wait behind
/// a whole base.
///
/// When writing fails (a full disk), the arrays stay in memory instead: the merge goes on, and
/// ``failure`` says why, for the log.
package final class ScratchFolder: Sendable {
    /// The folder.
    package let path: String
    /// Bytes an array gathers in memory before they are written: an array shorter than this never
    /// gets a file (1 MiB; tests take a few bytes, so that small listings use files too).
    let chunkBytes: Int
    /// For tests: a file's writes fail (as on a full disk) past this many bytes.
    let failingAfter: Int?
    private let firstFailure = Mutex<String?>(nil)

    /// Scratch files in `path`, a folder that exists (the server's saved-index folder).
    package convenience init(path: String) { self.init(path: path, chunkBytes: 1 << 20) }

    /// Scratch files in `path` written `chunkBytes` at a time, whose writes fail past `failingAfter`
    /// bytes each (for tests).
    init(path: String, chunkBytes: Int, failingAfter: Int? = nil) {
        self.path = path
        self.chunkBytes = chunkBytes
        self.failingAfter = failingAfter
    }

    /// The first failure to write or map a scratch file, after which that array stayed in memory;
    /// nil when every array went to its file.
    package var failure: String? { firstFailure.withLock { $0 } }

    /// A new scratch file, open for writing and reading, already removed from the folder.
    /// - Throws: ``ArchiveWriteError`` (`mkstemp`).
    func makeFile() throws -> SyncedFileWrites {
        var template = Array((path + "/.thumbindex-scratch-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        let name = String(cString: template)
        guard fd >= 0 else { throw ArchiveWriteError(path: name, call: "mkstemp", code: errno) }
        unlink(name)
        return SyncedFileWrites(fd: fd, path: name, failingAfter: failingAfter)
    }

    /// Notes `error` as the failure (the first one is kept).
    func failed(_ error: any Error) {
        firstFailure.withLock { if $0 == nil { $0 = "\(error)" } }
    }
}
