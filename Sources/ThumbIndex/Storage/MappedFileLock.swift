import Foundation

/// Who may cut a saved index's file down: the `flock(2)` protocol between the processes that map
/// it and the save that replaces it.
///
/// A save renames its new file over the old one. When nothing maps the old file any more, that
/// rename frees all of its blocks at once (1.7 GB at 10M items), and on a disk mounted with
/// `discard` every `fsync` on the disk waits behind it (see ``FileBlocks``). The save would
/// rather keep the old file open through the rename and give its blocks back in steps, but cutting
/// down a file that another process maps would crash that process (`SIGBUS` on a page past the
/// new end). So:
/// - every mapping of a saved index holds a shared lock on its file for as long as it lives
///   (``openShared(_:)``);
/// - a save takes an exclusive lock on the file it replaces without waiting (``openReplaced(_:)``):
///   it gets it only when no mapping holds the file, and keeps it until the file is cut down.
///
/// A process that opens the file while a save holds it retries until the path names the new file.
/// Locks belong to open files, not processes: a process that maps the file itself (a listing
/// loaded from it and not yet let go of) keeps its own save from cutting it down too. Where the file
/// system has no `flock`, nothing is cut down: the old file goes whole, as before.
enum MappedFileLock {
    /// Opens the saved file at `path` read-only, holding a shared lock on it; returns the descriptor
    /// and the file's status.
    /// - Throws: ``SavedIndexError`` (not found, unreadable, not a regular file, or replaced over
    ///   and over for a second).
    static func openShared(_ path: String) throws -> (fd: Int32, info: stat) {
        func fail(_ reason: SavedIndexError.Reason) -> SavedIndexError { SavedIndexError(path: path, reason) }
        func systemMessage(_ call: String, _ code: Int32) -> String { "\(call): \(String(cString: strerror(code)))" }
        for _ in 0..<1000 {
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else {
                let code = errno
                throw fail(code == ENOENT ? .notFound : .unreadable(systemMessage("open", code)))
            }
            let locked = flock(fd, LOCK_SH | LOCK_NB) == 0
            let lockCode = errno
            var info = stat()
            guard fstat(fd, &info) == 0 else {
                let code = errno
                close(fd)
                throw fail(.unreadable(systemMessage("fstat", code)))
            }
            guard info.st_mode & S_IFMT == S_IFREG else {
                close(fd)
                throw fail(.unreadable("not a regular file"))
            }
            // Locked and still named: no save can cut it down now. Not locked because the file
            // system has no locks: used unlocked (no save cuts such a file down either).
            if locked ? info.st_nlink > 0 : lockCode != EWOULDBLOCK { return (fd, info) }
            // A save holds it (it is being replaced), or replaced it since it was opened: the path
            // names the new file in a moment.
            close(fd)
            usleep(1000)
        }
        throw fail(.unreadable("the file was being replaced for a whole second; try again"))
    }

    /// The file at `path` that a save is about to rename over, opened and locked exclusively so that
    /// its blocks can be given back in steps after the rename; nil when there is no such file or a
    /// mapping (of any process) holds it. Release it with ``FileBlocks/giveBack(_:size:)`` once
    /// the rename is made, or with `close` when it fails.
    static func openReplaced(_ path: String) -> (fd: Int32, size: Int)? {
        // Open for writing: cutting it down takes that (a file this process may not write is
        // left to go whole).
        let fd = open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard flock(fd, LOCK_EX | LOCK_NB) == 0, fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            return nil
        }
        return (fd, Int(info.st_size))
    }
}
