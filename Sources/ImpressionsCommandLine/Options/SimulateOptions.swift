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
    /// `--help` was given: print the help and nothing else.
    package var help = false
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
    /// in a fixed form: the run a trace's `source` names.
    package var canonicalArguments: [String] {
        var arguments = ["--sessions", String(sessions)]
        arguments += feedPath.map { ["--feed", $0] } ?? ["--sections", String(sections)]
        arguments += ["--seconds", TraceEncoder.milliseconds(sessionDuration) + "ms", "--seed", String(seed)]
        arguments += usersPath.map { ["--users", $0] } ?? []
        for policy in policyTexts { arguments += ["--policy", policy] }
        arguments += ["--layout", layoutScope == .wholeFeed ? "feed" : "window"]
        return arguments
    }

    /// The command line a report shows: the arguments as given, less where the run
    /// writes and how many workers it uses (see ``ShownCommand``).
    package var reportCommand: String {
        ShownCommand.text(subcommand: "simulate", arguments: givenArguments)
    }

    static let sessionRange = 1...1_000_000
    static let sectionRange = 1...1_000_000
    static let workerRange = 1...1024
    static let maximumSeconds = 86_400.0

    /// Reads `simulate`'s arguments (without the subcommand).
    ///
    /// Accepts `--flag value` and `--flag=value`; a repeated flag takes its last value,
    /// except `--policy`, which adds a policy each time, and `--feed`, given at most
    /// twice (layouts A and B).
    ///
    /// - Throws: ``CommandLineError`` naming the flag and the value.
    package static func parse(_ arguments: [String]) throws(CommandLineError) -> SimulateOptions {
        var options = SimulateOptions()
        if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
            options.help = true
            return options
        }
        options.givenArguments = arguments
        var scanner = ArgumentScanner(arguments, subcommand: "simulate")
        var given: Set<String> = []
        // Operands right after --traces are more traces: `--traces day/*.jsonl`.
        var readingTraces = false
        while let argument = scanner.next() {
            guard case .flag(let flag) = argument else {
                guard case .operand(let operand) = argument else { continue }
                guard readingTraces else { throw scanner.fail("unexpected argument '\(operand)'") }
                options.tracePaths.append(operand)
                continue
            }
            readingTraces = false
            given.insert(flag)
            if try options.readRunFlag(flag, scanner: &scanner) { continue }
            if try scanner.traceReadingFlag(flag, keepGoing: &options.keepGoing, limits: &options.limits) { continue }
            switch flag {
            case "--traces":
                options.tracePaths.append(try scanner.value())
                readingTraces = true
            case "--policy":
                let text = try scanner.value()
                do throws(PolicyParseError) {
                    options.policies.append(try NamedPolicy(parsing: text))
                    options.policyTexts.append(text)
                } catch {
                    throw scanner.invalid(text, error.message)
                }
            case "--json":
                try scanner.noValue()
                options.json = true
            case "--signals":
                try scanner.noValue()
                options.measuresExposureSignals = true
            case "--trace-out":
                options.traceDirectory = try scanner.value()
            case "--timeline":
                options.timelinePath = try scanner.value()
            case "--sections-out":
                options.sectionsOutPath = try scanner.value()
            case "--report":
                options.reportPath = try scanner.value()
            case "--shard":
                let text = try scanner.value()
                guard let shard = Shard(parsing: text) else {
                    throw scanner.invalid(text, "expected i/n with 0 <= i < n <= 100000 (e.g. 0/4 ... 3/4)")
                }
                options.shard = shard
            default:
                throw scanner.fail("unknown option '\(flag)'")
            }
        }
        if options.tracePaths.isEmpty {
            if let flag = ["--keep-going", "--max-line-bytes", "--max-sections"].first(where: given.contains) {
                throw scanner.fail("\(flag) without --traces: it says how recorded traces are read")
            }
        } else {
            try refuseWithTraces(options, given: given, scanner)
        }
        if options.feedPaths.count == 2 { try refuseWithTwoFeeds(options, scanner) }
        if options.shard != nil && options.reportPath != nil {
            throw scanner.fail("--report with --shard: a shard has a slice of the sessions; write the report "
                + "with 'impressions merge --report' from all the shards")
        }
        if options.feedPath != nil && given.contains("--sections") {
            throw scanner.fail("--sections and --feed: the feed file gives the sections")
        }
        return options
    }

    /// The options that describe generated sessions, which a run over recorded traces
    /// does not have.
    private static func refuseWithTraces(_ options: SimulateOptions, given: Set<String>,
                                         _ scanner: ArgumentScanner) throws(CommandLineError) {
        let generated = ["--sessions": "the traces are the sessions", "--sections": "the traces lay out their sections",
                         "--seconds": "each trace lasts what it recorded", "--users": "the traces are real users",
                         "--layout": "the traces lay out what the app laid out",
                         "--trace-out": "the traces are already traces", "--timeline": "draw a trace's with 'impressions replay --timeline'"]
        if let flag = generated.keys.sorted().first(where: given.contains) {
            throw scanner.fail("\(flag) with --traces: \(generated[flag]!)")
        }
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

    /// The options a comparison of two feeds does not take yet.
    private static func refuseWithTwoFeeds(_ options: SimulateOptions, _ scanner: ArgumentScanner) throws(CommandLineError) {
        let refused: [(given: Bool, message: String)] = [
            (options.traceDirectory != nil, "--trace-out with two --feed files: record each feed's traces in a run of "
                + "its own with the same --seed and options (the users are the same)"),
            (options.timelinePath != nil, "--timeline with two --feed files: draw each feed's in a run of its own "
                + "with the same --seed and options (the users are the same)"),
        ]
        if let first = refused.first(where: \.given) { throw scanner.fail(first.message) }
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
