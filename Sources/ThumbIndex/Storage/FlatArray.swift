/// An immutable-by-default array of fixed-width integers whose elements live either in a Swift
/// array (built in this process) or in a mapped file (a saved index, see ``MappedFile``), so that
/// a loaded index answers from the file's pages without copying them.
///
/// It reads like an array (`RandomAccessCollection`, subscripts, `withUnsafeBufferPointer`);
/// mutation copies a mapped array into an owned one first, so a mapped file is never written.
package struct FlatArray<Element: FixedWidthInteger & Sendable>: Sendable {
    /// `@unchecked Sendable`: a mapped buffer is read-only memory kept alive by its `MappedFile`
    /// (itself `Sendable`), so sharing the pointer between threads is sharing immutable data.
    private enum Storage: @unchecked Sendable {
        case owned([Element])
        /// `elements` lies inside `file`'s mapping, which stays mapped while this value lives.
        case mapped(MappedFile, UnsafeBufferPointer<Element>)
    }

    private var storage: Storage

    /// An array of `elements` (no copy).
    package init(_ elements: [Element]) { storage = .owned(elements) }

    /// The `count` elements at `byteOffset` of `file`.
    /// - Precondition: they lie inside the mapping, aligned for `Element` (the archive pads every
    ///   record to 8 bytes and the mapping starts on a page).
    init(mapped file: MappedFile, byteOffset: Int, count: Int) {
        storage = .mapped(file, file.buffer(of: Element.self, at: byteOffset, count: count))
    }

    /// Whether the elements are a mapped file's (for tests and reports).
    package var isMapped: Bool {
        if case .mapped = storage { return true }
        return false
    }

    /// Calls `body` with the elements, contiguous.
    @inline(__always)
    package func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        switch storage {
        case .owned(let array): return try array.withUnsafeBufferPointer(body)
        case .mapped(let file, let buffer): return try withExtendedLifetime(file) { try body(buffer) }
        }
    }

    /// The elements as an array of their own (a copy when mapped).
    package var array: [Element] {
        switch storage {
        case .owned(let array): return array
        case .mapped(_, let buffer):
            return [Element](capacity: buffer.count) { out in
                _ = out.initialize(fromContentsOf: buffer)
                return buffer.count
            }
        }
    }

    /// Calls `body` with the elements as an owned array to change (copied first when mapped).
    package mutating func withOwnedArray<R>(_ body: (inout [Element]) throws -> R) rethrows -> R {
        var array = self.array
        storage = .owned([])  // `array` is then the only reference: changed in place
        defer { storage = .owned(array) }
        return try body(&array)
    }
}

extension FlatArray: RandomAccessCollection, MutableCollection {
    package var startIndex: Int { 0 }
    package var endIndex: Int {
        switch storage {
        case .owned(let array): array.count
        case .mapped(_, let buffer): buffer.count
        }
    }

    package subscript(i: Int) -> Element {
        @inline(__always) get {
            switch storage {
            case .owned(let array): return array[i]
            case .mapped(_, let buffer):
                precondition(i >= 0 && i < buffer.count, "FlatArray: index out of range")
                return buffer[i]
            }
        }
        set { withOwnedArray { $0[i] = newValue } }
    }

    package func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R? {
        try withUnsafeBufferPointer(body)
    }
}

extension FlatArray: ExpressibleByArrayLiteral, Equatable {
    package init(arrayLiteral elements: Element...) { self.init(elements) }

    package static func == (a: FlatArray, b: FlatArray) -> Bool { a.elementsEqual(b) }
}

extension FlatArray {
    /// Whether no element is smaller than the one before it: one branch-free pass, which the
    /// compiler vectorizes (a saved index's offsets are checked with it at load).
    package var isNondescending: Bool {
        withUnsafeBufferPointer { elements in
            guard var previous = elements.first else { return true }
            var ascending = true
            for element in elements {  // no early exit
                ascending = ascending && element >= previous
                previous = element
            }
            return ascending
        }
    }

    /// Appends `element` (copying a mapped array first).
    package mutating func append(_ element: Element) { withOwnedArray { $0.append(element) } }

    /// Appends `elements` (copying a mapped array first).
    package mutating func append(contentsOf elements: some Sequence<Element>) { withOwnedArray { $0.append(contentsOf: elements) } }

    /// Reserves room for `n` elements.
    package mutating func reserveCapacity(_ n: Int) { withOwnedArray { $0.reserveCapacity(n) } }
}

extension FlatArray {
    /// Calls `body` with the elements of every array of `arrays` at once, in their order (a merge
    /// reads several indexes' arrays side by side).
    ///
    /// Each buffer is valid only inside `body`: the calls nest, one `withUnsafeBufferPointer` per
    /// array, so every array stays alive and unchanged until `body` returns.
    package static func withUnsafeBufferPointers<R>(_ arrays: [FlatArray],
                                                    _ body: ([UnsafeBufferPointer<Element>]) throws -> R) rethrows -> R {
        func nest(_ i: Int, _ buffers: [UnsafeBufferPointer<Element>]) throws -> R {
            guard i < arrays.count else { return try body(buffers) }
            return try arrays[i].withUnsafeBufferPointer { try nest(i + 1, buffers + [$0]) }
        }
        return try nest(0, [])
    }
}
