import Foundation
import ThumbIndex

/// The interactive filter-as-you-type view: raw terminal input, the top of the filtered,
/// sectioned list redrawn with its counts after every keystroke.
struct InteractiveFilter {
    let searchable: SearchableListing<Int>
    let fold: Fold
    let mode: MatchMode
    let phonetic: Phonetic
    let dialpad: Bool
    let typos: Typos

    func run() throws {
        let terminal = try RawTerminal()
        defer { terminal.restore() }
        var query = ""
        var pending: [UInt8] = []  // bytes of an incomplete UTF-8 character
        try redraw(query)
        while let byte = terminal.readByte() {
            switch byte {
            case 0x03, 0x04: return                    // Ctrl-C, Ctrl-D
            case 0x1B:                                  // Esc (an escape sequence's tail is dropped)
                terminal.drainPendingInput()
                query = ""
            case 0x7F, 0x08:                            // Backspace
                if !query.isEmpty { query.removeLast() }
            case 0x15: query = ""                       // Ctrl-U
            case 0x00..<0x20: continue
            default:
                pending.append(byte)
                if let s = String(validating: pending, as: UTF8.self) {
                    query += s
                    pending = []
                } else if pending.count >= 4 {
                    pending = []
                }
                if !pending.isEmpty { continue }
            }
            try redraw(query)
        }
    }

    private func redraw(_ query: String) throws {
        let start = DispatchTime.now()
        let result = try searchable.filter(query, fold: fold, mode: mode, phonetic: phonetic, dialpad: dialpad, typos: typos)
        let rowsWanted = max(3, RawTerminal.height() - 5)
        let page = try result.matches(offset: 0, limit: rowsWanted)
        let micros = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1000
        var lines: [String] = []
        var section = -1
        for match in page {
            if lines.count >= rowsWanted { break }
            if match.sectionIndex != section {
                section = match.sectionIndex
                let s = result.sections[section]
                lines.append("\u{1B}[1;36m\(s.title)\u{1B}[0m \u{1B}[2m(\(s.count))\u{1B}[0m")
            }
            lines.append("  " + FilterText.line(searchable.listing.text(ofRow: match.row), match,
                                                open: "\u{1B}[7m", close: "\u{1B}[27m"))
        }
        let titles = result.indexTitles(hiddenWhileSearching: true)
        let index = titles.isEmpty ? "(index hidden while searching)" : titles.joined(separator: " ")
        var screen = "\u{1B}[H\u{1B}[2J"
        screen += "\u{1B}[1mSearch:\u{1B}[0m \(query)\u{1B}[s\r\n"
        screen += "\u{1B}[2m\(result.total) \(result.approximate.map { "close matches (no exact match, within \($0) edit\($0 == 1 ? "" : "s"))" } ?? "matches") in \(result.sections.count) sections · \(String(format: "%.0f", micros)) µs · fold \(fold.rawValue), \(mode.rawValue), phonetic \(phonetic.rawValue)\(dialpad ? ", dial pad" : "") · Esc clears, Ctrl-C quits\u{1B}[0m\r\n"
        screen += "\u{1B}[2m\(index)\u{1B}[0m\r\n\r\n"
        screen += lines.prefix(rowsWanted).joined(separator: "\r\n")
        screen += "\u{1B}[u"
        Output.write(screen)
    }
}
