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
    /// `--traces FILE...` (a ``SimulateOptions/run`` of recorded traces: sweep the
    /// sessions recorded there instead of simulated ones), only `--feed` (which names the
    /// traces' sections), `--workers` and the trace-reading flags. Never two layouts.
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
    /// The arguments as the user gave them, for ``reportCommand``.
    package var givenArguments: [String] = []
    /// `--measure`: the measure of the grid ``parse`` builds.
    var gridMeasure = ImpressionPolicy.Measure.height
    /// `--ratios`: the columns of the grid ``parse`` builds.
    var gridRatios = SweepGrid.defaultRatios
    /// `--durations`: the rows of the grid ``parse`` builds.
    var gridDurations = SweepGrid.defaultDurations
    /// The text `--ratios` and `--durations` were last given, by flag, for an error
    /// that quotes it.
    var gridTexts: [String: String] = [:]

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
        ShownCommand.text(subcommand: "sweep", arguments: givenArguments, flags: Self.flags)
    }

    /// Reads `sweep`'s arguments (without the subcommand), each flag as ``flags``
    /// declares it.
    ///
    /// - Throws: ``CommandLineError`` naming the flag and the value.
    package static func parse(_ arguments: [String]) throws(CommandLineError) -> SweepOptions {
        var options = SweepOptions()
        options.givenArguments = arguments
        var scanner = ArgumentScanner(arguments, subcommand: "sweep")
        let given = try scanner.readFlags(flags, into: &options).flags
        if given.contains(where: { $0.name == "--sections" }) && given.contains(where: { $0.name == "--feed" }) {
            throw scanner.fail("--sections and --feed: the feed file gives the sections")
        }
        let mode = options.simulation.mode
        if let refused = given.first(where: { $0.refusals[mode] != nil }), let reason = refused.refusals[mode] {
            throw scanner.fail("\(refused.name) \(reason)")
        }
        if case .recordedTraces(let traces) = options.simulation.run, traces.paths.contains("-") && traces.paths.count > 1 {
            throw scanner.fail("--traces -: standard input is the only source of traces when given")
        }
        do throws(SweepGridError) {
            options.grid = try SweepGrid(measure: options.gridMeasure, ratios: options.gridRatios,
                                         durations: options.gridDurations)
        } catch {
            // Name the flag whose values are wrong: a duplicate or range problem is one list's.
            let flag = error.code == .durationOutOfRange || (error.code == .duplicate && error.message.hasPrefix("duration"))
                ? "--durations" : (error.code == .tooLarge ? "--ratios and --durations" : "--ratios")
            let given = options.gridTexts[flag]
            throw scanner.fail(given.map { "invalid value '\($0)' for \(flag): \(error)" } ?? "\(flag): \(error)")
        }
        return options
    }

    /// `none`, or preset names separated by commas.
    static func presetList(_ text: String, scanner: ArgumentScanner) throws(CommandLineError) -> [NamedPolicy] {
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
