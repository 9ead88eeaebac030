import ImpressionSimulation
import ImpressionTracking

/// The options of `impressions sweep`, read by hand like ``SimulateOptions``: the grid,
/// the sessions (simulated as `simulate` runs them, or recorded in traces) and the
/// outputs.
package struct SweepOptions: Hashable, Sendable {
    /// `--measure`, `--ratios`, `--durations`: the definitions swept.
    package var grid: SweepGrid
    /// The simulation's options: `--sessions`, `--sections`, `--seconds`, `--seed`,
    /// `--feed`, `--users`, `--workers`, `--layout` (its policies are the grid's); with
    /// `--traces FILE...` (its ``SimulateOptions/tracePaths``: sweep the sessions
    /// recorded there instead of simulated ones), only `--feed` (which names the traces'
    /// sections), `--workers` and the trace-reading flags.
    package var simulation = SimulateOptions()
    /// `--presets none|NAME,...`: the presets shown; `nil` for every preset of the grid's
    /// measure (see ``effectivePresets``).
    package var presets: [NamedPolicy]?
    /// `--json`: print JSON instead of the table.
    package var json = false
    /// `--heatmap FILE`: draw the sweep as an SVG heatmap there.
    package var heatmapPath: String?
    /// `--report FILE`: write the sweep as a self-contained HTML page there.
    package var reportPath: String?
    /// `--help` was given: print the help and nothing else.
    package var help = false
    /// The arguments as the user gave them, for ``reportCommand``.
    package var givenArguments: [String] = []

    /// The options of `impressions sweep` alone: the default grid.
    package init() {
        // The default lists are valid by construction.
        grid = (try? SweepGrid()) ?? Self.unreachableGrid()
    }

    private static func unreachableGrid() -> SweepGrid {
        preconditionFailure("the default sweep grid is valid")
    }

    /// The presets to mark on the grid or list beside it: those named by `--presets`,
    /// else every preset whose measure is the grid's.
    package var effectivePresets: [NamedPolicy] {
        presets ?? PolicyPresets.all.filter { $0.policy.measure == grid.measure }
    }

    /// The command line a report shows: the arguments as given, less where the sweep
    /// writes and how many workers it uses (see ``ShownCommand``).
    package var reportCommand: String {
        let leftOut = Self.simulationFlags.filter { !$0.isShownInReports }.map(\.name)
        return ShownCommand.text(subcommand: "sweep", arguments: givenArguments,
                                 leavingOut: Set(leftOut + ["--heatmap", "--report"]), alone: ["--json"])
    }

    /// The flags of `simulate` that `sweep` takes, read into ``simulation`` as `simulate`
    /// reads them: the simulated sessions, and the traces that replace them.
    static let simulationFlags = SimulateOptions.flags.filter {
        ["--sessions", "--sections", "--feed", "--seconds", "--users", "--seed", "--workers", "--layout",
         "--traces", "--keep-going", "--max-line-bytes", "--max-sections"].contains($0.name)
    }

    /// The flags of ``simulationFlags`` a sweep of traces takes besides `--feed`: how it
    /// runs and how the traces are read. `--layout` changes no count, so it is let be.
    private static let simulationFlagsWithTraces: Set<String> = [
        "--workers", "--layout", "--traces", "--keep-going", "--max-line-bytes", "--max-sections",
    ]

    /// Reads `sweep`'s arguments (without the subcommand).
    ///
    /// - Throws: ``CommandLineError`` naming the flag and the value.
    package static func parse(_ arguments: [String]) throws(CommandLineError) -> SweepOptions {
        var options = SweepOptions()
        if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
            options.help = true
            return options
        }
        options.givenArguments = arguments
        var scanner = ArgumentScanner(arguments, subcommand: "sweep")
        var measure = ImpressionPolicy.Measure.height
        var ratios = SweepGrid.defaultRatios
        var durations = SweepGrid.defaultDurations
        var gridFlags: [(flag: String, text: String)] = []
        var given: [CommandFlag<SimulateOptions>] = []
        // The flag whose value the operands that follow it add to (`--traces day/*.jsonl`).
        var previous: CommandFlag<SimulateOptions>?
        while let argument = scanner.next() {
            guard case .flag(let flag) = argument else {
                if case .operand(let operand) = argument {
                    guard let readOperand = previous?.readFollowingOperand else {
                        throw scanner.fail("unexpected argument '\(operand)'")
                    }
                    readOperand(&options.simulation, operand)
                }
                continue
            }
            previous = nil
            if let simulationFlag = simulationFlags.first(where: { $0.name == flag }) {
                try simulationFlag.read(&options.simulation, &scanner)
                if flag == "--feed" && options.simulation.feedPaths.count > 1 {
                    throw scanner.fail("--feed given twice: sweep one feed at a time")
                }
                given.append(simulationFlag)
                previous = simulationFlag
                continue
            }
            switch flag {
            case "--measure":
                let text = try scanner.value()
                guard let parsed = ImpressionPolicy.Measure(name: text.lowercased()) else {
                    throw scanner.invalid(text, "expected height, area or width")
                }
                measure = parsed
            case "--ratios":
                let text = try scanner.value()
                ratios = try SweepRangeParsing.ratios(text, scanner: scanner)
                gridFlags.append((flag, text))
            case "--durations":
                let text = try scanner.value()
                durations = try SweepRangeParsing.durations(text, scanner: scanner)
                gridFlags.append((flag, text))
            case "--presets":
                let text = try scanner.value()
                options.presets = try presetList(text, scanner: scanner)
            case "--json":
                try scanner.noValue()
                options.json = true
            case "--heatmap":
                options.heatmapPath = try scanner.value()
            case "--report":
                options.reportPath = try scanner.value()
            default:
                throw scanner.fail("unknown option '\(flag)'")
            }
        }
        let givenNames = given.map(\.name)
        if givenNames.contains("--sections") && givenNames.contains("--feed") {
            throw scanner.fail("--sections and --feed: the feed file gives the sections")
        }
        let mode = options.simulation.mode
        // A feed file describes recorded sessions too: it names their sections, as for
        // `simulate --traces`. The options of generated sessions describe nothing in a trace.
        if mode == .recordedTraces,
           let flag = givenNames.first(where: { $0 != "--feed" && !simulationFlagsWithTraces.contains($0) }) {
            throw scanner.fail("\(flag) and --traces: the traces are the sessions")
        }
        // The flags that say how traces are read, refused as `simulate` refuses them.
        if mode == .generatedSessions, let flag = given.first(where: { $0.refusals[mode] != nil }),
           let reason = flag.refusals[mode] {
            throw scanner.fail("\(flag.name) \(reason)")
        }
        if options.simulation.tracePaths.contains("-") && options.simulation.tracePaths.count > 1 {
            throw scanner.fail("--traces -: standard input is the only source of traces when given")
        }
        do throws(SweepGridError) {
            options.grid = try SweepGrid(measure: measure, ratios: ratios, durations: durations)
        } catch {
            // Name the flag whose values are wrong: a duplicate or range problem is one list's.
            let flag = error.code == .durationOutOfRange || (error.code == .duplicate && error.message.hasPrefix("duration"))
                ? "--durations" : (error.code == .tooLarge ? "--ratios and --durations" : "--ratios")
            let given = gridFlags.last { $0.flag == flag }?.text
            throw scanner.fail(given.map { "invalid value '\($0)' for \(flag): \(error)" } ?? "\(flag): \(error)")
        }
        return options
    }

    /// `none`, or preset names separated by commas.
    private static func presetList(_ text: String, scanner: ArgumentScanner) throws(CommandLineError) -> [NamedPolicy] {
        guard text != "none" else { return [] }
        var presets: [NamedPolicy] = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false).map({ $0.trimmingSpaces() }) {
            guard let preset = PolicyPresets.named(name) else {
                throw scanner.invalid(text, "unknown preset '\(name)'; expected none or names from: \(PolicyPresets.names.joined(separator: ", "))")
            }
            if !presets.contains(preset) { presets.append(preset) }
        }
        return presets
    }
}
