/// What the store accepts, in one place: the limits on ids, texts, field names and values, and
/// the rule for the ids it assigns.
///
/// Everything the store holds must survive a TSV export and import unchanged, so no part of an
/// item may hold a C0 control character (U+0000–U+001F: NUL, tab, newline, carriage return...),
/// DEL (U+007F) or NEL (U+0085, a line break to some readers). The other C1 controls
/// (U+0080–U+009F) pass: they break nothing, and real data has them (a U+009F stands in
/// GeoNames' names, left by a wrong decoding upstream).
/// - An **id** is 1…200 characters, any Unicode but those control characters.
/// - A **text** is not blank (something besides white space) and at most 4096 UTF-8 bytes.
/// - A **reading** is like a text; an empty reading is no reading (stored as nil).
/// - A **field** name is 1…200 characters; its value is at most 4096 UTF-8 bytes (may be empty);
///   an item has at most 200 fields.
/// - A **listing name** is 1…200 characters.
package enum ItemLimits {
    /// The most characters an id, a field name or a listing name may have.
    package static let maximumNameLength = 200
    /// The most UTF-8 bytes a text, a reading or a field value may have.
    package static let maximumTextBytes = 4096
    /// The most fields one item may have.
    package static let maximumFieldCount = 200

    /// The id the store gives the item stored at `seq` when the client gives none: "n" + seq
    /// ("n42"), or, when an item of the listing (or of the same batch) already has that id,
    /// "n42-2", "n42-3"... (the first free). Seqs are never reused, so neither are assigned ids:
    /// no other seq can produce "n42" or "n42-k". They are URL-safe (ASCII letters, digits, '-').
    package static func assignedID(seq: Int64, attempt: Int) -> String {
        attempt == 1 ? "n\(seq)" : "n\(seq)-\(attempt)"
    }

    /// Checks an id, a field name or a listing name: 1…200 characters, no control characters.
    /// - Parameter field: what to call it in the error ("items[3].id").
    static func checkName(_ name: String, field: String) throws(StoreError) {
        if name.isEmpty { throw .invalid(field: field, reason: "is empty") }
        if name.count > maximumNameLength {
            throw .invalid(field: field, reason: "has \(name.count) characters; the most is \(maximumNameLength)")
        }
        try checkNoControlCharacters(name, field: field)
    }

    /// Checks a text or a reading: not blank, at most 4096 UTF-8 bytes, no control characters.
    static func checkText(_ text: String, field: String) throws(StoreError) {
        if text.unicodeScalars.allSatisfy(\.properties.isWhitespace) {
            throw .invalid(field: field, reason: text.isEmpty ? "is empty" : "is blank (only white space)")
        }
        try checkValue(text, field: field)
    }

    /// Checks a field value: at most 4096 UTF-8 bytes, no control characters (may be empty).
    static func checkValue(_ value: String, field: String) throws(StoreError) {
        if value.utf8.count > maximumTextBytes {
            throw .invalid(field: field, reason: "has \(value.utf8.count) UTF-8 bytes; the most is \(maximumTextBytes)")
        }
        try checkNoControlCharacters(value, field: field)
    }

    private static func checkNoControlCharacters(_ string: String, field: String) throws(StoreError) {
        guard let scalar = string.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F || $0.value == 0x85 }) else { return }
        let name = switch scalar {
        case "\t": "a tab"
        case "\n": "a newline"
        case "\r": "a carriage return"
        case "\0": "a NUL"
        default: "the control character U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4))"
        }
        throw .invalid(field: field, reason: "holds \(name); no part of an item may hold control characters (they would not survive a TSV export)")
    }
}

extension ItemInput {
    /// Checks every part of the item against ``ItemLimits``.
    /// - Parameter position: the item's place in its batch, for the error ("items[3].text: is empty").
    /// - Throws: `StoreError.invalidItem` naming the item's position and the part.
    package func validate(position: Int) throws(StoreError) {
        do throws(StoreError) {
            if let id { try ItemLimits.checkName(id, field: "id") }
            try ItemLimits.checkText(text, field: "text")
            if let reading, !reading.isEmpty { try ItemLimits.checkText(reading, field: "reading") }
            if fields.count > ItemLimits.maximumFieldCount {
                throw StoreError.invalid(field: "fields", reason: "has \(fields.count) fields; the most is \(ItemLimits.maximumFieldCount)")
            }
            for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
                try ItemLimits.checkName(name, field: "fields")
                try ItemLimits.checkValue(value, field: "fields.\(name)")
            }
        } catch {
            throw error.inItem(position)
        }
    }

    /// The reading as stored: nil for none or empty.
    var storedReading: String? { reading?.isEmpty == false ? reading : nil }
}

extension ItemPatch {
    /// Checks the parts the patch sets against ``ItemLimits``.
    /// - Throws: `StoreError.invalid` naming the part ("text: is blank").
    package func validate() throws(StoreError) {
        if let text { try ItemLimits.checkText(text, field: "text") }
        if case let reading?? = reading, !reading.isEmpty { try ItemLimits.checkText(reading, field: "reading") }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
