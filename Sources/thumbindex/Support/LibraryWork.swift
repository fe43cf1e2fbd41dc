import ThumbIndex

/// Library work on one input (sorting, indexing), as every command runs it: with a progress bar
/// on a terminal when the input is big, and the library's `ICUError` and `LimitError` turned into
/// a `CLIError` that names the input.
enum LibraryWork {
    /// Inputs of more items than this get a progress bar.
    static let barThreshold = 200_000

    /// Runs `work`, handing it the bar's progress callback (nil for small inputs).
    /// - Parameters:
    ///   - title: what the bar says ("sorting", "contacts: indexing"), followed by the item count.
    ///   - source: the input's name, for errors.
    static func run<T>(_ title: String, items: Int, source: String,
                       _ work: (_ progress: ((Double) -> Void)?) throws -> T) throws -> T {
        let bar = items > barThreshold ? ProgressBar("\(title) \(items) items") : nil
        defer { bar?.finish() }
        do {
            return try work(bar.map { bar in { bar.update($0) } })
        } catch let error as ICUError {
            throw CLIError("\(source): \(error.message)")
        } catch let error as LimitError {
            throw CLIError("\(source): \(error)")
        }
    }
}
