extension Array where Element == UInt32 {
    /// Whether these are the starts of `count` ranges that cover `0..<end` in order: `count + 1` of
    /// them, ascending from 0 to `end`. What a saved list of lists must be before its parts are
    /// read by them (a `RowLists`' starts, the pinyin readings' offsets).
    func areStarts(of count: Int, covering end: Int) -> Bool {
        self.count == count + 1 && first == 0 && last.map { Int($0) == end } ?? false
            && zip(self, dropFirst()).allSatisfy { $0 <= $1 }
    }
}
