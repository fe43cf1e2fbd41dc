import Foundation

/// An array made by appending, element after element, that ends as a ``FlatArray``: in memory, or,
/// given a ``ScratchFolder``, written to a scratch file a chunk at a time and mapped at the end, so
/// that no more than a chunk of it is ever in the heap.
///
/// ```swift
/// let codes = ArrayStream<UInt32>(scratch: folder, capacity: n)
/// for c in merged { codes.append(c) }
/// let suffixes = codes.finish()        // the file's pages, mapped
/// ```
///
/// An array shorter than a chunk never gets a file. Used on one thread at a time.
final class ArrayStream<Element: FixedWidthInteger & Sendable> {
    /// Elements not yet written (all of them, without a file).
    private var buffer: [Element] = []
    /// The folder of the scratch file (nil: in memory, from the start or since a failure).
    private var scratch: ScratchFolder?
    /// The scratch file, once the first chunk is written.
    private var file: SyncedFileWrites?

    /// Elements gathered before a write (the folder's ``ScratchFolder/chunkBytes``, 1 MiB).
    private let chunk: Int

    /// An empty stream, into `scratch` when given; `capacity` is the number of elements expected
    /// (room reserved at once when kept in memory).
    init(scratch: ScratchFolder?, capacity: Int) {
        self.scratch = scratch
        chunk = max(1, (scratch?.chunkBytes ?? 0) / MemoryLayout<Element>.stride)
        buffer.reserveCapacity(scratch == nil ? capacity : min(capacity, chunk))
    }

    deinit {
        if let file { close(file.fd) }  // a stream dropped unfinished (a merge that threw)
    }

    /// Appends `element`.
    @inline(__always)
    func append(_ element: Element) {
        buffer.append(element)
        if scratch != nil && buffer.count >= chunk { writeBuffer() }
    }

    /// Appends `elements` (a chunk at a time, into a scratch file).
    func append(contentsOf elements: some Collection<Element>) {
        var rest = elements[...]
        while !rest.isEmpty {
            // In memory (from the start, or since a write failed): all at once.
            guard scratch != nil else { return buffer.append(contentsOf: rest) }
            let room = chunk - buffer.count
            buffer.append(contentsOf: rest.prefix(room))
            rest = rest.dropFirst(room)
            if buffer.count >= chunk { writeBuffer() }
        }
    }

    /// `array` in a scratch file of `scratch`, mapped, and let go of in memory; as it is without a
    /// folder, when it is mapped already, or when it is shorter than a chunk.
    static func kept(_ array: FlatArray<Element>, in scratch: ScratchFolder?) -> FlatArray<Element> {
        guard let scratch, !array.isMapped, array.count * MemoryLayout<Element>.stride >= scratch.chunkBytes else { return array }
        let stream = ArrayStream(scratch: scratch, capacity: array.count)
        array.withUnsafeBufferPointer { stream.append(contentsOf: $0) }
        return stream.finish()
    }

    /// The elements appended: the buffer, or the scratch file mapped. A stream is finished once.
    func finish() -> FlatArray<Element> {
        if file != nil { writeBuffer() }
        guard let file else { return FlatArray(buffer) }
        self.file = nil
        do {
            // The mapping owns the descriptor from here, and gives the file's blocks back in steps
            // once unmapped (see `FileBlocks`).
            let mapped = try MappedFile(descriptor: file.fd, path: file.path, count: file.written, unnamed: true)
            return FlatArray(mapped: mapped, byteOffset: 0, count: file.written / MemoryLayout<Element>.stride)
        } catch {
            scratch?.failed(error)
            defer { close(file.fd) }
            return FlatArray(readBack(file))
        }
    }

    /// Writes the buffer to the scratch file (making it first); on failure the stream goes on in
    /// memory, with what the file holds read back.
    private func writeBuffer() {
        guard let scratch else { return }
        do {
            if file == nil { file = try scratch.makeFile() }
            try buffer.withUnsafeBytes { try file!.write($0) }
            buffer.removeAll(keepingCapacity: true)
        } catch {
            scratch.failed(error)
            if let file {
                buffer = readBack(file) + buffer
                close(file.fd)
                self.file = nil
            }
            self.scratch = nil
        }
    }

    /// The elements `file` holds, read back into memory.
    private func readBack(_ file: SyncedFileWrites) -> [Element] {
        let count = file.written / MemoryLayout<Element>.stride
        return [Element](capacity: count) { out in
            let raw = UnsafeMutableRawBufferPointer(out)
            var done = 0
            while done < file.written {
                let n = pread(file.fd, raw.baseAddress! + done, file.written - done, off_t(done))
                if n < 0 && errno == EINTR { continue }
                // What this process wrote to a file it holds open reads back; if it does not, the
                // merge cannot go on truthfully.
                precondition(n > 0, "ArrayStream: cannot read back \(file.path): \(String(cString: strerror(errno)))")
                done += n
            }
            return count
        }
    }
}
