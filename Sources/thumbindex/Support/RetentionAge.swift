import ArgumentParser

/// An age given on the command line as a number and a unit: `90s`, `30m`, `12h`, `7d`
/// (`--change-log-retention`).
struct RetentionAge: ExpressibleByArgument, Sendable {
    /// The age in seconds.
    let seconds: Int64

    init?(seconds: Int64) {
        guard seconds > 0 else { return nil }
        self.seconds = seconds
    }

    init?(argument: String) {
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        guard let unit = argument.last.flatMap({ units[$0] }), let count = Int64(argument.dropLast()),
              count > 0, count <= Int64.max / unit / 1_000_000_000 else { return nil }
        self.init(seconds: count * unit)
    }

    var defaultValueDescription: String {
        seconds % 86_400 == 0 ? "\(seconds / 86_400)d" : seconds % 3600 == 0 ? "\(seconds / 3600)h" : "\(seconds)s"
    }
}
