import ImpressionSimulationCore
import ImpressionSimulationFormats
import ImpressionTracking

/// Evaluates every definition of a ``SweepGrid`` on the same sessions, in one
/// `ImpressionEngine` per session, and reports impressions per session per definition.
///
/// ```swift
/// let sweep = Sweep(grid: try SweepGrid(measure: .height), presets: NamedPolicy.defaults)
/// let report = try await sweep.run(configuration: SimulationConfiguration(sessionCount: 1000))
/// print(report.table())
/// ```
///
/// Presets are marked on the cell they fall on (same measure, ratio and duration). A
/// preset on no cell, or on a cell but differing in another knob (recurrence, timing,
/// ...), is evaluated as an extra policy in the same engines, so its number is real.
package struct Sweep: Sendable {
    /// The definitions swept.
    package let grid: SweepGrid
    /// The presets shown beside the grid, in the order given.
    package let presets: [NamedPolicy]
    /// Every policy evaluated: the grid's, in cell order, then the presets that are not
    /// exactly a cell's policy.
    package let policies: [NamedPolicy]
    /// Per preset, the cell it falls on, and the policy whose counts are its own.
    private let presetCells: [Int?]
    private let presetPolicies: [Int]

    /// A sweep of `grid`, with `presets` marked on it or listed beside it.
    package init(grid: SweepGrid, presets: [NamedPolicy] = []) {
        self.grid = grid
        self.presets = presets
        var policies = grid.policies
        var cells: [Int?] = []
        var own: [Int] = []
        for preset in presets {
            let cell = grid.cell(of: preset.policy)
            cells.append(cell)
            if let cell, policies[cell].policy == preset.policy {
                own.append(cell)
            } else {
                own.append(policies.count)
                policies.append(preset)
            }
        }
        self.policies = policies
        presetCells = cells
        presetPolicies = own
    }

    /// Runs `configuration`'s sessions (its policies replaced by ``policies``) on up to
    /// `workers` concurrent tasks, on its generated feed or on `feed`.
    ///
    /// The report is the same for any number of workers, and each cell's count is what
    /// `Simulation` gives for that one policy on the same configuration.
    ///
    /// - Throws: ``SimulationError`` naming a bad value of the configuration.
    package func run(configuration: SimulationConfiguration, feed: Feed? = nil,
                     workers: Int = Simulation.defaultWorkerCount,
                     progress: (@Sendable (_ completed: Int, _ total: Int) -> Void)? = nil) async throws(SimulationError) -> SweepReport {
        let (simulation, derivation) = try self.simulation(configuration: configuration, feed: feed)
        let policyCount = policies.count
        let tally = await SessionChunks.tally(
            sessions: 0..<configuration.sessionCount, workers: workers,
            empty: SweepTally(policyCount: policyCount), progress: progress,
            chunk: { sessions in Self.tally(simulation, sessions: sessions, policyCount: policyCount, derivation: derivation) },
            append: { $0.append($1) })
        return report(from: tally, source: Self.source(of: simulation.configuration))
    }

    /// ``run(configuration:feed:workers:progress:)`` on the calling thread.
    ///
    /// - Throws: ``SimulationError`` naming a bad value of the configuration.
    package func runSerially(configuration: SimulationConfiguration, feed: Feed? = nil) throws(SimulationError) -> SweepReport {
        let (simulation, derivation) = try self.simulation(configuration: configuration, feed: feed)
        let tally = Self.tally(simulation, sessions: 0..<configuration.sessionCount, policyCount: policies.count,
                               derivation: derivation)
        return report(from: tally, source: Self.source(of: simulation.configuration))
    }

    /// Replays recorded sessions (traces) under every definition instead of simulated
    /// ones, each trace a session, as `impressions replay` does.
    ///
    /// - Throws: ``TraceError`` for an input an engine refuses.
    package func report(replaying traces: [Trace]) throws -> SweepReport {
        var tally = SweepTally(policyCount: policies.count)
        for trace in traces {
            tally.add(session: try TraceReplayer.impressions(of: trace, policies: policies).map(\.count))
        }
        return report(from: tally, source: "\(NumberFormatting.integer(traces.count)) trace\(traces.count == 1 ? "" : "s")")
    }

    /// The run that replays recorded traces sampled every `sampleInterval` under every
    /// definition (``replayTrace(_:from:limits:keepGoing:with:into:)``), as `simulate --traces` does;
    /// `feed`, a feed file's, numbers the traces' sections by its positions as there.
    ///
    /// The counts do not depend on `feed`: the traces' layouts give the sections, and their
    /// own policies when they have one.
    ///
    /// - Throws: ``SimulationError`` for an invalid policy or interval.
    package func traceSimulation(sampleInterval: Duration,
                                 feed: Feed = Feed(sectionCount: 0, seed: 0)) throws(SimulationError) -> Simulation {
        var configuration = SimulationConfiguration(sessionCount: 0, sectionCount: 0, policies: policies)
        configuration.sampleInterval = sampleInterval
        return try Simulation(configuration: configuration, feed: feed)
    }

    /// An empty tally of recorded traces.
    package func emptyTraceTally() -> SweepTally {
        var tally = SweepTally(policyCount: policies.count)
        tally.recorded = RecordedSessions()
        return tally
    }

    /// Replays the trace `reader` reads under every definition with `simulation` (made by
    /// ``traceSimulation(sampleInterval:feed:)``) and counts its impressions in `tally`, or
    /// lists it as cut short or left out as `simulate --traces` does; gives how complete
    /// the trace was.
    @discardableResult
    package func replayTrace(_ trace: TraceLabel, from reader: inout TraceLineReader, limits: TraceLimits, keepGoing: Bool,
                             with simulation: Simulation, into tally: inout SweepTally) -> TraceCompleteness {
        guard var recorded = tally.recorded else { return TraceCompleteness(isCounted: false, isEnded: false, lines: 0) }
        tally.recorded = nil
        defer { tally.recorded = recorded }
        // A sweep counts impressions only: the sections' numbers are not kept.
        var catalog = SectionCatalog(feed: simulation.feed)
        let (outcome, completeness, _) = TraceRemeasurer.replay(
            trace, from: &reader, in: simulation, limits: limits, keepGoing: keepGoing, recorded: &recorded, catalog: &catalog)
        if let outcome { tally.add(session: outcome.impressions.map(\.count)) }
        return completeness
    }

    /// The report of recorded traces `tally` counted: its source is the sessions and what
    /// the traces read.
    package func report(fromTraces tally: SweepTally) -> SweepReport {
        let recorded = tally.recorded ?? RecordedSessions()
        var report = report(from: tally, source: "\(NumberFormatting.integer(tally.sessions)) recorded session"
            + "\(tally.sessions == 1 ? "" : "s") (\(recorded.summary))")
        report.recorded = recorded
        return report
    }

    /// The report of the sessions `tally` counted (one count per entry of ``policies``).
    package func report(from tally: SweepTally, source: String) -> SweepReport {
        func perSession(_ count: Int) -> Double { tally.sessions == 0 ? 0 : Double(count) / Double(tally.sessions) }
        var names = Array(repeating: [String](), count: grid.count)
        for (preset, cell) in zip(presets, presetCells) {
            if let cell { names[cell].append(preset.name) }
        }
        var cells: [SweepCell] = []
        cells.reserveCapacity(grid.count)
        for duration in grid.durations {
            for ratio in grid.ratios {
                let index = cells.count
                cells.append(SweepCell(ratio: ratio, duration: duration, measure: grid.measure,
                                       impressions: tally.impressions[index],
                                       sessionsWithImpressions: tally.sessionsWithImpressions[index],
                                       impressionsPerSession: perSession(tally.impressions[index]), presets: names[index]))
            }
        }
        let presetEntries = presets.indices.map { index in
            let own = presetPolicies[index]
            return SweepPreset(policy: presets[index], cell: presetCells[index], isCellPolicy: own < grid.count,
                               impressions: tally.impressions[own], sessionsWithImpressions: tally.sessionsWithImpressions[own],
                               impressionsPerSession: perSession(tally.impressions[own]))
        }
        return SweepReport(grid: grid, source: source, sessions: tally.sessions, cells: cells, presets: presetEntries)
    }

    /// The simulation of `configuration` with the policies its engines run: one per ratio
    /// and the extra presets when the durations can be derived (``DurationDerivation``),
    /// else every policy of ``policies``.
    private func simulation(configuration: SimulationConfiguration, feed: Feed?)
        throws(SimulationError) -> (Simulation, DurationDerivation?) {
        func simulation(_ policies: [NamedPolicy]) throws(SimulationError) -> Simulation {
            var configuration = configuration
            configuration.policies = policies
            if let feed { return try Simulation(configuration: configuration, feed: feed) }
            return try Simulation(configuration: configuration)
        }
        let full = try simulation(policies)
        guard let derivation = DurationDerivation(grid: grid, sampleInterval: configuration.sampleInterval,
                                                  feed: full.runner.feed) else { return (full, nil) }
        return (try simulation(derivation.enginePolicies(extras: policies.dropFirst(grid.count))), derivation)
    }

    private static func tally(_ simulation: Simulation, sessions: Range<Int>, policyCount: Int,
                              derivation: DurationDerivation?) -> SweepTally {
        var tally = SweepTally(policyCount: policyCount)
        for index in sessions {
            let session = simulation.session(at: index)
            if let derivation {
                let (runs, impressions) = simulation.runner.runLengths(of: session, runPolicies: derivation.grid.ratios.count)
                tally.add(session: derivation.counts(runs: runs, impressions: impressions))
            } else {
                tally.add(session: simulation.runner.impressionCounts(of: session))
            }
        }
        return tally
    }

    /// `200 simulated sessions of 60 s, 2,000 sections, seed 1`.
    private static func source(of configuration: SimulationConfiguration) -> String {
        "\(NumberFormatting.integer(configuration.sessionCount)) simulated session\(configuration.sessionCount == 1 ? "" : "s") "
            + "of \(NumberFormatting.compactSeconds(configuration.sessionDuration)), "
            + "\(NumberFormatting.integer(configuration.sectionCount)) sections, seed \(configuration.seed)"
    }
}
