import Foundation

/// The phone forms of values straight from an independent implementation: Python's `phonenumbers`
/// 8.12.57 (a port of libphonenumber with the same metadata as Debian's libphonenumber 8.12.57),
/// run once for many values. Written digits come from Python's `unicodedata` (category Nd, decimal
/// value).
///
/// Python is looked for in `.build/phone-oracle/venv` (where scripts/test installs `phonenumbers`),
/// then as `python3` on the PATH. When neither has `phonenumbers` 8.12.57 the oracle fails, saying to
/// run scripts/test: a test that needs it must fail, never pass quietly.
enum PhoneOracle {
    /// One value to read, in the region libphonenumber is given (nil means "ZZ").
    struct Query: Hashable, Sendable {
        let value: String
        let region: String?
    }

    /// What Python says about one value: ASCII digit strings, nil where `phonenumbers.parse`
    /// raised NumberParseException.
    struct Answer: Decodable, Hashable, Sendable {
        let written: String
        let e164: String?
        let national: String?
        let nsn: String?
    }

    /// Why the oracle cannot answer.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The repository's root (this file is Tests/ThumbIndexTests/Phone/).
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Reads JSON lines {"value", "region"} on stdin; prints one JSON line per input. Exit status 3:
    /// no `phonenumbers` module; 4: another version of it.
    static let script = #"""
    import json, sys, unicodedata
    try:
        import phonenumbers
    except ImportError:
        sys.exit(3)
    if phonenumbers.__version__ != "8.12.57":
        print("phonenumbers is " + phonenumbers.__version__ + ", not 8.12.57", file=sys.stderr)
        sys.exit(4)
    def digits(text):
        return "".join(c for c in text if "0" <= c <= "9")
    for line in sys.stdin:
        query = json.loads(line)
        value = query["value"]
        answer = {"written": "".join(str(unicodedata.decimal(c)) for c in value if unicodedata.category(c) == "Nd"),
                  "e164": None, "national": None, "nsn": None}
        try:
            number = phonenumbers.parse(value, query["region"])
        except phonenumbers.NumberParseException:
            pass
        else:
            answer["e164"] = digits(phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164))
            answer["national"] = digits(phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.NATIONAL))
            answer["nsn"] = phonenumbers.national_significant_number(number)
        print(json.dumps(answer))
    """#

    /// Python's answers for `queries`, in order.
    static func answers(_ queries: [Query]) throws -> [Answer] {
        let venv = root.appendingPathComponent(".build/phone-oracle/venv/bin/python")
        var pythons: [(executable: URL, arguments: [String])] = []
        if FileManager.default.isExecutableFile(atPath: venv.path) { pythons.append((venv, [])) }
        pythons.append((URL(fileURLWithPath: "/usr/bin/env"), ["python3"]))

        var input = Data()
        for query in queries {
            // No region is libphonenumber's "ZZ", as PhoneForms passes it.
            input += try JSONSerialization.data(withJSONObject: ["value": query.value, "region": query.region ?? "ZZ"])
            input += Data("\n".utf8)
        }
        for python in pythons {
            let run = try Python.run(python.executable, python.arguments + ["-c", script], input: input)
            let command = ([python.executable.path] + python.arguments).joined(separator: " ")
            switch run.status {
            case 0:
                let lines = run.stdout.split(separator: UInt8(ascii: "\n"))
                guard lines.count == queries.count else {
                    throw Failure(description: "\(command) answered \(lines.count) lines for \(queries.count) values")
                }
                return try lines.map { try JSONDecoder().decode(Answer.self, from: Data($0)) }
            case 3:
                continue  // no phonenumbers module there: try the next Python
            default:
                throw Failure(description: "\(command) failed with status \(run.status): "
                    + String(decoding: run.stderr, as: UTF8.self) + " (run scripts/test, which installs phonenumbers 8.12.57)")
            }
        }
        throw Failure(description: "Python's phonenumbers module (8.12.57) is missing from "
            + "\(venv.deletingLastPathComponent().deletingLastPathComponent().path) and from python3: run scripts/test, "
            + "which installs it there (python3 -m venv, then pip install phonenumbers==8.12.57)")
    }
}
