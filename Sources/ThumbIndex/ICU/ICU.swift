import CThumbIndexICU

/// The Swift side of the ICU bridge: the only code that calls `ti_*` functions. Everything above
/// it deals in Swift values and thrown errors.
///
/// Its files, one per facet: `ICU+Collation` (the owner of a locale's collators),
/// `ICU+Locale` (locale names and scripts), `ICU+Folding` (search folds, one string or many),
/// `ICU+WordBreaks` (word starts for word-prefix search), `ICU+Transliteration` (ICU's transliterators
/// by ID, e.g. Han-Latin for pinyin readings).
enum ICU {
    /// Throws the error a bridge status carries, if any.
    static func check(_ status: TIStatus) throws {
        guard status.code != 0 else { return }
        throw ICUError(status)
    }

    /// The one "ask the size, then retry with a bigger buffer" loop of the Swift side.
    ///
    /// `attempt(capacity)` fills buffers of `capacity` elements and returns how many the full
    /// answer needs (or throws); when that is more than `capacity`, it is called again with exactly
    /// that capacity. Returns the needed count, which then fits the last attempt's buffers.
    static func withGrowingCapacity(initial: Int, _ attempt: (Int) throws -> Int) rethrows -> Int {
        var capacity = max(initial, 1)
        while true {
            let needed = try attempt(capacity)
            if needed <= capacity { return needed }
            capacity = needed
        }
    }
}

extension TIStatus {
    /// The NUL-terminated message, decoded once here for every caller.
    var messageText: String {
        withUnsafeBytes(of: message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}

/// An error reported by ICU through the bridge (ICU could not open a collator, normalize or break
/// a text, usually for want of memory or data).
public struct ICUError: Error, CustomStringConvertible, Sendable {
    /// The ICU `UErrorCode`, or a negative bridge code (`TI_ERROR_*`).
    let code: Int
    /// What went wrong, in English.
    public let message: String
    /// The error as one line: ``message``.
    public var description: String { message }

    init(_ status: TIStatus) {
        code = Int(status.code)
        message = status.messageText
    }

    init(code: Int, message: String) {
        self.code = code
        self.message = message
    }
}
