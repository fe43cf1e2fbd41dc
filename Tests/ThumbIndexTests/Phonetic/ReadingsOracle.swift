import CThumbIndexICUTestSupport
import Foundation
@testable import ThumbIndex

/// The readings R(c) of a Han character straight from their definition (issue 10), not from the
/// generated table: ICU through the bridge (`Han-Latin`, `Han-Latin/Names`, `Hant-Hans`) and Unihan's
/// `kMandarin` and `kXHC1983` read from Debian's unicode-data file.
///
/// R(c) is the toneless lowercase pinyin of ICU's `Han-Latin` for c, of `Han-Latin/Names` when c starts
/// a run of Han characters, and every `kMandarin` and `kXHC1983` reading of c; a traditional character
/// (one that `Hant-Hans` turns into another single character s) also gets R(s). A reading with ü is
/// accepted as ü, v and u.
enum ReadingsOracle {
    static let unihanPath = "/usr/share/unicode/Unihan_Readings.txt.bz2"

    /// Why the oracle cannot answer.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The Han characters: the CJK Unified Ideographs blocks and the CJK Compatibility Ideographs,
    /// the code points the table covers.
    static let hanBlocks: [ClosedRange<UInt32>] = [0x3400...0x4DBF, 0x4E00...0x9FFF, 0x20000...0x323AF, 0xF900...0xFAFF]

    static func isHanIdeograph(_ c: Unicode.Scalar) -> Bool {
        hanBlocks.contains { $0.contains(c.value) }
    }

    /// R(c), sorted, without repeats; empty when c has no reading.
    static func readings(of c: Unicode.Scalar, startsRun: Bool) throws -> [String] {
        let s = try simplified(c)
        var readings = try baseReadings(of: c)
        if let s { readings.formUnion(try baseReadings(of: s)) }
        if startsRun {
            for x in [c] + (s.map { [$0] } ?? []) {
                if let r = try icuReading(of: x, id: "Han-Latin/Names") { readings.insert(toneless(r)) }
            }
        }
        return Set(readings.flatMap(spellings)).sorted()
    }

    /// The surname representative S(c): when ICU's `Han-Latin/Names` reads c otherwise than its
    /// `Han-Latin` (tones and all) — or, when it reads it the same, reads c's simplified form
    /// otherwise (單 as 单: shàn) — the lowest character of U+4E00–9FFF whose `Han-Latin` reading is
    /// that names reading; nil otherwise, or when there is no such character.
    static func surnameRepresentative(of c: Unicode.Scalar) throws -> Unicode.Scalar? {
        guard let names = try surnameReading(of: c) else { return nil }
        return try lowestCharacterByReading.get()[names]
    }

    /// The toned surname reading that differs from c's `Han-Latin`: c's own `Han-Latin/Names`, or
    /// its simplified form's; nil when neither differs.
    static func surnameReading(of c: Unicode.Scalar) throws -> String? {
        let latin = try icuReading(of: c, id: "Han-Latin")
        var names = try icuReading(of: c, id: "Han-Latin/Names")
        if names == nil || names == latin, let s = try simplified(c) {
            names = try icuReading(of: s, id: "Han-Latin/Names")
        }
        guard let names, names != latin else { return nil }
        return names
    }

    /// Each toned `Han-Latin` reading of U+4E00–9FFF, and the lowest character with it.
    private static let lowestCharacterByReading: Result<[String: Unicode.Scalar], Failure> = {
        var lowest: [String: Unicode.Scalar] = [:]
        do {
            for value in UInt32(0x4E00)...0x9FFF {
                let c = Unicode.Scalar(value)!
                if let reading = try icuReading(of: c, id: "Han-Latin"), lowest[reading] == nil { lowest[reading] = c }
            }
        } catch {
            return .failure(Failure(description: "ICU's Han-Latin: \(error)"))
        }
        return .success(lowest)
    }()

    /// The readings of c itself: `Han-Latin` and Unihan, toneless.
    static func baseReadings(of c: Unicode.Scalar) throws -> Set<String> {
        var readings = Set(try unihan().readings[c.value, default: []].map(toneless))
        if let r = try icuReading(of: c, id: "Han-Latin") { readings.insert(toneless(r)) }
        return readings
    }

    /// `Hant-Hans` of c when that is one character other than c.
    static func simplified(_ c: Unicode.Scalar) throws -> Unicode.Scalar? {
        let s = try ICU.transliterate(String(c), id: "Hant-Hans").unicodeScalars
        return s.count == 1 && s.first != c ? s.first : nil
    }

    /// ICU's reading of c with the transliterator `id`, tones and all; nil when ICU has none, that is
    /// when it leaves c unchanged or leaves a Han character (a compatibility ideograph comes back as its
    /// canonical equivalent). Several syllables (which ICU 72 never gives for one character) would be
    /// cut to the first, as the generator does.
    static func icuReading(of c: Unicode.Scalar, id: String) throws -> String? {
        let out = try ICU.transliterate(String(c), id: id)
        let usHan: Int32 = 17  // USCRIPT_HAN
        if out == String(c) || out.unicodeScalars.contains(where: { ti_script($0.value) == usHan }) { return nil }
        return out.split(separator: " ").first.map(String.init)
    }

    /// A reading without its tone, lowercased: decomposed, every nonspacing mark dropped except the
    /// diaeresis of ü, recomposed.
    static func toneless(_ reading: String) -> String {
        var kept: [Unicode.Scalar] = []
        for scalar in reading.decomposedStringWithCanonicalMapping.unicodeScalars {
            let isUmlautOfU = scalar == "\u{308}" && (kept.last == "u" || kept.last == "U")
            if scalar.properties.generalCategory == .nonspacingMark && !isUmlautOfU { continue }
            kept.append(scalar)
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: kept)
        return text.lowercased().precomposedStringWithCanonicalMapping
    }

    /// A reading with ü in its three spellings (ü, v, u); any other reading alone.
    static func spellings(_ reading: String) -> [String] {
        guard reading.contains("ü") else { return [reading] }
        return [reading, reading.replacingOccurrences(of: "ü", with: "v"), reading.replacingOccurrences(of: "ü", with: "u")]
    }

    /// Unihan's readings of one file: `kMandarin` ("dān", "gèng gēng") and `kXHC1983`
    /// ("0117.100:chán 0207.100:dān"), with tones, by code point; and the file's header.
    struct Unihan: Sendable {
        var readings: [UInt32: [String]] = [:]
        /// "15.0.0", from the "# Unicode version:" line.
        var unicodeVersion = ""
        /// "2022-08-01", from the "# Date:" line.
        var date = ""
    }

    /// The installed Unihan readings, read once. Fails, saying what to install, when the file or
    /// bzcat is missing.
    static func unihan() throws -> Unihan {
        try loaded.get()
    }

    private static let loaded: Result<Unihan, Failure> = {
        do {
            return .success(try load(unihanPath))
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(description: "reading \(unihanPath): \(error)"))
        }
    }()

    /// Reads the Unihan readings file at `path` (bzip2-compressed).
    static func load(_ path: String) throws -> Unihan {
        guard FileManager.default.fileExists(atPath: path) else {
            throw Failure(description: "\(path) is missing: install Debian's unicode-data "
                + "(apt-get install unicode-data; scripts/test does it)")
        }
        guard FileManager.default.isExecutableFile(atPath: "/bin/bzcat") else {
            throw Failure(description: "/bin/bzcat is missing: install Debian's bzip2 (apt-get install bzip2)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bzcat")
        process.arguments = [path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "/bin/bzcat \(path) failed with status \(process.terminationStatus)")
        }

        var unihan = Unihan()
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            if line.hasPrefix("#") {
                if line.hasPrefix("# Unicode version: ") { unihan.unicodeVersion = String(line.dropFirst(19)) }
                if line.hasPrefix("# Date: ") { unihan.date = String(line.dropFirst(8).prefix(10)) }
                continue
            }
            let fields = line.split(separator: "\t")
            guard fields.count == 3, fields[1] == "kMandarin" || fields[1] == "kXHC1983",
                  fields[0].hasPrefix("U+"), let value = UInt32(fields[0].dropFirst(2), radix: 16) else { continue }
            // kXHC1983 entries are "page.position[*][,page.position]:reading"; kMandarin ones are bare.
            let readings = fields[2].split(separator: " ").map { String($0.split(separator: ":").last!) }
            unihan.readings[value, default: []].append(contentsOf: readings)
        }
        guard !unihan.readings.isEmpty, !unihan.unicodeVersion.isEmpty else {
            throw Failure(description: "\(path) has no kMandarin readings or no '# Unicode version:' line")
        }
        return unihan
    }
}
