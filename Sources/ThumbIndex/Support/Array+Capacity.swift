extension Array {
    /// An array of the elements that `initialize` writes at the start of a fresh buffer of
    /// `capacity` elements; it returns how many it wrote (at most `capacity`).
    ///
    /// The one way this package makes an array from uninitialized memory. For a capacity of 0 it is
    /// `[]`, without calling `initialize`: `Array(unsafeUninitializedCapacity: 0)` hands out the
    /// runtime's shared empty array and then writes its count, and two threads that do so race
    /// (ThreadSanitizer reported it for two builds, and for two loads of saved indexes).
    @inline(__always)
    init(capacity: Int, initializingPrefix initialize: (UnsafeMutableBufferPointer<Element>) -> Int) {
        guard capacity > 0 else {
            self = []
            return
        }
        self.init(unsafeUninitializedCapacity: capacity) { buffer, initialized in
            let count = initialize(buffer)
            precondition(count <= capacity, "Array(capacity:initializingPrefix:): more elements than the capacity")
            initialized = count
        }
    }
}
