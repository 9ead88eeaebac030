import ImpressionSimulation

/// The options of `impressions replay`, read by hand like ``SimulateOptions``.
package struct ReplayOptions: Hashable, Sendable {
    /// The trace to read; `-` for standard input.
    package var path = ""
    /// The `--policy` values, read; empty for the defaults (see ``effectivePolicies``).
    package var policies: [NamedPolicy] = []
    /// `--keep-going`: skip bad lines, and count them, instead of stopping.
    package var keepGoing = false
    /// `--timeline FILE`: draw the timeline under the first policy there.
    package var timelinePath: String?
    /// `--signals`: each impression line carries its exposure signals.
    package var measuresExposureSignals = false
    /// `--report FILE`: write the replay, with its timeline, as a self-contained HTML page there.
    package var reportPath: String?
    /// `--player FILE`: write the session player, a self-contained HTML page, there.
    package var playerPath: String?
    /// `--snapshot-at T`: print what an overlay shows just after the sample at `T`, under
    /// each policy, instead of the impressions.
    package var snapshotTime: Duration?
    /// `--impressions-out FILE`: write one row per impression there.
    package var impressionsOutPath: String?
    /// `--geometry FILE`: write every geometry change there, as OM SDK `geometryChange` lines.
    package var geometryPath: String?
    /// `--section ID`: the one section whose geometry changes `--geometry` writes.
    package var geometrySection: String?
    /// `--timeline-rows N`: the most sections the timeline draws (also the report's).
    package var timelineRows = 40
    /// `--max-line-bytes`, `--max-sections`: the decoder's limits.
    package var limits = TraceLimits()

    /// The options of `impressions replay` alone: every default, no trace yet.
    package init() {}

    /// The policies to replay under: those given, or ``NamedPolicy/defaults``.
    package var effectivePolicies: [NamedPolicy] { policies.isEmpty ? NamedPolicy.defaults : policies }

    /// Reads `replay`'s arguments (without the subcommand).
    ///
    /// - Throws: ``CommandLineError`` naming the flag and the value.
    package static func parse(_ arguments: [String]) throws(CommandLineError) -> ReplayOptions {
        var options = ReplayOptions()
        var scanner = ArgumentScanner(arguments, subcommand: "replay")
        let paths = try scanner.readFlags(flags, into: &options, takesOperands: true).operands
        guard paths.count == 1, let path = paths.first else {
            throw scanner.fail(paths.isEmpty ? "missing the trace to replay (a file, or - for standard input)"
                                             : "one trace at a time, got \(paths.count): \(paths.joined(separator: " "))")
        }
        options.path = path
        // The snapshot is what the player shows at one sample, printed instead of the
        // impressions: which rows would go with it (those up to T, or the whole trace's)
        // is a guess either way, and rows cut at T would load into a warehouse as a whole
        // session that saw less. Asked for together, the two are refused, not guessed at.
        if let time = options.snapshotTime, let rowsPath = options.impressionsOutPath {
            throw scanner.fail("--impressions-out '\(rowsPath)' with --snapshot-at \(NumberFormatting.seconds(time)): "
                + "the snapshot is printed instead of the impressions; write the rows in a replay without --snapshot-at")
        }
        // The geometry is written beside the impressions, as the rows are; the snapshot
        // prints one sample instead, so a whole session's geometry beside it would be a
        // different run's. --section only chooses what --geometry writes.
        if let time = options.snapshotTime, let geometryPath = options.geometryPath {
            throw scanner.fail("--geometry '\(geometryPath)' with --snapshot-at \(NumberFormatting.seconds(time)): "
                + "the snapshot is printed instead of the replay; write the geometry in a replay without --snapshot-at")
        }
        if let section = options.geometrySection, options.geometryPath == nil {
            throw scanner.fail("--section '\(section)' without --geometry: it chooses the section whose geometry "
                + "--geometry writes")
        }
        return options
    }
}
