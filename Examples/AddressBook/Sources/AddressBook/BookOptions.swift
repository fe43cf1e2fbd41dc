import ArgumentParser
import Foundation

/// The options every command takes: where the address book lives, and the locale of a new one.
struct BookOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The address book's file (default: $XDG_DATA_HOME/thumbindex-address-book/contacts.thumbidx, or ~/.local/share/thumbindex-address-book/contacts.thumbidx when XDG_DATA_HOME is not set).",
        valueName: "path"))
    var file: String?

    @Option(name: .long, help: ArgumentHelp(
        "The locale of a new address book: its order and section letters (en, sv, de, ja, zh, …). A book that exists keeps the locale it was made with.",
        valueName: "locale"))
    var locale: String?

    /// The file: `--file`, or the default in the XDG data directory.
    var path: String {
        if let file { return file }
        let environment = ProcessInfo.processInfo.environment
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share").path
        return data + "/thumbindex-address-book/contacts.thumbidx"
    }
}

/// A command's failure, as one line for the user (ArgumentParser prints it after "Error: " and
/// exits with status 1).
struct BookError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
