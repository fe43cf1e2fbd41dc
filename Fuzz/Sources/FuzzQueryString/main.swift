// Fuzz target: the API's query-string parser (`QueryString`) and the filter parameters read from it
// (`FilterQuery`), held against the rules restated plainly (README, "Over HTTP"), plus a round trip:
// what is accepted, percent-encoded again, parses to the same parameters.
//
// Input: the raw query string (the part of the URL after `?`), bytes taken as UTF-8.
import FuzzSupport
import ThumbIndex
import ThumbIndexRequests

/// `+` is a space, `%XY` the byte 0xXY; nil for a `%` not followed by two hex digits or for bytes
/// that are not UTF-8 once decoded.
func naiveDecode(_ raw: ArraySlice<UInt8>) -> String? {
    let hex = Array("0123456789abcdef".utf8), upperHex = Array("0123456789ABCDEF".utf8)
    func digit(_ byte: UInt8) -> UInt8? {
        (hex.firstIndex(of: byte) ?? upperHex.firstIndex(of: byte)).map(UInt8.init)
    }
    var out: [UInt8] = []
    var rest = raw
    while let byte = rest.popFirst() {
        if byte == UInt8(ascii: "+") {
            out.append(0x20)
        } else if byte == UInt8(ascii: "%") {
            guard rest.count >= 2, let high = digit(rest[rest.startIndex]), let low = digit(rest[rest.startIndex + 1]) else { return nil }
            out.append(high * 16 + low)
            rest = rest.dropFirst(2)
        } else {
            out.append(byte)
        }
    }
    return String(validating: out, as: UTF8.self)
}

/// The parameters of `raw`, or nil when it must be refused (too long, a bad escape, not UTF-8, a
/// parameter given twice).
func naiveParameters(_ raw: String) -> [String: String]? {
    let bytes = Array(raw.utf8)
    guard bytes.count <= 16 * 1024 else { return nil }
    var parameters: [String: String] = [:]
    for segment in bytes.split(separator: UInt8(ascii: "&")) {
        let equals = segment.firstIndex(of: UInt8(ascii: "=")) ?? segment.endIndex
        guard let name = naiveDecode(segment[..<equals]),
              let value = naiveDecode(equals == segment.endIndex ? [] : segment[(equals + 1)...]),
              parameters[name] == nil else { return nil }
        parameters[name] = value
    }
    return parameters
}

/// Every byte but the unreserved ones as %XY.
func percentEncoded(_ text: String) -> String {
    var out = ""
    for byte in text.utf8 {
        let scalar = Unicode.Scalar(byte)
        if ("0"..."9").contains(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || "-._~".unicodeScalars.contains(scalar) {
            out.unicodeScalars.append(scalar)
        } else {
            out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(2)
        }
    }
    return out
}

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

/// A count as `offset` and `limit` take it: digits only, at most `max` (Int32.max; Int64.max for
/// `minVersion`).
func naiveCount(_ text: String, max: Int = Int(Int32.max)) -> Int? {
    guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    let digits = text.drop { $0 == "0" }
    guard digits.count <= 19, let value = Int(digits.isEmpty ? "0" : String(digits)), value <= max else { return nil }
    return value
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let raw = String(decoding: Fuzz.bytes(data, size), as: UTF8.self)
    let expected = naiveParameters(raw)
    let query: QueryString
    do {
        query = try QueryString(raw)
    } catch {
        Fuzz.expect(expected == nil, "refused what the rules accept (\(expected ?? [:])): \(error)")
        Fuzz.expect(error.status.code == 400 && !error.message.isEmpty, "answered \(error)")
        return 0
    }
    guard let expected else {
        Fuzz.expect(false, "accepted what the rules refuse: \(query.parameters)")
        return 0
    }
    Fuzz.expect(query.parameters == expected, "parameters \(query.parameters), expected \(expected)")

    // Round trip: the parameters percent-encoded again parse to the same parameters.
    let encoded = expected.sorted { $0.key < $1.key }.map { percentEncoded($0.key) + "=" + percentEncoded($0.value) }.joined(separator: "&")
    if encoded.utf8.count <= QueryString.maxLength {
        let again = try? QueryString(encoded)
        Fuzz.expect(again?.parameters == expected, "'\(encoded)' parses to \(again?.parameters ?? [:]), not \(expected)")
    }

    // The filter parameters.
    let q = expected["q"], fold = expected["fold"].map(Fold.init(rawValue:)), mode = expected["mode"].map(MatchMode.init(rawValue:))
    let offset = expected["offset"].map { naiveCount($0) }, limit = expected["limit"].map { naiveCount($0) }
    let minVersion = expected["minVersion"].map { naiveCount($0, max: Int.max) }
    let dialpad = expected["dialpad"].map { ["1": true, "true": true, "0": false, "false": false][$0] }
    let phonetic = expected["phonetic"].map(Phonetic.init(rawValue:))
    let typos = expected["typos"].map(Typos.init(rawValue:))
    let acceptable = (q?.unicodeScalars.count ?? 0) <= 256 && fold != .some(nil) && mode != .some(nil)
        && phonetic != .some(nil) && typos != .some(nil)
        && offset != .some(nil) && limit != .some(nil) && (limit.flatMap { $0 } ?? 0) <= 1000 && minVersion != .some(nil)
        && dialpad != .some(nil) && (dialpad.flatMap { $0 } != true || Dialpad.canType(q ?? ""))
    do {
        let filter = try FilterQuery(query)
        Fuzz.expect(acceptable, "accepted \(expected)")
        Fuzz.expect(filter.q == q ?? "" && filter.fold == fold.flatMap { $0 } ?? .locale
                    && filter.mode == mode.flatMap { $0 } ?? .contains && filter.offset == offset.flatMap { $0 } ?? 0
                    && filter.limit == limit.flatMap { $0 } ?? 100
                    && filter.dialpad == dialpad.flatMap { $0 } ?? false
                    && filter.phonetic == phonetic.flatMap { $0 } ?? .auto
                    && filter.typos == typos.flatMap { $0 } ?? .auto
                    && filter.minVersion == minVersion.flatMap { $0 }.map(Int64.init), "\(filter) from \(expected)")
    } catch {
        Fuzz.expect(!acceptable, "refused \(expected): \(error)")
        Fuzz.expect(error.status.code == 400 && !error.message.isEmpty, "answered \(error)")
    }
    return 0
}

Fuzz.run(testOneInput)
