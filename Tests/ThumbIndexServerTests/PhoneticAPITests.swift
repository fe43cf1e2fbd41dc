import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import ThumbIndex
import ThumbIndexFormats
@testable import ThumbIndexServer

/// `phonetic=auto|on|off` on the read endpoints, the server's default (`serve --phonetic`), and
/// names mode (`serve --names`) for file and store listings. What the rules match is the library's
/// business (Tests/ThumbIndexTests/Phonetic); here: that the API passes the setting through, echoes
/// it, and refuses a bad one.
@Suite("phonetic=: Chinese, Korean and Japanese listings searched by how they sound, over the API")
struct PhoneticAPITests {
    /// A sections answer with the echoed setting.
    struct Answer: Decodable {
        struct Item: Decodable, Equatable { let text: String, matches: [[Int]] }
        struct Section: Decodable { let title: String, items: [Item] }
        let q: String, fold: String, mode: String, phonetic: String
        let total: Int
        let sections: [Section]
        var texts: [String] { sections.flatMap(\.items).map(\.text) }
        var items: [Item] { sections.flatMap(\.items) }
    }

    /// Chinese, Korean and Japanese listings (auto applies their rules), the same Chinese names in
    /// an English listing (auto applies none), and the Chinese names read as personal names.
    static let catalog: ListingCatalog = {
        let chinese = ["张三", "李四", "曾国藩", "单田芳", "厦门"]
        func entry(_ name: String, _ texts: [String], locale: String, readings: [String]? = nil,
                   names: Bool = false) throws -> ListingCatalog.Entry {
            var table = RecordTable(texts: texts)
            var columns = RecordListing.Columns()
            if let readings {
                table = RecordTable(columnNames: ["text", "reading"], columns: [TextColumn(texts), TextColumn(readings)])
                columns = RecordListing.Columns(key: 0, reading: 1)
            }
            return try ListingCatalog.Entry(name: name, table: table, columns: columns,
                                            collation: IndexedCollation(locale: locale, names: names))
        }
        return try! ListingCatalog([
            entry("zh", chinese, locale: "zh"),
            entry("ko", ["김민준", "관악구", "이영희"], locale: "ko"),
            entry("ja", ["山田 太郎", "田中 花子"], locale: "ja", readings: ["やまだ たろう", "たなか はなこ"]),
            entry("en", chinese + ["Anna Zhang"], locale: "en"),
            entry("names", chinese, locale: "zh", names: true),
        ])
    }()

    /// Runs `body` against `catalog`, with `phonetic` as the server's default.
    static func run(phonetic: Phonetic = .auto, _ body: @Sendable @escaping (any TestClientProtocol) async throws -> Void) async throws {
        let app = Application(router: buildRouter(catalog: catalog, phonetic: phonetic))
        try await app.test(.router) { client in try await body(client) }
    }


    @Test("auto, the default: pinyin and its initials in a Chinese listing, highlighting the characters; echoed")
    func autoFindsPinyinInAChineseListing() async throws {
        try await Self.run { client in
            let answer = try await client.answer("zh", "zs")
            #expect(answer.phonetic == "auto")
            #expect(answer.items == [Answer.Item(text: "张三", matches: [[0, 2]])])
            #expect(try await client.answer("zh", "zhangsan").texts == ["张三"])
            // 厦 is read xia and sha.
            #expect(try await client.answer("zh", "xiamen").texts == ["厦门"])
            #expect(try await client.answer("zh", "sham", "&phonetic=auto").texts == ["厦门"])
        }
    }

    @Test("off: only the ordinary match; on: every rule, in any listing")
    func offAndOn() async throws {
        try await Self.run { client in
            let off = try await client.answer("zh", "zs", "&phonetic=off")
            #expect(off.phonetic == "off")
            #expect(off.total == 0)
            #expect(try await client.answer("zh", "张", "&phonetic=off").texts == ["张三"])
            // An English listing: auto applies no rule; on applies them.
            #expect(try await client.answer("en", "zs").total == 0)
            let on = try await client.answer("en", "zs", "&phonetic=on")
            #expect(on.phonetic == "on")
            #expect(on.texts == ["张三"])
            // Phonetic matches only add: the ordinary match stays.
            #expect(try await client.answer("en", "zhang", "&phonetic=on").texts.sorted()
                    == ["Anna Zhang", "张三"].sorted())
        }
    }

    @Test("Korean: every state of the IME and initial consonants; Japanese: kana and romaji through the reading")
    func koreanAndJapanese() async throws {
        try await Self.run { client in
            // Hangul stays out of #expect: the macro misplaces the code of a line that holds it.
            let (kim, gwan) = ("김민준", "관악구")
            let initials = try await client.answer("ko", "ㄱㅁㅈ"), halfTyped = try await client.answer("ko", "김미")
            let vowelFirst = try await client.answer("ko", "고"), off = try await client.answer("ko", "ㄱㅁㅈ", "&phonetic=off")
            #expect(initials.items == [Answer.Item(text: kim, matches: [[0, 3]])])
            #expect(halfTyped.texts == [kim])
            #expect(vowelFirst.texts == [gwan])
            #expect(off.total == 0)
            #expect(try await client.answer("ja", "yamada").texts == ["山田 太郎"])
            #expect(try await client.answer("ja", "ハナコ", "&mode=words").texts == ["田中 花子"])
            #expect(try await client.answer("ja", "yamada", "&phonetic=off").total == 0)
        }
    }

    @Test("the server's default (serve --phonetic) applies when a request gives none, and a request overrides it")
    func theServersDefault() async throws {
        try await Self.run(phonetic: .off) { client in
            let answer = try await client.answer("zh", "zs")
            #expect(answer.phonetic == "off")
            #expect(answer.total == 0)
            #expect(try await client.answer("zh", "zs", "&phonetic=auto").texts == ["张三"])
            let catalog = try await client.getJSON("/api/listings", as: CatalogRules.self)
            #expect(catalog.listings.allSatisfy { $0.phoneticRules.isEmpty })
        }
        try await Self.run(phonetic: .on) { client in
            let answer = try await client.answer("en", "zs")
            #expect(answer.texts == ["张三"])
        }
    }

    @Test("the index endpoint filters with phonetic= too")
    func indexTarget() async throws {
        try await Self.run { client in
            // Filtered by zs: the index is {search} Z.
            let target = try await client.getJSON("/api/listings/zh/index/1?q=zs", as: IndexTargetAnswer.self)
            #expect(target == IndexTargetAnswer(title: "Z", target: "section", section: "Z", offset: 0))
            // Off: nothing matches, the index is {search} alone.
            _ = try await client.getJSON("/api/listings/zh/index/1?q=zs&phonetic=off", as: ErrorAnswer.self, status: .notFound)
        }
    }

    /// `GET /api/listings` with the phonetic fields.
    struct CatalogRules: Decodable {
        struct Entry: Decodable { let name: String, locale: String, names: Bool, phoneticRules: [String] }
        let listings: [Entry]
    }

    @Test("GET /api/listings says whether each listing reads names and which rules a request without phonetic= applies")
    func catalogSaysTheRules() async throws {
        try await Self.run { client in
            let catalog = try await client.getJSON("/api/listings", as: CatalogRules.self)
            #expect(catalog.listings.map(\.name) == ["zh", "ko", "ja", "en", "names"])
            #expect(catalog.listings.map(\.phoneticRules) == [["chinese"], ["korean"], ["japanese"], [], ["chinese"]])
            #expect(catalog.listings.map(\.names) == [false, false, false, false, true])
        }
        try await Self.run(phonetic: .on) { client in
            let catalog = try await client.getJSON("/api/listings", as: CatalogRules.self)
            #expect(catalog.listings.allSatisfy { $0.phoneticRules == ["chinese", "korean", "japanese"] })
        }
    }

    @Test("names mode (serve --names): a leading Han character is read as a surname for the section")
    func namesMode() async throws {
        try await Self.run { client in
            func sections(_ listing: String) async throws -> [String: [String]] {
                let answer = try await client.answer(listing, "")
                return Dictionary(uniqueKeysWithValues: answer.sections.map { ($0.title, $0.items.map(\.text)) })
            }
            let plain = try await sections("zh"), names = try await sections("names")
            #expect(plain["C"] == ["曾国藩"])
            #expect(plain["D"] == ["单田芳"])
            #expect(names["C"] == nil && names["D"] == nil)
            #expect(names["Z"]?.contains("曾国藩") == true)
            #expect(names["S"]?.contains("单田芳") == true)
        }
    }
}

extension TestClientProtocol {
    /// The sections answer of `listing` for `q`, with more `parameters` ("&phonetic=off").
    func answer(_ listing: String, _ q: String, _ parameters: String = "") async throws -> PhoneticAPITests.Answer {
        let query = q.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return try await getJSON("/api/listings/\(listing)/sections?q=\(query)\(parameters)", as: PhoneticAPITests.Answer.self)
    }
}

/// Phonetic search and names mode on live listings, created and written through the API.
@Suite("phonetic= and names mode on store listings")
struct PhoneticStoreTests {
    @Test("a Chinese listing written through the API is searched by pinyin, written items included")
    func liveListingsArePhonetic() async throws {
        let server = try WriteServer()
        try await server.run { client in
            let put = try await client.send(.put, "/api/listings/people", #"{"locale":"zh","items":[{"text":"张三"},{"text":"李四"}]}"#)
            #expect(put.status == .created)
            _ = try await client.send(.post, "/api/listings/people/items", #"{"items":[{"text":"赵六"}]}"#)
            #expect(try await client.sections("people", q: "zs").items.map(\.text) == ["张三"])
            #expect(try await client.sections("people", q: "zl").items.map(\.text) == ["赵六"])
            let off = try await client.getJSON("/api/listings/people/sections?q=zl&phonetic=off", as: LiveSectionsAnswer.self)
            #expect(off.total == 0)
        }
    }

    @Test("with names (serve --store --names), listings created and items added go under the surname's letter")
    func namesInTheStore() async throws {
        let server = try WriteServer(names: true)
        try await server.run { client in
            _ = try await client.send(.put, "/api/listings/people", #"{"locale":"zh","items":[{"text":"曾国藩"}]}"#)
            _ = try await client.send(.post, "/api/listings/people/items", #"{"items":[{"text":"单田芳"}]}"#)
            let answer = try await client.sections("people")
            #expect(answer.sections.map(\.title) == ["S", "Z"])
            #expect(answer.items.map(\.text) == ["单田芳", "曾国藩"])
        }
        let plain = try WriteServer()
        try await plain.run { client in
            _ = try await client.send(.put, "/api/listings/people", #"{"locale":"zh","items":[{"text":"曾国藩"},{"text":"单田芳"}]}"#)
            #expect(try await client.sections("people").sections.map(\.title) == ["C", "D"])
        }
    }
}
