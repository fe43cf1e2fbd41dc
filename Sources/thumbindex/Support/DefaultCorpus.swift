/// The bundled address book, found relative to this source file in the repository checkout.
enum DefaultCorpus {
    /// `Corpora/contacts.tsv` at the repository root (this file is Sources/thumbindex/Support/).
    static let path: String = {
        var components = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(4)
        return (components + ["Corpora", "contacts.tsv"]).joined(separator: "/")
    }()
    static let keyColumn = "name"
    static let readingColumn = "reading"
    static let pinColumn = "favorite"
}
