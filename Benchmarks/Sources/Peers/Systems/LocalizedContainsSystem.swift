import Foundation

/// A plain scan with Foundation's `localizedStandardContains` (case-, diacritic- and
/// width-insensitive, locale-aware): what Apple suggests for user-facing search.
public final class LocalizedContainsSystem: KeystrokeSystem {
    private let texts: [String]
    private let sectionEnds: [Int]

    public init(snapshot: ListingSnapshot, report: inout BuildReport) {
        texts = report.measure("strings") { (0..<snapshot.count).map { snapshot.texts[$0] } }
        sectionEnds = snapshot.sectionEnds
    }

    public var indexBytes: Int? { nil }

    public func keystroke(_ text: String) -> Answer {
        var answer = AnswerBuilder()
        var page: [Int] = []
        var row = 0
        for (s, end) in sectionEnds.enumerated() {
            var count = 0
            while row < end {
                if texts[row].localizedStandardContains(text) {
                    count += 1
                    if page.count < pageSize { page.append(row) }
                }
                row += 1
            }
            if count > 0 { answer.section(s, count: count) }
        }
        for row in page { answer.pageText(texts[row]) }
        return answer.answer
    }
}
