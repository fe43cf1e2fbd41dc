import ArgumentParser
import ThumbIndex

extension AddressBook {
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a contact; prints its id.")

        @OptionGroup var options: BookOptions

        @Argument(help: "The contact's name.")
        var name: String

        @Option(name: .long, help: ArgumentHelp("A phone number (found by any run of its digits).", valueName: "number"))
        var phone: String?

        @Flag(name: .long, help: "Put the contact in Favorites, at the top.")
        var favorite = false

        func run() throws {
            var book = try ContactsFile.open(options)
            let id = String(book.nextID)
            try book.apply([.insert(.init(id: id, text: name, pinned: favorite, fields: phone.map { ["phone": $0] } ?? [:]))])
            book.nextID += 1
            try book.save()
            print("added \(id): \(name)")
        }
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Give a contact a new name.")

        @OptionGroup var options: BookOptions

        @Argument(help: "The contact's id (list and search show it).")
        var id: String

        @Argument(help: "The new name.")
        var name: String

        func run() throws {
            let book = try ContactsFile.open(options)
            let old = book.contacts.snapshot.item(id: id)?.text
            try book.apply([.rename(id: id, to: name, reading: nil)])
            try book.save()
            print("renamed \(id): \(old ?? "?") → \(name)")
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a contact.")

        @OptionGroup var options: BookOptions

        @Argument(help: "The contact's id (list and search show it).")
        var id: String

        func run() throws {
            let book = try ContactsFile.open(options)
            let old = book.contacts.snapshot.item(id: id)?.text
            try book.apply([.delete(id: id)])
            try book.save()
            print("deleted \(id): \(old ?? "?")")
        }
    }
}
