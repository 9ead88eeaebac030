/// Why a policy's text could not be read; the message names the part that is wrong.
package struct PolicyParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A one-line message, e.g. `ratio must be in 0...1 (0%...100%), got '1.5'`.
    package var message: String

    /// Creates an error with its message.
    package init(_ message: String) {
        self.message = message
    }

    /// The message.
    package var description: String { message }
}
