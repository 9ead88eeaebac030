import ImpressionSimulation
import ImpressionTracking

extension ImpressionsCommand {
    /// `impressions sweep`: every definition of the grid on the same sessions (simulated,
    /// or recorded in traces), printed as a table or JSON, and drawn as a heatmap.
    static func sweep(_ options: SweepOptions, io: some CommandIO) async -> Int32 {
        let sweep = Sweep(grid: options.grid, presets: options.effectivePresets)
        let swept: SweepReport?
        switch options.simulation.run {
        case .recordedTraces(let recorded): swept = await sweepTraces(sweep, recorded, options, io: io)
        case .generatedSessions(let generated): swept = await sweepSimulated(sweep, generated, options, io: io)
        case .layoutComparison: preconditionFailure("sweep's --feed refuses a second feed")
        }
        guard let report = swept else { return 1 }
        if let path = options.heatmapPath {
            let title = "Impressions per session by definition: impressions sweep --measure \(options.grid.measure.name)"
            guard writeOutputFile(report.heatmapSVG(title: title), to: path, subcommand: "sweep", io: io) else { return 1 }
        }
        return deliver(report, json: options.json, reportPath: options.reportPath, command: options.reportCommand,
                       subcommand: "sweep", io: io) ? 0 : 1
    }

    /// The sweep of simulated sessions, as `simulate` runs `generated`; `nil` after saying why not.
    private static func sweepSimulated(_ sweep: Sweep, _ generated: SimulateOptions.GeneratedSessions, _ options: SweepOptions,
                                       io: some CommandIO) async -> SweepReport? {
        guard let configuration = configuration(of: options.simulation, users: generated.users, subcommand: "sweep",
                                                io: io) else { return nil }
        var feed: Feed?
        if let path = generated.feedPath {
            guard let read = readJSONFile(path, maximumBytes: maximumFeedFileBytes, decode: FeedFile.decode,
                                           subcommand: "sweep", io: io) else { return nil }
            feed = read
        }
        let workers = options.simulation.workers ?? Simulation.defaultWorkerCount
        let run = await withProgress(io: io, workers: workers, configuration: configuration, sessionSeconds: { result in
            Double((try? result.get())?.sessions ?? 0) * configuration.sessionDuration.inSeconds
        }) { progress -> Result<SweepReport, SimulationError> in
            do throws(SimulationError) {
                return .success(try await sweep.run(configuration: configuration, feed: feed, workers: workers, progress: progress))
            } catch {
                return .failure(error)
            }
        }
        switch run {
        case .success(var report):
            if let path = generated.feedPath { report.source += ", feed \(path)" }
            if let path = generated.users.usersPath { report.source += ", users \(path)" }
            return report
        case .failure(let error):
            io.writeError("impressions sweep: \(error)\n")
            return nil
        }
    }

    /// The sweep of the sessions `recorded` in `--traces`, each trace a session, read and
    /// counted as `simulate --traces` reads them (``TraceFleet``), with `--feed`'s file
    /// naming their sections as it does there; `nil` after saying why not.
    private static func sweepTraces(_ sweep: Sweep, _ recorded: SimulateOptions.RecordedTraces, _ options: SweepOptions,
                                    io: some CommandIO) async -> SweepReport? {
        var feed = Feed(sectionCount: 0, seed: 0)
        if let path = recorded.feedPath {
            guard let read = readJSONFile(path, maximumBytes: maximumFeedFileBytes, decode: FeedFile.decode,
                                           subcommand: "sweep", io: io) else { return nil }
            feed = read
        }
        let fleet = TraceFleet(limits: recorded.limits, keepGoing: recorded.keepGoing,
                               workers: options.simulation.workers ?? Simulation.defaultWorkerCount, shard: nil)
        let counted = await fleet.count(recorded.paths, io: io) { interval -> TraceFleet.Counter<SweepTally>? in
            let simulation: Simulation
            do throws(SimulationError) {
                simulation = try sweep.traceSimulation(sampleInterval: interval, feed: feed)
            } catch {
                io.writeError("impressions sweep: \(error)\n")
                return nil
            }
            let (limits, keepGoing) = (recorded.limits, recorded.keepGoing)
            return TraceFleet.Counter(empty: sweep.emptyTraceTally()) { trace, reader, tally in
                sweep.replayTrace(trace, from: &reader, limits: limits, keepGoing: keepGoing, with: simulation, into: &tally)
            }
        }
        switch counted {
        case .success(let result):
            var report = sweep.report(fromTraces: result.tally)
            if let path = recorded.feedPath { report.source += ", feed \(path)" }
            return report
        case .failure(let failure):
            if let message = failure.message { io.writeError("impressions sweep: \(message)\n") }
            return nil
        }
    }
}
