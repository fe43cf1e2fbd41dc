import CThumbIndexICU

/// The thin Swift side of the ICU bridge: the only code that calls `ti_*` functions of the
/// collation layer. Everything above it deals in Swift values.
enum ICU {
    /// Reads a bridge status, throwing when it carries an error.
    static func check(_ status: TIStatus) throws(ICUError) {
        guard status.code != 0 else { return }
        throw ICUError(code: Int(status.code), message: message(of: status))
    }

    /// The NUL-terminated message of a status.
    static func message(of status: TIStatus) -> String {
        withUnsafeBytes(of: status.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}

/// An error reported by ICU through the bridge.
public struct ICUError: Error, CustomStringConvertible, Sendable {
    /// The ICU `UErrorCode`, or a negative bridge code (`TI_ERROR_*`).
    public let code: Int
    /// What went wrong, in English.
    public let message: String
    public var description: String { message }
}
