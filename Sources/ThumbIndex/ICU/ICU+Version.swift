import CThumbIndexICU

extension ICU {
    /// The version of the ICU library linked in, as "a.b.c.d" (`u_getVersion`; "72.1.0.0" here).
    ///
    /// A collator's own version (``ICU/Collation/version``) says whether sort keys are comparable;
    /// this one says whether anything else derived from ICU's data (labels, folds, word breaks) may
    /// have changed.
    static var libraryVersion: String { String(cString: ti_icu_version()) }
}
