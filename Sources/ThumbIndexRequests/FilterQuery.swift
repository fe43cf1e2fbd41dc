import ThumbIndex

/// The validated parameters of a filtered request:
/// `q` (at most 256 characters), `fold` (locale, case, diacritics, all), `mode` (contains, prefix, words),
/// `phonetic` (auto, on, off), `dialpad` (1, 0, true, false), `typos` (auto, off), `offset` (≥ 0), `limit` (0…1000)
/// and `minVersion` (≥ 0: the store version the answer must include). Unknown parameters are
/// ignored (cache busters welcome). Read by the server's routes and by the fuzz target
/// FuzzQueryString (Fuzz/).
package struct FilterQuery: Sendable, Hashable {
    /// The longest `q` accepted, in characters (Unicode code points, as JSON Schema's `maxLength`
    /// counts them: the OpenAPI document says so).
    package static let maxQueryLength = 256
    /// The most rows one request may ask for: it bounds a request's cost.
    package static let maxLimit = 1000
    package static let defaultLimit = 100

    package var q = ""
    package var fold = Fold.locale
    package var mode = MatchMode.contains
    /// Whether items are also found by how they sound (see ``Phonetic``); the server's default
    /// (`serve --phonetic`) when the request gives none.
    package var phonetic: Phonetic
    /// Whether `q` is read as digits typed on a phone keypad (see ``Dialpad``).
    package var dialpad = false
    /// Whether a query with no exact match is answered with close matches (see ``Typos``); `auto` unless given.
    package var typos = Typos.auto
    package var offset = 0
    package var limit = FilterQuery.defaultLimit
    /// The store version the answer must include (`ThumbIndex-Version` of a write, perhaps through
    /// another server); nil when the request gives none.
    package var minVersion: Int64?

    /// Reads and checks the parameters of `query`; `phonetic` is the server's default.
    /// - Throws: `APIError.badRequest` naming the parameter, the value and what is accepted.
    package init(_ query: QueryString, phonetic: Phonetic = .auto) throws(APIError) {
        self.phonetic = phonetic
        if let q = query["q"] {
            guard q.unicodeScalars.count <= Self.maxQueryLength else {
                throw .badRequest("q is \(q.unicodeScalars.count) characters long; the limit is \(Self.maxQueryLength)")
            }
            self.q = q
        }
        if let fold = query["fold"] {
            guard let value = Fold(rawValue: fold) else {
                throw .badRequest("unknown fold '\(fold)'; use one of \(Fold.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            self.fold = value
        }
        if let mode = query["mode"] {
            guard let value = MatchMode(rawValue: mode) else {
                throw .badRequest("unknown mode '\(mode)'; use one of \(MatchMode.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            self.mode = value
        }
        if let phonetic = query["phonetic"] {
            guard let value = Phonetic(rawValue: phonetic) else {
                throw .badRequest("unknown phonetic '\(phonetic)'; use one of \(Phonetic.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            self.phonetic = value
        }
        if let dialpad = query["dialpad"] {
            switch dialpad {
            case "1", "true": self.dialpad = true
            case "0", "false": self.dialpad = false
            default:
                let shown = dialpad.count > 40 ? String(dialpad.prefix(40)) + "…" : dialpad
                throw .badRequest("dialpad must be 1, 0, true or false, got '\(shown)'")
            }
            guard !self.dialpad || Dialpad.canType(q) else {
                throw .badRequest("dialpad=1 reads q as keys typed on a phone keypad: use digits (and + - ( ) . * # or spaces) only, got '\(q.prefix(40))'")
            }
        }
        if let typos = query["typos"] {
            guard let value = Typos(rawValue: typos) else {
                let shown = typos.count > 40 ? String(typos.prefix(40)) + "…" : typos
                throw .badRequest("unknown typos '\(shown)'; use one of \(Typos.allCases.map(\.rawValue).joined(separator: ", ")) (auto: close matches when nothing matches exactly)")
            }
            self.typos = value
        }
        if let offset = query["offset"] {
            self.offset = try Self.count(offset, name: "offset")
        }
        if let limit = query["limit"] {
            let value = try Self.count(limit, name: "limit")
            guard value <= Self.maxLimit else {
                throw .badRequest("limit is \(limit); at most \(Self.maxLimit) rows per request (page with offset)")
            }
            self.limit = value
        }
        if let minVersion = query["minVersion"] {
            self.minVersion = Int64(try Self.count(minVersion, name: "minVersion", max: Int64.max))
        }
    }

    /// A non-negative decimal integer (digits only: no sign, no space, no exponent).
    private static func count(_ text: String, name: String, max: Int64 = Int64(Int32.max)) throws(APIError) -> Int {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            throw .badRequest("\(name) must be a non-negative integer, got '\(shown)'")
        }
        guard let value = Int(text), Int64(value) <= max else {
            throw .badRequest("\(name) is too large: \(text.prefix(40))")
        }
        return value
    }
}
