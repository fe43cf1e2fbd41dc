/// A ``TextColumn`` made row after row, its bytes and offsets each an ``ArrayStream`` (into a
/// scratch folder, or in memory): a merge gathers its columns this way.
final class TextColumnStream {
    private let bytes: ArrayStream<UInt8>
    private let offsets: ArrayStream<Int64>
    private var end: Int64 = 0

    /// An empty column, into `scratch` when given, with room for `rows` rows of `bytes` bytes
    /// when kept in memory.
    init(scratch: ScratchFolder?, rows: Int, bytes: Int) {
        self.bytes = ArrayStream(scratch: scratch, capacity: bytes)
        offsets = ArrayStream(scratch: scratch, capacity: rows + 1)
        offsets.append(0)
    }

    /// Appends a row of raw UTF-8 bytes (already validated by the caller).
    func append(utf8: some Collection<UInt8>) {
        bytes.append(contentsOf: utf8)
        end += Int64(utf8.count)
        offsets.append(end)
    }

    /// The column. A stream is finished once.
    func finish() -> TextColumn {
        TextColumn(trusted: bytes.finish(), offsets: offsets.finish())
    }
}
