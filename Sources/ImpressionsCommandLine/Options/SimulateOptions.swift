import ImpressionTracking
import ImpressionSimulation

/// The options of `impressions simulate`, read from its arguments by hand (the package
/// has no dependencies, so no argument-parser library): the kind of run with what only
/// that kind takes (``run``), and what every kind shares.
package struct SimulateOptions: Hashable, Sendable {
    /// What the flags read, every kind of run's values side by side; private, so that a
    /// run reads its own kind's through ``run``, and no other kind's.
    private var arguments = SimulateArguments()
    /// The arguments as the user gave them, for ``reportCommand``.
    package private(set) var givenArguments: [String] = []

    /// The options of `impressions simulate` alone: every default.
    package init() {}

    /// Every flag of `impressions simulate`, in the order its help lists them (see
    /// ``CommandFlag``), each reading into the options' arguments as
    /// ``SimulateArguments/flags`` declares it.
    static let flags: [CommandFlag<SimulateOptions>] = SimulateArguments.flags.map {
        $0.lifted(into: \SimulateOptions.arguments)
    }

    /// The kind of run these options ask for: recorded traces when `--traces` is given,
    /// else two layouts when `--feed` is given twice, else generated sessions.
    package var mode: RunMode { arguments.mode }

    /// What the run's sessions are, with the options only that kind of run takes.
    package var run: Run {
        switch arguments.mode {
        case .generatedSessions:
            .generatedSessions(GeneratedSessions(users: simulatedUsers, feedPath: arguments.feedPath,
                                                 traceDirectory: arguments.traceDirectory,
                                                 timelinePath: arguments.timelinePath))
        case .layoutComparison:
            .layoutComparison(TwoLayouts(users: simulatedUsers, feedPathA: arguments.feedPaths[0],
                                         feedPathB: arguments.feedPaths[1]))
        case .recordedTraces:
            .recordedTraces(RecordedTraces(paths: arguments.tracePaths, feedPath: arguments.feedPath,
                                           keepGoing: arguments.keepGoing, limits: arguments.limits))
        }
    }

    /// The users a run of generated sessions or of two layouts simulates.
    private var simulatedUsers: SimulatedUsers {
        SimulatedUsers(sessions: arguments.sessions, sections: arguments.sections,
                       sessionDuration: arguments.sessionDuration, layoutScope: arguments.layoutScope,
                       usersPath: arguments.usersPath)
    }

    /// `--seed X`: the seed of the feed and the sessions.
    package var seed: UInt64 { arguments.seed }
    /// The `--policy` values, read; empty for the defaults (see ``effectivePolicies``).
    package var policies: [NamedPolicy] { arguments.policies }
    /// `--workers N`; `nil` for one per core.
    package var workers: Int? { arguments.workers }
    /// `--json`: print JSON instead of the table.
    package var json: Bool { arguments.json }
    /// `--signals`: measure the exposure signals and report their distributions.
    package var measuresExposureSignals: Bool { arguments.measuresExposureSignals }
    /// `--sections-out FILE`: write the per-section results there as CSV.
    package var sectionsOutPath: String? { arguments.sectionsOutPath }
    /// `--report FILE`: write the run as a self-contained HTML page there.
    package var reportPath: String? { arguments.reportPath }
    /// `--impressions-out FILE`: write one row per impression there.
    package var impressionsOutPath: String? { arguments.impressionsOutPath }
    /// `--shard i/n`: run only that slice of the sessions, or of the list of traces.
    package var shard: Shard? { arguments.shard }

    /// The policies to run: those given, or ``NamedPolicy/defaults``.
    package var effectivePolicies: [NamedPolicy] { policies.isEmpty ? NamedPolicy.defaults : policies }

    /// The configuration these options describe; a run of traces takes the simulated
    /// users' defaults, which its traces replace.
    package var configuration: SimulationConfiguration {
        var configuration = SimulationConfiguration(
            sessionCount: arguments.sessions, sectionCount: arguments.sections, sessionDuration: arguments.sessionDuration,
            seed: seed, policies: effectivePolicies, layoutScope: arguments.layoutScope)
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
        try refuseOutOfMode(options.arguments, given: given, scanner)
        return options
    }

    /// Refuses a flag the run's mode refuses (the first by name, when several are),
    /// then the values that do not go together.
    private static func refuseOutOfMode(_ options: SimulateArguments, given: [CommandFlag<SimulateOptions>],
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
