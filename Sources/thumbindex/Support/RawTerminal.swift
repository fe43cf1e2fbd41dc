import Foundation

/// Puts the terminal into raw mode (no echo, no line buffering, no signals from Ctrl-C) until `restore()`.
final class RawTerminal {
    private var original = termios()

    init() throws {
        guard tcgetattr(0, &original) == 0 else { throw CLIError("cannot read the terminal's settings") }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        guard tcsetattr(0, TCSAFLUSH, &raw) == 0 else { throw CLIError("cannot switch the terminal to raw mode") }
    }

    /// Restores the terminal and moves below the view.
    func restore() {
        tcsetattr(0, TCSAFLUSH, &original)
        Output.write("\u{1B}[2J\u{1B}[H")
    }

    /// One byte of input, or nil at end of input.
    func readByte() -> UInt8? {
        var byte: UInt8 = 0
        return read(0, &byte, 1) == 1 ? byte : nil
    }

    /// Drops input already waiting (the rest of an escape sequence such as an arrow key).
    func drainPendingInput() {
        var pollFD = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        var byte: UInt8 = 0
        while poll(&pollFD, 1, 5) > 0 && read(0, &byte, 1) == 1 {}
    }

    /// Rows of the terminal (24 when unknown).
    static func height() -> Int {
        var size = winsize()
        return ioctl(1, UInt(TIOCGWINSZ), &size) == 0 && size.ws_row > 0 ? Int(size.ws_row) : 24
    }
}
