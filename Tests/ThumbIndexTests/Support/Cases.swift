import Foundation

/// How many random cases a property test runs: all of them in `swift test`, a part of them under the
/// sanitizers.
///
/// `scripts/sanitize` sets `THUMBINDEX_CASE_DIVISOR` (see there). Instrumented code runs several
/// times slower, and what a sanitizer looks for (a bad read or write, a leak, a race) shows on
/// the code paths that a few random cases already take; how many answers agree with the oracles is
/// what the full count is for, and the full count runs, uninstrumented, in `swift test`.
enum Cases {
    /// The divisor from the environment; 1 when it is unset or not a positive number.
    static let divisor: Int = ProcessInfo.processInfo.environment["THUMBINDEX_CASE_DIVISOR"].flatMap(Int.init).map { max(1, $0) } ?? 1

    /// `count` random cases, divided by ``divisor``, at least one.
    static func scaled(_ count: Int) -> Int { max(1, count / divisor) }
}
