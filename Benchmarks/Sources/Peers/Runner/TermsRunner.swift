import Foundation

/// Runs issue 23's typing sessions of several kinds (multi-word, single-word, phone digits, dial
/// pad) on ThumbIndex and, for the kinds it can answer, on SQLite FTS5 asked the same all-terms
/// question, in one process and interleaved: session by session, ThumbIndex types a whole query
/// and then FTS5 types the same one, so both see the same moments of a shared, noisy machine.
///
/// ThumbIndex types every session of a kind. FTS5 scans the table for terms shorter than 3
/// characters (up to a second a keystroke at 1M rows), so it types sessions only until its budget
/// for the kind is spent; sessions are taken in a spread-out order (van der Corput), so any prefix
/// of the order covers the whole file, and the report compares the two systems on the sessions
/// both typed.
public struct TermsRunner {
    /// One kind of session: its file, whether it is typed on the dial pad, whether FTS5 types it.
    public struct Kind: Sendable {
        public let name: String
        public let sessions: TypingSessions
        public let dialpad: Bool
        public let fts5: Bool

        public init(name: String, sessions: TypingSessions, dialpad: Bool, fts5: Bool) {
            self.name = name
            self.sessions = sessions
            self.dialpad = dialpad
            self.fts5 = fts5
        }
    }

    /// One timed keystroke.
    public struct Measured: Codable, Sendable {
        /// `thumbindex` or `sqlite-fts5`.
        public let system: String
        /// The query (line of the sessions file) and the characters typed.
        public let query: Int
        public let length: Int
        /// Wall-clock and thread CPU time, in microseconds.
        public let micros: Double
        public let cpuMicros: Double
        public let total: Int
        public let sections: Int
        public let digest: String
    }

    /// What a kind measured.
    public struct KindResult: Codable, Sendable {
        public let kind: String
        public let dialpad: Bool
        public let queries: [String]
        /// Sessions FTS5 typed (positions in `queries`), in the order typed.
        public var fts5Sessions: [Int]
        public var measured: [Measured]
        /// Wall-clock seconds of the kind (both systems).
        public var seconds: Double
    }

    public var fts5Budget: Double
    public var log: (String) -> Void

    public init(fts5Budget: Double, log: @escaping (String) -> Void = { _ in }) {
        self.fts5Budget = fts5Budget
        self.log = log
    }

    public func run(_ kind: Kind, thumbindex: ThumbIndexSystem, fts5: KeystrokeSystem?) -> KindResult {
        let clock = ContinuousClock()
        let keystrokes = kind.sessions.keystrokes
        var byQuery: [[Int]] = Array(repeating: [], count: kind.sessions.queries.count)
        for p in keystrokes.indices { byQuery[keystrokes[p].query].append(p) }
        thumbindex.dialpad = kind.dialpad
        let fts5 = kind.fts5 ? fts5 : nil

        // Warm-up (untimed): the first five sessions, on both.
        for system in [thumbindex as KeystrokeSystem] + (fts5.map { [$0] } ?? []) {
            for q in byQuery.prefix(5) {
                system.beginQuery()
                for p in q { _ = system.keystroke(keystrokes[p].text) }
            }
        }

        var result = KindResult(kind: kind.name, dialpad: kind.dialpad, queries: kind.sessions.queries, fts5Sessions: [],
                                measured: [], seconds: 0)
        func type(_ q: Int, on system: KeystrokeSystem, named name: String) -> Double {
            system.beginQuery()
            var spent = 0.0
            for p in byQuery[q] {
                let keystroke = keystrokes[p]
                let (answer, seconds, cpu) = KeystrokeRunner.timedKeystroke(keystroke.text, on: system, clock: clock)
                spent += seconds
                result.measured.append(Measured(system: name, query: q, length: keystroke.length, micros: seconds * 1e6,
                                                cpuMicros: cpu * 1e6, total: answer.total, sections: answer.sections,
                                                digest: String(answer.digest, radix: 16)))
            }
            return spent
        }

        let start = clock.now
        var fts5Spent = 0.0
        for (i, q) in KeystrokeRunner.spreadOrder(byQuery.count).enumerated() {
            _ = type(q, on: thumbindex, named: "thumbindex")
            if let fts5, fts5Spent < fts5Budget {
                fts5Spent += type(q, on: fts5, named: "sqlite-fts5")
                result.fts5Sessions.append(q)
            }
            if i % 50 == 49 {
                log("\(kind.name): \(i + 1)/\(byQuery.count) sessions; FTS5 \(result.fts5Sessions.count) (\(Int(fts5Spent)) s)")
            }
        }
        result.seconds = (clock.now - start).seconds
        log("\(kind.name): \(byQuery.count) sessions on ThumbIndex, \(result.fts5Sessions.count) on FTS5, \(Int(result.seconds)) s")
        return result
    }
}
