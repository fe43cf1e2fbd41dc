/// The bundled address book, `Corpora/contacts.tsv`, compiled into the binary (so an installed
/// `thumbindex` has it too, wherever it runs).
enum DefaultCorpus {
    /// The name it goes by in messages.
    static let source = "<bundled contacts.tsv>"
    /// Its bytes: a TSV file with a header row.
    static var bytes: [UInt8] { PackageResources.contacts_tsv }
    static let keyColumn = "name"
    static let readingColumn = "reading"
    static let pinColumn = "favorite"
    /// Searched by its digits without a flag: the address book finds people by their numbers.
    static let phoneColumn = "phone"
    static let regionColumn = "locale"
}
