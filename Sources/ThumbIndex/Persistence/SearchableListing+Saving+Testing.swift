extension SearchableListing where Element == Int {
    /// Test hook: saves with another format version and any of the format's own metadata replaced
    /// (`"icuVersion"`, `"collatorVersion"`, `"locale"`, ...), as another build or ICU would have.
    package func _write(to path: String, formatVersion: UInt32? = nil,
                        overriding: [String: String]) throws {
        try write(to: path, metadata: [:], extraColumns: [:], formatVersion: formatVersion ?? SavedListingFormat.version, overriding: overriding)
    }
}
