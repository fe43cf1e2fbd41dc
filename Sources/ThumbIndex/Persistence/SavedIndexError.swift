/// Why a saved listing could not be loaded: the file, and what was wrong with it.
///
/// Every problem is found before any structure is built from the file; a caller typically logs the
/// description and rebuilds the listing from its store (then saves it again).
public struct SavedIndexError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What was wrong.
    public enum Reason: Equatable, Sendable {
        /// There is no file at the path.
        case notFound
        /// The file exists but could not be read (the system's message).
        case unreadable(String)
        /// The file does not start with the archive's magic ("THUMBIDX"): not a saved listing.
        case notAnArchive
        /// The file is shorter than its header says (or than a header).
        case truncated(expectedBytes: Int, foundBytes: Int)
        /// The bytes are not the ones written: the checksum differs, or the contents contradict
        /// themselves (`what` says which).
        case corrupted(String)
        /// The file was written in another byte order than this machine's.
        case otherByteOrder
        /// The file was written in another version of the format.
        case wrongFormatVersion(found: Int, supported: Int)
        /// The file was written with another ICU library (labels, folds and word breaks may differ).
        case otherICUVersion(found: String, current: String)
        /// The locale's collator has another version (sort order may differ).
        case otherCollatorVersion(found: String, current: String)
        /// The file holds a listing of another locale.
        case otherLocale(found: String, expected: String)
        /// The file holds a listing built with other options (Latin labels, descending, full index).
        case otherOptions(option: String, found: String, expected: String)
    }

    /// The file that was read.
    public let path: String
    /// What was wrong with it.
    public let reason: Reason

    package init(path: String, _ reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// The error as one line: the file, what was wrong, and what to do.
    public var description: String {
        let problem: String
        switch reason {
        case .notFound:
            problem = "no such file"
        case .unreadable(let message):
            problem = "cannot be read: \(message)"
        case .notAnArchive:
            problem = "not a saved ThumbIndex listing (no \"THUMBIDX\" magic at its start)"
        case .truncated(let expected, let found):
            problem = "truncated: \(found) bytes of \(expected) (an interrupted copy?)"
        case .corrupted(let what):
            problem = "corrupted: \(what)"
        case .otherByteOrder:
            problem = "written on a machine of the other byte order"
        case .wrongFormatVersion(let found, let supported):
            problem = "format version \(found), this build reads version \(supported)"
        case .otherICUVersion(let found, let current):
            problem = "written with ICU \(found), this process runs ICU \(current)"
        case .otherCollatorVersion(let found, let current):
            problem = "written with collator version \(found), this ICU has \(current)"
        case .otherLocale(let found, let expected):
            problem = "holds a listing of locale '\(found)', not '\(expected)'"
        case .otherOptions(let option, let found, let expected):
            problem = "built with \(option) \(found), not \(expected)"
        }
        let remedy = reason == .notFound ? "" : "; rebuild the listing and save it again"
        return "saved listing '\(path)': \(problem)\(remedy)"
    }
}
