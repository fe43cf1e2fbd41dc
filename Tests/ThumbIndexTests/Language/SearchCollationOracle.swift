import Foundation

/// What ICU itself says about a query and a text under a locale's CLDR `search` collation at primary
/// strength, through PyICU (Debian's python3-icu, ICU 72 as the library's): run once for many texts
/// and queries.
///
/// Two answers per query:
/// - `stringSearch`: the rows where ICU's StringSearch finds the query (usearch, the issue's oracle);
/// - `elements`: the rows whose primary collation elements contain the query's, contiguously (a unit
///   is a primary weight with its continuations). This is the same containment without StringSearch's
///   rule that a match begins and ends on a character boundary; the library follows it (a query that
///   ends inside an expansion, "mu" in German "Müller", is found).
///
/// Python is `/usr/bin/python3` with the `icu` module (scripts/test installs python3-icu). When it is
/// missing the oracle fails, saying so: a test that needs it never passes quietly.
enum SearchCollationOracle {
    struct Answer: Decodable, Sendable {
        /// Per query, the rows StringSearch finds it in, ascending.
        let stringSearch: [[Int]]
        /// Per query, the rows whose primary elements contain its, ascending.
        let elements: [[Int]]
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let script = #"""
    import json, sys
    try:
        import icu
    except ImportError:
        sys.exit(3)
    request = json.load(sys.stdin)
    locale = request["locale"]
    collator = icu.Collator.createInstance(icu.Locale((locale or "root") + "@collation=search"))
    collator.setStrength(icu.Collator.PRIMARY)
    def units(text):
        out = []
        it = collator.createCollationElementIterator(text)
        while True:
            ce = it.next()
            if ce == icu.CollationElementIterator.NULLORDER:
                break
            ce &= 0xFFFFFFFF
            weight = ce >> 16
            if (ce & 0xC0) == 0xC0:
                if out and out[-1] is not None:
                    out[-1] = out[-1] * 65536 + weight
                continue
            out.append(weight if weight else None)
        return [u for u in out if u is not None]
    def contains(text, query):
        n, m = len(text), len(query)
        return any(text[i:i + m] == query for i in range(n - m + 1))
    texts = request["texts"]
    text_units = [units(t) for t in texts]
    answer = {"stringSearch": [], "elements": []}
    for query in request["queries"]:
        q = units(query)
        answer["elements"].append([i for i, t in enumerate(text_units) if q and contains(t, q)])
        found = []
        for i, text in enumerate(texts):
            search = icu.StringSearch(query, text, collator)
            if search.first() != -1:
                found.append(i)
        answer["stringSearch"].append(found)
    print(json.dumps(answer))
    """#

    /// ICU's answers for every query over `texts` under `locale` ("" for root).
    static func answer(locale: String, texts: [String], queries: [String]) throws -> Answer {
        let input = try JSONSerialization.data(withJSONObject: ["locale": locale, "texts": texts, "queries": queries])
        let python = URL(fileURLWithPath: "/usr/bin/python3")
        let run = try Python.run(python, ["-c", script], input: input)
        switch run.status {
        case 0:
            return try JSONDecoder().decode(Answer.self, from: run.stdout)
        case 3:
            throw Failure(description: "/usr/bin/python3 has no icu module: install Debian's python3-icu (scripts/test does)")
        default:
            throw Failure(description: "the search-collation oracle failed with status \(run.status): "
                + String(decoding: run.stderr, as: UTF8.self))
        }
    }
}
