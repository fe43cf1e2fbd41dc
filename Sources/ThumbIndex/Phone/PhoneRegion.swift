import CThumbIndexPhone

/// The region whose phone numbering a column's numbers are read in, from its locale.
enum PhoneRegion {
    /// The ISO 3166 two-letter region of a locale or region code, for ``PhoneForms/init(value:region:)``.
    ///
    /// Two upper-case letters are a region code and kept when ISO 3166 has it (`ES`); a locale gives
    /// its region (`es_ES`, `es-ES` → `ES`) or, without one, its language's likely region from ICU's
    /// likely subtags (`sv` → `SE`, `en` → `US`, `zh` → `CN`; two lower-case letters are a language).
    /// nil for an empty or unknown input, and for a locale whose region is not a country (`es_419`).
    static func region(of localeOrRegion: String) -> String? {
        var out = [CChar](repeating: 0, count: 8)
        // Unsafe: the bridge reads `localeOrRegion` up to its NUL and writes at most `out.count` bytes.
        let length = ti_locale_region(localeOrRegion, &out, Int32(out.count))
        guard length > 0 else { return nil }
        return String(decoding: out.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
