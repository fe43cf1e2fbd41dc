import Foundation

/// A progress bar on standard error, shown only when it is a terminal; redrawn at most 10 times a second.
final class ProgressBar: @unchecked Sendable {
    // @unchecked: `update` may be called from the bridge's sorting thread; state is behind `lock`.
    private let title: String
    private let enabled: Bool
    private let lock = NSLock()
    private var lastDraw = Date.distantPast

    init(_ title: String, enabled: Bool = Output.stderrIsTerminal) {
        self.title = title
        self.enabled = enabled
    }

    /// Reports `fraction` (0...1) done.
    func update(_ fraction: Double) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        guard now.timeIntervalSince(lastDraw) > 0.1 || fraction >= 1 else { return }
        lastDraw = now
        let width = 30, filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "█", count: min(filled, width)) + String(repeating: "·", count: max(0, width - filled))
        Output.error("\r\(title) [\(bar)] \(Int(fraction * 100))%")
    }

    /// Clears the bar's line.
    func finish() {
        guard enabled else { return }
        Output.error("\r\u{1B}[2K")
    }
}
