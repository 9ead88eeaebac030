import ImpressionTracking
import ImpressionSimulation

/// The options of `impressions simulate`, read from its arguments by hand (the package
/// has no dependencies, so no argument-parser library).
package struct SimulateOptions: Hashable, Sendable {
    /// `--sessions N`: how many sessions the run has.
    package var sessions = 200
    /// `--sections N`: how many sections the feed has.
    package var sections = 2000
    /// `--seconds S`: how long each session lasts.
    package var sessionDuration: Duration = .seconds(60)
    /// `--seed X`: the seed of the feed and the sessions.
    package var seed: UInt64 = 1
    /// The `--policy` values, read; empty for the defaults (see ``effectivePolicies``).
    package var policies: [NamedPolicy] = []
    /// The `--policy` values as written, parallel to ``policies``.
    package var policyTexts: [String] = []
    /// `--workers N`; `nil` for one per core.
    package var workers: Int?
    /// `--json`: print JSON instead of the table.
    package var json = false
    /// `--signals`: measure the exposure signals and report their distributions.
    package var measuresExposureSignals = false
    /// `--layout window|feed`: which sections the engines' layouts hold.
    package var layoutScope: FeedLayout.Scope = .window(marginScreens: 2)
    /// `--trace-out DIR`: write each session as a trace there.
    package var traceDirectory: String?
    /// `--timeline FILE`: draw the first session's timeline there.
    package var timelinePath: String?
    /// `--sections-out FILE`: write the per-section results there as CSV.
    package var sectionsOutPath: String?
    /// `--report FILE`: write the run as a self-contained HTML page there.
    package var reportPath: String?
    /// `--feed FILE`, once or twice: the feed file to simulate instead of the synthetic
    /// feed, or layouts A and B to compare on the same users.
    package var feedPaths: [String] = []
    /// `--users FILE`: the users file whose model replaces the built-in one.
    package var usersPath: String?
    /// `--shard i/n`: run only that slice of the sessions.
    package var shard: Shard?
    /// `--traces PATH...`: recorded traces (files, directories of `*.jsonl`, or `-` for a
    /// stream of them on standard input) to replay instead of generated sessions; empty
    /// for a simulation.
    package var tracePaths: [String] = []
    /// `--keep-going`: with `--traces`, leave a bad trace out and count it instead of stopping.
    package var keepGoing = false
    /// `--max-line-bytes`, `--max-sections`: the limits traces are read with.
    package var limits = TraceLimits()
    /// The arguments as the user gave them, for ``reportCommand``.
    package var givenArguments: [String] = []

    /// The options of `impressions simulate` alone: every default.
    package init() {}

    /// The feed file to simulate, or A's when comparing two.
    package var feedPath: String? { feedPaths.first }

    /// The policies to run: those given, or ``NamedPolicy/defaults``.
    package var effectivePolicies: [NamedPolicy] { policies.isEmpty ? NamedPolicy.defaults : policies }

    /// The configuration these options describe.
    package var configuration: SimulationConfiguration {
        var configuration = SimulationConfiguration(
            sessionCount: sessions, sectionCount: sections, sessionDuration: sessionDuration,
            seed: seed, policies: effectivePolicies, layoutScope: layoutScope)
        configuration.measuresExposureSignals = measuresExposureSignals
        return configuration
    }

    /// The arguments that fix what a run computes (not how it runs or where it writes),
    /// in a fixed form, each flag as ``flags`` record it: the run a trace's `source` names.
    package var canonicalArguments: [String] {
        CommandFlag.canonicalArguments(of: self, flags: Self.flags)
    }

    /// The command line a report shows: the arguments as given, less where the run
    /// writes and how many workers it uses (see ``ShownCommand``).
    package var reportCommand: String {
        ShownCommand.text(subcommand: "simulate", arguments: givenArguments, flags: Self.flags)
    }

    /// The values `--sessions` accepts.
    static let sessionRange = 1...1_000_000
    /// The values `--sections` accepts, here and in `feed`.
    static let sectionRange = 1...1_000_000
    /// The values `--workers` accepts.
    static let workerRange = 1...1024
    /// The longest session `--seconds` accepts: a day.
    static let maximumSeconds = 86_400.0

    /// Reads `simulate`'s arguments (without the subcommand), each flag as ``flags``
    /// declares it.
    ///
    /// Accepts `--flag value` and `--flag=value`; a repeated flag takes its last value,
    /// except `--policy`, which adds a policy each time, and `--feed`, given at most
    /// twice (layouts A and B).
    ///
    /// - Throws: ``CommandLineError`` naming the flag and the value.
    package static func parse(_ arguments: [String]) throws(CommandLineError) -> SimulateOptions {
        var options = SimulateOptions()
        options.givenArguments = arguments
        var scanner = ArgumentScanner(arguments, subcommand: "simulate")
        let given = try scanner.readFlags(flags, into: &options).flags
        try refuseOutOfMode(options, given: given, scanner)
        return options
    }

    /// The kind of run these options ask for: recorded traces when `--traces` is given,
    /// else two layouts when `--feed` is given twice, else generated sessions.
    package var mode: RunMode {
        if !tracePaths.isEmpty { return .recordedTraces }
        return feedPaths.count == 2 ? .layoutComparison : .generatedSessions
    }

    /// Refuses a flag the run's ``mode`` refuses (the first by name, when several are),
    /// then the values that do not go together.
    private static func refuseOutOfMode(_ options: SimulateOptions, given: [CommandFlag<SimulateOptions>],
                                        _ scanner: ArgumentScanner) throws(CommandLineError) {
        let mode = options.mode
        if let refused = given.filter({ $0.refusals[mode] != nil }).min(by: { $0.name < $1.name }),
           let reason = refused.refusals[mode] {
            throw scanner.fail("\(refused.name) \(reason)")
        }
        if mode == .recordedTraces {
            if options.feedPaths.count == 2 {
                throw scanner.fail("two --feed files with --traces: a feed file only names the traces' sections; compare "
                    + "definitions with several --policy")
            }
            if options.tracePaths.contains("-") && options.tracePaths.count > 1 {
                throw scanner.fail("--traces -: standard input is the only source of traces when given")
            }
            if options.tracePaths.contains("-") && options.shard != nil {
                throw scanner.fail("--shard with --traces -: a shard takes its slice of a list of traces; name the files "
                    + "or directories instead")
            }
        }
        if options.shard != nil && options.reportPath != nil {
            throw scanner.fail("--report with --shard: a shard has a slice of the sessions; write the report "
                + "with 'impressions merge --report' from all the shards")
        }
        if options.feedPath != nil && given.contains(where: { $0.name == "--sections" }) {
            throw scanner.fail("--sections and --feed: the feed file gives the sections")
        }
    }

    /// A seed written in decimal or as `0x` hexadecimal; `nil` otherwise.
    static func parseSeed(_ text: String) -> UInt64? {
        let lowered = text.lowercased()
        if lowered.hasPrefix("0x") {
            let digits = lowered.dropFirst(2)
            guard !digits.isEmpty, digits.allSatisfy(\.isHexDigit) else { return nil }
            return UInt64(digits, radix: 16)
        }
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return UInt64(text)
    }
}
