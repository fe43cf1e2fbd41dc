extension ParsedQuery {
    /// The numbers of edits a typo-tolerant answer tries, in order (see ``Typos``): `[1]` when the
    /// longest term has 4 to 7 folded characters, `[1, 2]` from 8; empty when no term may take an
    /// edit, and for a dial-pad query.
    var typoTiers: [Int] {
        guard dialpad == nil else { return [] }
        let most = terms.map { Typos.editBudget(forLength: $0.foldedScalars.count) }.max() ?? 0
        return most == 0 ? [] : Array(1...most)
    }

    /// The edits each term may take when the answer allows at most `edits`: its own budget, capped.
    func termEdits(atMost edits: Int) -> [Int] {
        terms.map { min(edits, Typos.editBudget(forLength: $0.foldedScalars.count)) }
    }
}

extension ParsedQuery.Term {
    /// The folded term's Unicode scalar values: the characters that edits count.
    var foldedScalars: [UInt32] {
        String(decoding: folded, as: UTF8.self).unicodeScalars.map(\.value)
    }
}
