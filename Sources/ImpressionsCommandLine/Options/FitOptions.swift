import ImpressionSimulation

/// The options of `impressions fit`, read by hand like ``SimulateOptions``.
package struct FitOptions: Hashable, Sendable {
    /// The traces to fit; `-` (once) for standard input.
    package var paths: [String] = []
    /// `--keep-going`: skip bad lines, and count them, instead of stopping.
    package var keepGoing = false
    /// `--max-line-bytes`, `--max-sections`: the decoder's limits, as `replay` has them.
    package var limits = TraceLimits()

    /// The options of `impressions fit` alone: every default, no trace yet.
    package init() {}

    /// Reads `fit`'s arguments (without the subcommand).
    ///
    /// - Throws: ``CommandLineError`` naming the flag and the value.
    package static func parse(_ arguments: [String]) throws(CommandLineError) -> FitOptions {
        var options = FitOptions()
        var scanner = ArgumentScanner(arguments, subcommand: "fit")
        options.paths = try scanner.readFlags(flags, into: &options, takesOperands: true).operands
        if options.paths.isEmpty { throw scanner.fail("missing the traces to fit (files, or - for standard input)") }
        if options.paths.count(where: { $0 == "-" }) > 1 { throw scanner.fail("standard input (-) can be read only once") }
        return options
    }
}
