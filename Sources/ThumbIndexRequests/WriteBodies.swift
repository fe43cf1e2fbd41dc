import Foundation
import ThumbIndexStore

/// The JSON bodies of the write endpoints, checked strictly: wrong types, unknown fields and
/// missing ones are refused with the path of the field (`items[3].text: ...`).
///
/// The server reads a request's body and hands its bytes to ``decode(_:bytes:)``
/// (`WriteBodies+Request.swift` in ThumbIndexServer); the fuzz target FuzzWriteBodies (Fuzz/) drives
/// the same function.
package enum WriteBodies {
    /// `PUT /api/listings/{name}`: `{"locale": "sv", "items": [...], "search"?: {...}}`.
    package struct Listing: Decodable, Sendable {
        package let locale: String
        package let items: [Item]
        package let search: Search

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            try container.refuseUnknownKeys(["locale", "items", "search"])
            locale = try container.decode(String.self, forKey: Key("locale"))
            items = try container.decode([Item].self, forKey: Key("items"))
            search = try container.decodeUnlessAbsent(Search.self, forKey: Key("search")) ?? Search()
        }
    }

    /// Which item fields a listing searches: `{"fields"?: ["company"], "phones"?: ["phone"], "region"?: "locale"}`.
    package struct Search: Decodable, Sendable {
        package var fields: [String] = []
        package var phones: [String] = []
        package var region: String?

        init() {}

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            try container.refuseUnknownKeys(["fields", "phones", "region"])
            fields = try container.decodeUnlessAbsent([String].self, forKey: Key("fields")) ?? []
            phones = try container.decodeUnlessAbsent([String].self, forKey: Key("phones")) ?? []
            region = try container.decodeUnlessAbsent(String.self, forKey: Key("region"))
        }
    }

    /// `POST /api/listings/{name}/items`: `{"items": [...]}`.
    package struct Items: Decodable, Sendable {
        package let items: [Item]

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            try container.refuseUnknownKeys(["items"])
            items = try container.decode([Item].self, forKey: Key("items"))
        }
    }

    /// One item: `{"id"?, "text", "reading"?, "pinned"?, "fields"?: {"phone": "+34 …", …}}` (`reading`
    /// may be null; `fields` holds the item's other columns, searched when the listing says so).
    package struct Item: Decodable, Sendable {
        package let input: ItemInput

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            try container.refuseUnknownKeys(["id", "text", "reading", "pinned", "fields"])
            input = ItemInput(id: try container.decodeUnlessAbsent(String.self, forKey: Key("id")),
                              text: try container.decode(String.self, forKey: Key("text")),
                              reading: try container.decodeIfPresent(String.self, forKey: Key("reading")),
                              pinned: try container.decodeUnlessAbsent(Bool.self, forKey: Key("pinned")) ?? false,
                              fields: try container.decodeUnlessAbsent([String: String].self, forKey: Key("fields")) ?? [:])
        }
    }

    /// `PATCH /api/listings/{name}/items/{id}`: any of `text`, `reading` (null: none), `pinned`.
    package struct Patch: Decodable, Sendable {
        package let patch: ItemPatch

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            try container.refuseUnknownKeys(["text", "reading", "pinned"])
            let reading: String?? = container.contains(Key("reading"))
                ? .some(try container.decodeIfPresent(String.self, forKey: Key("reading"))) : .none
            patch = ItemPatch(text: try container.decodeUnlessAbsent(String.self, forKey: Key("text")), reading: reading,
                              pinned: try container.decodeUnlessAbsent(Bool.self, forKey: Key("pinned")))
            guard patch.text != nil || patch.reading != nil || patch.pinned != nil else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "give at least one of text, reading, pinned"))
            }
        }
    }

    /// Any JSON key.
    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes a whole body as `T` (``Listing``, ``Items`` or ``Patch``).
    /// - Throws: 400 for an empty body, invalid UTF-8 or JSON, or a field of the wrong type,
    ///   missing or unknown, naming the field.
    package static func decode<T: Decodable>(_ type: T.Type, bytes: [UInt8]) throws(APIError) -> T {
        guard !bytes.isEmpty else { throw APIError.badRequest("the body is empty; send a JSON object") }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw APIError.badRequest("the body is not valid UTF-8")
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw APIError.badRequest(describe(error))
        } catch {
            throw APIError.badRequest("the body is not valid JSON")
        }
    }

    /// "items[2].text: expected a string" and the like.
    static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            var text = ""
            for key in codingPath {
                if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
            }
            return text.isEmpty ? "body" : text
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)): expected \(describe(type))"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)): expected \(describe(type)), got null"
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])): missing"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty, context.underlyingError != nil {
                return "the body is not valid JSON"
            }
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "the body is not what the endpoint takes"
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is [Any].Type, is [Item].Type: "an array"
        default: "an object"
        }
    }
}

extension KeyedDecodingContainer where Key == WriteBodies.Key {
    /// The value of an optional field that may be absent but not null (`"pinned": null` is refused).
    func decodeUnlessAbsent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        contains(key) ? try decode(type, forKey: key) : nil
    }

    /// Refuses a key not in `known` (a misspelt field would otherwise be ignored silently).
    func refuseUnknownKeys(_ known: Set<String>) throws {
        if let unknown = allKeys.first(where: { !known.contains($0.stringValue) }) {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [unknown],
                                                    debugDescription: "unknown field; the fields are \(known.sorted().joined(separator: ", "))"))
        }
    }
}
