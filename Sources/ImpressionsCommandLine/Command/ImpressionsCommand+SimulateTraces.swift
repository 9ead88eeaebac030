import ImpressionSimulation
import ImpressionTracking

extension ImpressionsCommand {
    /// `impressions simulate --traces PATH...`: recorded sessions instead of generated
    /// ones, each trace replayed under every policy and counted as a simulation counts a
    /// session; the same report, table, JSON, page, per-section CSV and shards.
    ///
    /// The traces are read as ``TraceFleet`` reads them, and re-measured by
    /// ``TraceRemeasurer``, the library's API for it. A trace of another interval than
    /// the first's, a bad line or no header stops the run naming the trace and the line,
    /// or with `--keep-going` is left out and listed; a run that counts no session fails.
    /// `recorded` says which traces and how to read them, `options` what every kind of run shares.
    static func simulateTraces(_ recorded: SimulateOptions.RecordedTraces, options: SimulateOptions,
                               io: some CommandIO) async -> Int32 {
        var feed = Feed(sectionCount: 0, seed: 0)
        if let path = recorded.feedPath {
            guard let read = readJSONFile(path, maximumBytes: maximumFeedFileBytes, decode: FeedFile.decode, io: io) else { return 1 }
            feed = read
        }
        guard let rowsFile = openRowsFile(options.impressionsOutPath, signals: options.measuresExposureSignals,
                                          policies: options.effectivePolicies, subcommand: "simulate", io: io) else { return 1 }
        let fleet = TraceFleet(limits: recorded.limits, keepGoing: recorded.keepGoing,
                               workers: options.workers ?? Simulation.defaultWorkerCount, shard: options.shard)
        // Each worker re-measures its traces with a copy of the empty re-measurer, and the
        // copies join in the order of the traces: the library's API, on workers.
        let counted = await fleet.count(recorded.paths, io: io, appended: { remeasurer in
            if let text = remeasurer.tally.rows?.take() { rowsFile?.write(text) }
        }) { interval -> TraceFleet.Counter<TraceRemeasurer>? in
            var configuration = options.configuration
            configuration.sampleInterval = interval
            configuration.sessionCount = 0
            let simulation: Simulation
            do throws(SimulationError) {
                simulation = try Simulation(configuration: configuration, feed: feed)
            } catch {
                io.writeError("impressions simulate: \(error)\n")
                return nil
            }
            let empty = TraceRemeasurer(simulation: simulation, limits: recorded.limits, readsPastGaps: recorded.keepGoing,
                                        rows: rowsFile?.rows)
            return TraceFleet.Counter(empty: empty) { trace, reader, remeasurer in
                remeasurer.remeasure(trace, from: &reader).completeness
            }
        }
        let remeasurer: TraceRemeasurer, traces: [String]
        switch counted {
        case .success(let result): (remeasurer, traces) = result
        case .failure(let failure):
            if let message = failure.message { io.writeError("impressions simulate: \(message)\n") }
            return 1
        }
        do throws(FileAccessError) {
            try rowsFile?.finish()
        } catch {
            io.writeError("impressions simulate: \(error)\n")
            return 1
        }
        return deliverRun(remeasurer.report(), of: remeasurer.simulation, tally: remeasurer.tally, traces: traces,
                          options: options, io: io)
    }
}
