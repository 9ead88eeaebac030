/// A command line the tool cannot run: a one-line message naming the flag and the value,
/// and the subcommand whose help to point at. Exit status 2.
package struct CommandLineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The subcommand the error is about (`simulate`), or `nil` for the tool itself.
    package var subcommand: String?
    /// What was wrong, e.g. `invalid value 'abc' for --sessions: expected a whole number in 1...1000000`.
    package var message: String

    /// An error about `subcommand` (`nil` for the tool itself) with its message.
    package init(subcommand: String?, _ message: String) {
        self.subcommand = subcommand
        self.message = message
    }

    /// The error line, prefixed with the command: `impressions simulate: ...`.
    package var description: String {
        "impressions\(subcommand.map { " " + $0 } ?? ""): \(message)"
    }

    /// The line after the error: where to find the usage.
    package var usageHint: String {
        "Run 'impressions\(subcommand.map { " " + $0 } ?? "") --help' for usage."
    }

    /// The exit status of a usage error, as in BSD's `sysexits` and most Unix tools.
    package static let exitStatus: Int32 = 2
}
