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
    /// `--report FILE`: write the replay, with its timeline, as a self-contained HTML page there.
    /// `--signals`: each impression line carries its exposure signals.
    package var measuresExposureSignals = false
    package var reportPath: String?
    /// `--player FILE`: write the session player, a self-contained HTML page, there.
    package var playerPath: String?
    /// `--snapshot-at T`: print what an overlay shows just after the sample at `T`, under
    /// each policy, instead of the impressions.
    package var snapshotTime: Duration?
    /// `--timeline-rows N`: the most sections the timeline draws (also the report's).
    package var timelineRows = 40
    /// `--max-line-bytes`, `--max-sections`: the decoder's limits.
    package var limits = TraceLimits()
    /// `--help` was given: print the help and nothing else.
    package var help = false

    /// The options of `impressions replay` alone: every default, no trace yet.
    package init() {}

    /// The policies to replay under: those given, or ``NamedPolicy/defaults``.
    package var effectivePolicies: [NamedPolicy] { policies.isEmpty ? NamedPolicy.defaults : policies }

    /// Reads `replay`'s arguments (without the subcommand).
    ///
    /// - Throws: ``CommandLineError`` naming the flag and the value.
    package static func parse(_ arguments: [String]) throws(CommandLineError) -> ReplayOptions {
        var options = ReplayOptions()
        if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
            options.help = true
            return options
        }
        var scanner = ArgumentScanner(arguments, subcommand: "replay")
        var paths: [String] = []
        while let argument = scanner.next() {
            switch argument {
            case .operand(let path):
                paths.append(path)
            case .flag("--policy"):
                let text = try scanner.value()
                do throws(PolicyParseError) {
                    options.policies.append(try NamedPolicy(parsing: text))
                } catch {
                    throw scanner.invalid(text, error.message)
                }
            case .flag("--timeline"):
                options.timelinePath = try scanner.value()
            case .flag("--report"):
                options.reportPath = try scanner.value()
            case .flag("--player"):
                options.playerPath = try scanner.value()
            case .flag("--snapshot-at"):
                let text = try scanner.value()
                guard let seconds = NamedPolicy.parseSeconds(text), seconds >= 0, seconds <= 864_000 else {
                    throw scanner.invalid(text, "expected a time in the session, 0 to 864000 seconds (e.g. 12.35s, 1500ms, 2m)")
                }
                options.snapshotTime = .nanoseconds(Int64((seconds * 1e9).rounded()))
            case .flag("--timeline-rows"):
                options.timelineRows = try scanner.integer(in: 1...500)
            case .flag("--signals"):
                try scanner.noValue()
                options.measuresExposureSignals = true
            case .flag(let flag):
                guard try scanner.traceReadingFlag(flag, keepGoing: &options.keepGoing, limits: &options.limits) else {
                    throw scanner.fail("unknown option '\(flag)'")
                }
            }
        }
        guard paths.count == 1, let path = paths.first else {
            throw scanner.fail(paths.isEmpty ? "missing the trace to replay (a file, or - for standard input)"
                                             : "one trace at a time, got \(paths.count): \(paths.joined(separator: " "))")
        }
        options.path = path
        return options
    }
}
