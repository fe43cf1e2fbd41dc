import ArgumentParser

/// `address-book`: contacts on the command line, sorted and sectioned for their locale, searched
/// as you would in a phone's contact list, and kept in one file between runs.
@main
struct AddressBook: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "address-book",
        abstract: "An address book on the command line, built on ThumbIndex's EditableListing.",
        discussion: """
            Contacts are kept in one file (see --file), so every command sees the edits of the runs \
            before it. Each contact has an id, shown by list and search, that rename and delete take.
            """,
        subcommands: [Add.self, Rename.self, Delete.self, Search.self, List.self]
    )
}
