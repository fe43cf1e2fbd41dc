extension LiveSegment {
    /// The segment's rows by id: a hash table over the ids' UTF-8 bytes.
    ///
    /// Open addressing with linear probing over a power-of-two number of slots, at most half full;
    /// a slot holds its row + 1, 0 when empty. Hashes come from Swift's `Hasher`, seeded afresh in
    /// every process, so ids chosen to collide (a client's, over HTTP) cannot be.
    struct IDTable: Sendable {
        private let slots: [Int32]

        /// The table of `ids`. Complexity: O(n) hashes; 8 to 16 bytes per row.
        init(_ ids: TextColumn) {
            var capacity = 16
            while capacity < 2 * ids.count { capacity <<= 1 }
            var slots = [Int32](repeating: 0, count: capacity)
            for row in 0..<ids.count {
                var slot = Self.hash(ids.utf8(row)) & (capacity - 1)
                while slots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
                slots[slot] = Int32(row + 1)
            }
            self.slots = slots
        }

        /// The rows of `ids` (the column the table was made of) whose id is `id`, in no order.
        /// Complexity: O(1) expected.
        func rows(withID id: [UInt8], in ids: TextColumn) -> [Int] {
            let mask = slots.count - 1
            var slot = Self.hash(id[...]) & mask
            var rows: [Int] = []
            while slots[slot] != 0 {
                let row = Int(slots[slot]) - 1
                if ids.utf8(row).elementsEqual(id) { rows.append(row) }
                slot = (slot + 1) & mask
            }
            return rows
        }

        private static func hash(_ bytes: some Collection<UInt8>) -> Int {
            var hasher = Hasher()
            if bytes.withContiguousStorageIfAvailable({ hasher.combine(bytes: UnsafeRawBufferPointer($0)) }) == nil {
                Array(bytes).withUnsafeBytes { hasher.combine(bytes: $0) }
            }
            return hasher.finalize()
        }
    }

    /// The rows whose id is `id` (removed or not): none, or one in a listing whose live ids are
    /// unique.
    ///
    /// Complexity: O(1) expected. The first lookup in a segment builds its ``IDTable`` (O(n)
    /// hashes, kept in `idTable`): a server that finds items through its store never pays for it.
    func rows(withID id: [UInt8]) -> [Int] {
        // `LazyValue.value` rethrows what `make` throws; this `make` does not throw.
        try! idTable.value { IDTable(ids) }.rows(withID: id, in: ids)
    }
}
