/// The typing sessions of a corpus: each query typed one keystroke at a time.
///
/// A query of n characters (grapheme clusters: what one key or one IME commit adds) gives the n
/// keystrokes "q₁", "q₁q₂", …, "q₁…qₙ". Every system is sent exactly this sequence, trimmed of
/// surrounding white space as a search field would (a keystroke that adds a space still counts).
public struct TypingSessions: Sendable {
    /// One keystroke: which query, how many characters are typed, and the text sent.
    public struct Keystroke: Sendable, Hashable {
        /// Position of the query in the sessions file.
        public let query: Int
        /// Characters typed so far (1…n).
        public let length: Int
        /// The text sent to the system.
        public let text: String
        /// Its typed-length bucket: 1, 2, 3, or 4 for "4+".
        public var bucket: Int { min(length, 4) }
    }

    /// The typed-length buckets of the report: 1, 2, 3 and 4+ characters.
    public static let buckets = [1, 2, 3, 4]
    public static func bucketName(_ bucket: Int) -> String { bucket == 4 ? "4+" : "\(bucket)" }

    /// A session given state by state (the phonetic corpora): what the search field holds after
    /// each keystroke, which need not be a prefix of the next (an IME composing Hangul: 김, 김ㅁ, 김미).
    public struct Session: Sendable, Hashable {
        /// What the user types (`pinyin`, `initials`, `ime`, …).
        public let kind: String
        /// The name the user is looking for.
        public let target: String
        /// The search field after each keystroke.
        public let states: [String]

        public init(kind: String, target: String, states: [String]) {
            self.kind = kind
            self.target = target
            self.states = states
        }
    }

    /// The full queries, in file order (for sessions given state by state: their last states).
    public let queries: [String]
    /// Every keystroke of every query, in typing order.
    public let keystrokes: [Keystroke]
    /// The sessions, when given state by state (else empty).
    public let sessions: [Session]

    public init(queries: [String]) {
        self.queries = queries
        var keystrokes: [Keystroke] = []
        for (q, query) in queries.enumerated() {
            for length in 1...max(1, query.count) {
                let text = String(query.prefix(length)).trimmingWhitespace()
                keystrokes.append(Keystroke(query: q, length: length, text: text))
            }
        }
        self.keystrokes = keystrokes
        sessions = []
    }

    /// Sessions given state by state: keystroke k of a session (length k) sends its k-th state.
    public init(sessions: [Session]) {
        precondition(sessions.allSatisfy { !$0.states.isEmpty })
        self.sessions = sessions
        queries = sessions.map { $0.states.last! }
        keystrokes = sessions.enumerated().flatMap { q, session in
            session.states.enumerated().map { Keystroke(query: q, length: $0.offset + 1, text: $0.element.trimmingWhitespace()) }
        }
    }

    /// Positions in `keystrokes` of the keystrokes in `bucket`, in typing order.
    public func positions(inBucket bucket: Int) -> [Int] {
        keystrokes.indices.filter { keystrokes[$0].bucket == bucket }
    }
}

extension String {
    /// Without leading and trailing white space (Unicode White_Space).
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }
}
