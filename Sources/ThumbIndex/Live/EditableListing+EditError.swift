extension EditableListing {
    /// Why an edit could not be applied: which edit of its batch, which id, and what was wrong.
    ///
    /// Nothing of the batch was applied. Switch on ``reason``, or show ``description``:
    ///
    /// ```swift
    /// do {
    ///     try book.delete(id: "9")
    /// } catch let error as EditableListing.EditError where error.reason == .noSuchID {
    ///     print(error)   // edit 1 of the batch (delete '9'): no item has id '9'; nothing of the batch was applied
    /// }
    /// ```
    public struct EditError: Error, Equatable, Sendable, CustomStringConvertible {
        /// What was wrong.
        public enum Reason: Equatable, Sendable {
            /// No item has the id (a rename, replace or delete).
            case noSuchID
            /// An item has the id already (an insert).
            case duplicateID
            /// The id is empty.
            case emptyID
            /// The item has a value for a field that the listing neither searches nor takes regions
            /// from (a misspelt name?). The listing's fields are in ``Snapshot/fields``.
            case unknownField(String)
        }

        /// What was wrong.
        public let reason: Reason
        /// The id the failing edit names.
        public let id: String
        /// The failing edit's position in its batch (0 for the first; a single edit is a batch of one).
        public let position: Int
        /// The failing edit.
        public let edit: Edit

        init(_ reason: Reason, id: String, position: Int, edit: Edit) {
            self.reason = reason
            self.id = id
            self.position = position
            self.edit = edit
        }

        /// The error as one line: the edit, the id, what was wrong, and that nothing was applied.
        public var description: String {
            let what: String
            switch edit {
            case .insert: what = "insert"
            case .rename: what = "rename"
            case .replace: what = "replace"
            case .delete: what = "delete"
            }
            let problem: String
            switch reason {
            case .noSuchID: problem = "no item has id '\(id)'"
            case .duplicateID: problem = "an item with id '\(id)' is already in the listing"
            case .emptyID: problem = "the id is empty"
            case .unknownField(let name): problem = "the item has a value for '\(name)', which is not a field of the listing"
            }
            return "edit \(position + 1) of the batch (\(what) '\(id)'): \(problem); nothing of the batch was applied"
        }
    }
}
