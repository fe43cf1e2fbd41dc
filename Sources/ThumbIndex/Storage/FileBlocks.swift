import Dispatch
import Foundation

/// Gives a file's disk blocks back a step at a time once it has no name left and nothing maps it:
/// a merge's scratch file (see ``ScratchFolder``) once unmapped, a saved index once a save has
/// renamed a new file over it (see ``MappedFileLock``).
///
/// Closing the last descriptor of such a file frees all of its blocks at once: at 10M items about
/// 1.7 GB. On a disk mounted with `discard` (this project's VM), the file system then discards them
/// all in one journal commit, and every `fsync` on that disk (a store's writes) waits behind it:
/// freeing a 1.8 GB file in one go held `fdatasync` calls for up to 50 ms in a probe on the VM,
/// against at most 14 ms when the file was first cut 64 MiB at a time. So the file is cut down from
/// its end in ``step``s, with a pause between them, and then closed, on a utility queue of its own:
/// whichever thread lets go of it (a read, a merge's release thread, a save) pays for none of it.
enum FileBlocks {
    /// Bytes cut from the file's end at a time.
    static let step = 64 << 20
    /// The pause between two cuts: time for the file system to commit (and discard) one.
    static let pause: TimeInterval = 0.01

    private static let queue = DispatchQueue(label: "thumbindex.file-blocks", qos: .utility)

    /// Cuts the unmapped, unnamed file `fd` (open for writing) of `size` bytes down to nothing in
    /// steps, then closes it; returns at once. The descriptor belongs to this call from here.
    static func giveBack(_ fd: Int32, size: Int) {
        queue.async {
            var left = size
            while left > 0 {
                left = max(left - step, 0)
                // A failure (no space to journal the change) leaves the rest to the close below.
                guard ftruncate(fd, off_t(left)) == 0 else { break }
                if left > 0 { Thread.sleep(forTimeInterval: pause) }
            }
            close(fd)
        }
    }

    /// For tests: returns once every file handed over so far is cut down and closed.
    static func waitForPending() { queue.sync {} }
}
