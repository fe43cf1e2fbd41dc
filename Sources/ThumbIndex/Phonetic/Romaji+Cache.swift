import Synchronization

extension Romaji {
    /// The romaji of the kana words romanized so far (see ``Romaji/romanized(_:)``), shared by
    /// every thread of one dial-pad build: ICU's transliterators read each word once, whichever
    /// chunk of rows meets it first. A cache per chunk read a word again in every chunk it came
    /// up in, which made the build's finer chunks a third dearer at 1.4M GeoNames names.
    final class Cache: Sendable {
        private let words = Mutex<[String: [UInt8]]>([:])

        /// The romaji of the kana word `word`, romanized on its first call.
        /// - Throws: what ``Romaji/romanized(_:)`` throws.
        func romanized(_ word: String) throws -> [UInt8] {
            if let known = words.withLock({ $0[word] }) { return known }
            let romaji = try Romaji.romanized(word)
            words.withLock { $0[word] = romaji }
            return romaji
        }
    }
}
