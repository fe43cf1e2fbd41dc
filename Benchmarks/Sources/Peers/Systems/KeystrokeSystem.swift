/// What one keystroke answers: what a filter-as-you-type screen shows after it.
///
/// The screen needs the number of matches, the non-empty sections with their counts, and the first
/// page of matching texts (`pageSize` rows, in listing order). `digest` condenses the per-section
/// counts and the page's texts so that systems can be checked against one another.
public struct Answer: Sendable, Hashable {
    /// Number of matching items.
    public var total: Int
    /// Number of non-empty sections.
    public var sections: Int
    /// FNV-1a of (section, count) for every non-empty section, then the page's texts.
    public var digest: UInt64
}

/// Rows per page: what one screen of results shows.
public let pageSize = 50

/// Builds an `Answer`: feed the non-empty sections in order, then the page's texts.
public struct AnswerBuilder {
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    private var total = 0
    private var sections = 0
    private var inPage = false

    public init() {}

    private mutating func mix(_ byte: UInt8) {
        hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    private mutating func mix(_ value: Int) {
        var v = UInt64(bitPattern: Int64(value))
        for _ in 0..<8 { mix(UInt8(truncatingIfNeeded: v)); v >>= 8 }
    }

    /// A non-empty section (by its position in the listing) and its number of matches.
    public mutating func section(_ section: Int, count: Int) {
        precondition(!inPage && count > 0)
        mix(section)
        mix(count)
        total += count
        sections += 1
    }

    /// The next text of the first page.
    public mutating func pageText(_ utf8: some Sequence<UInt8>) {
        inPage = true
        for byte in utf8 { mix(byte) }
        mix(UInt8(0xFF))  // never occurs in UTF-8: separates the texts
    }

    public mutating func pageText(_ text: String) {
        var text = text
        text.withUTF8 { pageText($0) }
    }

    public var answer: Answer { Answer(total: total, sections: sections, digest: hash) }
}

/// A system that filters a listing as the user types.
///
/// The runner calls `beginQuery()` when the user starts a new query (a system with a refining
/// session starts a new one there), then `keystroke(_:)` with the text typed so far.
public protocol KeystrokeSystem: AnyObject {
    /// Bytes of the search structure, beyond the texts themselves; nil for a plain scan.
    var indexBytes: Int? { get }
    /// Anything else worth reporting (e.g. SQLite's content bytes), by name.
    var extraInfo: [String: Double] { get }
    /// A new query starts (the search field was cleared).
    func beginQuery()
    /// The answer for `text`, the query typed so far.
    func keystroke(_ text: String) -> Answer
}

extension KeystrokeSystem {
    public var extraInfo: [String: Double] { [:] }
    public func beginQuery() {}
}

/// The time of each phase of a build, in order.
public struct BuildReport: Sendable, Codable {
    public var phases: [Phase] = []
    public struct Phase: Sendable, Codable {
        public let name: String
        public let seconds: Double
    }

    public init() {}

    public var seconds: Double { phases.reduce(0) { $0 + $1.seconds } }

    /// Runs `body`, recording its wall-clock time as phase `name`.
    public mutating func measure<R>(_ name: String, _ body: () throws -> R) rethrows -> R {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try body()
        phases.append(Phase(name: name, seconds: (clock.now - start).seconds))
        return result
    }
}

extension Duration {
    /// In seconds, as a Double.
    public var seconds: Double {
        let (s, atto) = components
        return Double(s) + Double(atto) * 1e-18
    }
}
