/// A JSON document that cannot be read: the JSON path of the value and what is wrong
/// with it, e.g. `sections[12].cells[3].height: must be positive, got -4`. The parser
/// throws it for malformed JSON, and the simulator's file readers (a feed file, a users
/// file) for a bad value.
package struct FileFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the value is: `sections[12].cells[3].height`; ``wholeFile`` for the whole file.
    package var path: String

    /// The path of an error about the whole file (malformed JSON, the top value).
    package static let wholeFile = "(the file)"
    /// What is wrong, with the value: `must be positive, got -4`.
    package var message: String

    /// Creates an error at `path`.
    package init(path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`.
    package var description: String { "\(path): \(message)" }
}

