extension LiveSegment {
    /// The rows in ascending order of their ids' UTF-8 bytes (ties in row order): the way from an
    /// id to its rows by binary search.
    ///
    /// Built the first time an id is looked up in this segment, then kept (``idOrder``): a server
    /// that finds items through its store never pays for it. Complexity: O(n log n) byte-string
    /// comparisons once, 4 bytes per row.
    var rowsByID: [Int32] {
        // `LazyValue.value` rethrows what `make` throws; this `make` does not throw.
        try! idOrder.value {
            let ids = self.ids
            return (0..<Int32(count)).sorted { a, b in
                let x = ids.utf8(Int(a)), y = ids.utf8(Int(b))
                return x.lexicographicallyPrecedes(y) || (x.elementsEqual(y) && a < b)
            }
        }
    }

    /// The rows whose id is `id` (removed or not), in row order: none, or one in a listing whose
    /// live ids are unique. Complexity: O(log n) comparisons, once ``rowsByID`` is built.
    func rows(withID id: some Collection<UInt8>) -> [Int] {
        let order = rowsByID
        let first = BinarySearch.first(in: order.indices) { !ids.utf8(Int(order[$0])).lexicographicallyPrecedes(id) }
        var rows: [Int] = []
        var k = first
        while k < order.count, ids.utf8(Int(order[k])).elementsEqual(id) {
            rows.append(Int(order[k]))
            k += 1
        }
        return rows
    }
}
