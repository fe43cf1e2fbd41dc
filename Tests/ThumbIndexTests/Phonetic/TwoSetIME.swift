import Testing
@testable import ThumbIndex

/// What a 2-set (두벌식) Hangul IME shows after each keystroke, restated for the tests (the benchmark's
/// sessions come from the same behaviour in `Corpora/generate_phonetic.py`):
/// - a consonant after a syllable without a final becomes its final when it can be one (배, ㅅ: 뱃),
///   and after a single final it joins it when the two make a compound final (박, ㅅ: 밗);
///   otherwise it starts a new syllable;
/// - a vowel after a lone vowel may join it into a compound vowel (ㅗ, ㅏ: ㅘ); after a lone consonant
///   it completes the syllable; after a syllable with a final it takes that final (or a compound's
///   second part) as its own initial (뱃, ㅏ: 배사); otherwise it stands alone.
enum TwoSetIME {
    static let initials = Array("ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ".unicodeScalars)
    static let vowels = Array("ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ".unicodeScalars)
    /// The finals, by their index in a syllable minus one.
    static let finals = Array("ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ".unicodeScalars)
    /// Two keys that make one compound letter.
    static let compoundFinals: [String: Unicode.Scalar] = [
        "ㄱㅅ": "ㄳ", "ㄴㅈ": "ㄵ", "ㄴㅎ": "ㄶ", "ㄹㄱ": "ㄺ", "ㄹㅁ": "ㄻ", "ㄹㅂ": "ㄼ", "ㄹㅅ": "ㄽ", "ㄹㅌ": "ㄾ",
        "ㄹㅍ": "ㄿ", "ㄹㅎ": "ㅀ", "ㅂㅅ": "ㅄ",
    ]
    static let compoundVowels: [String: Unicode.Scalar] = [
        "ㅗㅏ": "ㅘ", "ㅗㅐ": "ㅙ", "ㅗㅣ": "ㅚ", "ㅜㅓ": "ㅝ", "ㅜㅔ": "ㅞ", "ㅜㅣ": "ㅟ", "ㅡㅣ": "ㅢ",
    ]

    static func pair(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> String { String(a) + String(b) }

    static func syllable(_ initial: Unicode.Scalar, _ vowel: Unicode.Scalar, _ final: Unicode.Scalar?) -> String {
        let l = initials.firstIndex(of: initial)!, v = vowels.firstIndex(of: vowel)!
        let t = final.map { finals.firstIndex(of: $0)! + 1 } ?? 0
        return String(Unicode.Scalar(UInt32(0xAC00 + (l * 21 + v) * 28 + t))!)
    }

    /// The text shown after each of `keys` (compatibility jamo, one key each).
    static func states(_ keys: [Unicode.Scalar]) -> [String] {
        var done = ""
        var initial: Unicode.Scalar?, vowel: Unicode.Scalar?, final: Unicode.Scalar?
        func shown() -> String {
            if let initial, let vowel { return syllable(initial, vowel, final) }
            return (initial ?? vowel).map { String($0) } ?? ""
        }
        var states: [String] = []
        for key in keys {
            if initials.contains(key) {
                if initial != nil, vowel != nil, final == nil, finals.contains(key) {
                    final = key
                } else if initial != nil, vowel != nil, let f = final, let compound = compoundFinals[pair(f, key)] {
                    final = compound
                } else {
                    done += shown()
                    (initial, vowel, final) = (key, nil, nil)
                }
            } else if let v = vowel, final == nil, let compound = compoundVowels[pair(v, key)] {
                vowel = compound
            } else if initial != nil, vowel == nil {
                vowel = key
            } else if let l = initial, let v = vowel, let f = final {
                // The final, or a compound final's second part, starts the next syllable.
                let parts = compoundFinals.first { $0.value == f }.map { Array($0.key.unicodeScalars) }
                done += syllable(l, v, parts?[0])
                (initial, vowel, final) = (parts?[1] ?? f, key, nil)
            } else {
                done += shown()
                (initial, vowel, final) = (nil, key, nil)
            }
            states.append(done + shown())
        }
        return states
    }

    /// The keys that type a text of syllables (compound letters as their keys).
    static func keys(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.flatMap(NaivePhonetic.Hangul.keys)
    }
}

@Suite("The 2-set IME the Korean tests type with")
struct TwoSetIMETests {
    @Test func statesAsTheBenchmarkGeneratorShowsThem() {
        #expect(TwoSetIME.states(TwoSetIME.keys("김민준")) == ["ㄱ", "기", "김", "김ㅁ", "김미", "김민", "김믽", "김민주", "김민준"])
        #expect(TwoSetIME.states(TwoSetIME.keys("이현준")).prefix(5) == ["ㅇ", "이", "잏", "이혀", "이현"])
        #expect(TwoSetIME.states(TwoSetIME.keys("관")) == ["ㄱ", "고", "과", "관"])
        #expect(TwoSetIME.states(Array("ㄱㅁㅈ".unicodeScalars)) == ["ㄱ", "ㄱㅁ", "ㄱㅁㅈ"])
        #expect(TwoSetIME.states(TwoSetIME.keys("배") + Array("ㅅㅇ".unicodeScalars)) == ["ㅂ", "배", "뱃", "뱃ㅇ"])
        #expect(TwoSetIME.states(TwoSetIME.keys("권") + Array("ㅈㄱ".unicodeScalars)) == ["ㄱ", "구", "궈", "권", "궍", "궍ㄱ"])
        for name in ["김민준", "이현준", "황보영", "곽의정", "닭볶음"] {
            #expect(TwoSetIME.states(TwoSetIME.keys(name)).last == name, "\(name)")
        }
    }
}

/// Issue 19 §2: every state of the benchmark's Korean session kinds finds its name, for every name of
/// the bundled Korean corpus, in every mode (the sessions start at the name's first syllable).
@Suite("Korean sessions: every IME state finds its name")
struct KoreanSessionTests {
    static let names = Array(Set(PhoneticCorpus.load("ko_KR").map(\.name))).sorted()

    /// The states of each kind of session for `name` (three syllables), as the benchmark types them.
    static func sessions(_ name: String) -> [(kind: String, states: [String])] {
        let syllables = name.unicodeScalars.map { String($0) }
        let initials = name.unicodeScalars.map(NaivePhonetic.Hangul.initial(ofSyllable:))
        return [("ime", TwoSetIME.states(TwoSetIME.keys(name))),
                ("initials", TwoSetIME.states(initials)),
                ("syllable-initials", TwoSetIME.states(TwoSetIME.keys(syllables[0]) + initials.dropFirst()))]
    }

    @Test("every state of every session finds its name", arguments: MatchMode.allCases)
    func everyStateFindsItsName(mode: MatchMode) throws {
        #expect(Self.names.count > 500)
        let listing = try Listing(texts: Self.names, locale: "ko")
        let searchable = try SearchableListing(listing)
        var missed: [String] = []
        var cache: [String: Set<String>] = [:]
        for name in Self.names {
            for (kind, states) in Self.sessions(name) {
                for state in states {
                    if cache[state] == nil {
                        let rows = try searchable.filter(state, mode: mode).result.rows
                        cache[state] = Set(rows.map { listing.elements[Int($0)] })
                    }
                    if !cache[state]!.contains(name) { missed.append("\(kind) \(name): \(state)") }
                }
            }
        }
        #expect(missed.isEmpty, "\(missed.count) states miss their name, e.g. \(missed.prefix(10))")
    }
}
