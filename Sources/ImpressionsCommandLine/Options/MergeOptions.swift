/// The options of `impressions merge`: the shard summaries, and where to write the
/// merged per-section CSV and HTML report.
package struct MergeOptions: Hashable, Sendable {
    /// The shard summaries, in the order given.
    package var paths: [String] = []
    /// `--sections-out FILE`: write the merged per-section results there as CSV.
    package var sectionsOutPath: String?
    /// `--report FILE`: write the merged run as a self-contained HTML page there.
    package var reportPath: String?

    /// The options of `impressions merge` alone: no files.
    package init() {}

    /// Reads `merge`'s arguments (without the subcommand).
    ///
    /// - Throws: ``CommandLineError`` for an unknown flag or no shard summaries.
    package static func parse(_ arguments: [String]) throws(CommandLineError) -> MergeOptions {
        var options = MergeOptions()
        var scanner = ArgumentScanner(arguments, subcommand: "merge")
        options.paths = try scanner.readFlags(flags, into: &options, takesOperands: true).operands
        guard !options.paths.isEmpty else { throw scanner.fail("missing the shard summaries to merge") }
        return options
    }
}
