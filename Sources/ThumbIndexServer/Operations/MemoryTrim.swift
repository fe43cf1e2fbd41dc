import Foundation

/// Gives the C heap's free memory back to the system after a merge.
///
/// A merge builds a new base (hundreds of MiB at a million items) and drops the old one; glibc's
/// allocator keeps most of what is freed inside its arenas, so the process's resident memory
/// stayed about 275 MiB higher after each merge. `malloc_trim(0)` returns the free pages of every
/// arena (glibc 2.8+ walks them all and releases whole free pages with `madvise`); it costs a
/// pass over the heap's free lists, a few milliseconds, on the background queue.
enum MemoryTrim {
    /// `malloc_trim`, looked up at run time: Swift's Glibc module does not declare it. Nil on a C
    /// library without it.
    private static let trim: (@convention(c) (Int) -> Int32)? = {
        // RTLD_DEFAULT (a null handle): the symbol as the process's libraries define it.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        // The C prototype is `int malloc_trim(size_t pad)`: the same calling convention.
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()

    /// Returns free heap memory to the system; whether any was returned.
    @discardableResult
    static func now() -> Bool { (trim?(0) ?? 0) != 0 }
}
