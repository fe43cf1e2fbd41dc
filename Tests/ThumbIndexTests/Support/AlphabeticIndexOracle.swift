import CThumbIndexICU
import CThumbIndexICUTestSupport
import ThumbIndex

/// ICU's own `icu::AlphabeticIndex` (through the test-support target's C++ oracle file), built with the same
/// extra Latin labels as ThumbIndex: the reference for labels and buckets.
final class AlphabeticIndexOracle {
    private let handle: OpaquePointer
    var handleForTests: OpaquePointer { handle }
    let labels: [String]
    /// The kind of each of `labels` (ICU's UAlphabeticIndexLabelType, as ThumbIndex names them).
    let kinds: [IndexLabel.Kind]

    init(locale: String, addLatinLabels: Bool) {
        var status = TIStatus()
        let handle = ti_oracle_open(locale, addLatinLabels ? 1 : 0, &status)!
        self.handle = handle
        labels = (0..<ti_oracle_label_count(handle)).map { String(cString: ti_oracle_label(handle, $0)) }
        kinds = (0..<ti_oracle_label_count(handle)).map { i -> IndexLabel.Kind in
            switch ti_oracle_label_type(handle, i) {
            case 1: .underflow
            case 2: .inflow
            case 3: .overflow
            default: .letter
            }
        }
    }

    deinit { ti_oracle_close(handle) }

    /// ICU's bucket (index into `labels`) for `text`.
    func bucket(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { Int(ti_oracle_bucket(handle, $0.baseAddress, Int32($0.count))) }
    }
}

/// The locales every label and bucket test runs in.
let oracleLocales = ["en", "de", "sv", "da", "es", "cs", "pl", "tr", "ru", "uk", "el", "ar", "he",
                     "th", "hi", "ja", "ko", "zh", "zh_Hant"]

/// Strings that have bitten alphabetic indexes before.
let hardCases = ["Åsa", "Ärger", "Chrudim", "Łódź", "İstanbul", "ırmak", "Ñandú", "Ёлка", "さくら", "サクラ",
                 "ｻｸﾗ", "김민준", "张伟", "陳大文", "李", "山田", "ＡＢＣ", "ﬁsh", "123abc", "😀", "Æble", "Øst",
                 "Ærø", "Ölçek", "Çiçek", "Şule", "Ğ", "Schmidt", "Zoë", "ch", "CH", "Ch", "Hugo", "Ingrid",
                 "Ελλάδα", "Ωμέγα", "مرحبا", "שלום", "สวัสดี", "नमस्ते", "Ъ", "Ьвов", "Їжак", "Ґанок",
                 "#hash", "-dash", "'quote", "Zzz", "ß", "Þór", "Ð", "ÿ", "Ÿ", "Ĳssel", "ǅ", "ﬀ", "Ω",
                 "ー", "ゝ", "ヴ", "ㄱ", "가", "힣", "阿", "〇", "𠀀", "a", "z", "Ｚ", "٣", "١٢٣"]
