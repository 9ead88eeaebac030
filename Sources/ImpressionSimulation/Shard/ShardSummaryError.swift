/// A shard summary that cannot be written or merged; the message names the file.
package struct ShardSummaryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A one-line message, e.g. `part-1.json: holds 9 sessions, its slice of the run has 8`.
    package var message: String

    /// Creates an error with its message.
    package init(_ message: String) { self.message = message }

    /// The message.
    package var description: String { message }
}
