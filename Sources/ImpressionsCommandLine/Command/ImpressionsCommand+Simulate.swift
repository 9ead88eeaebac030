import Foundation
import ImpressionSimulation
import ImpressionTracking

extension ImpressionsCommand {
    /// `impressions simulate`: the run (or a shard of it), its traces, timeline and
    /// per-section CSV, the report.
    static func simulate(_ options: SimulateOptions, io: some CommandIO) async -> Int32 {
        switch options.run {
        case .recordedTraces(let traces):
            return await simulateTraces(traces, options: options, io: io)
        case .layoutComparison(let layouts):
            guard let configuration = configuration(of: options, users: layouts.users, io: io) else { return 1 }
            return await compareLayouts(layouts, options: options, configuration: configuration, io: io)
        case .generatedSessions(let generated):
            guard let configuration = configuration(of: options, users: generated.users, io: io) else { return 1 }
            return await simulateGenerated(generated, options: options, configuration: configuration, io: io)
        }
    }

    /// `impressions simulate` over one feed: the sessions the user model generates on
    /// the synthetic feed or `--feed`'s, as `generated` says; `options` are what every
    /// kind of run shares, and `configuration` what they describe, with the users file's model.
    private static func simulateGenerated(_ generated: SimulateOptions.GeneratedSessions, options: SimulateOptions,
                                          configuration: SimulationConfiguration, io: some CommandIO) async -> Int32 {
        let simulation: Simulation
        do throws(SimulationError) {
            if let path = generated.feedPath {
                guard let feed = readJSONFile(path, maximumBytes: maximumFeedFileBytes, decode: FeedFile.decode, io: io) else { return 1 }
                simulation = try Simulation(configuration: configuration, feed: feed)
            } else {
                simulation = try Simulation(configuration: configuration)
            }
        } catch {
            io.writeError("impressions simulate: \(error)\n")
            return 1
        }
        guard let rowsFile = openRowsFile(options.impressionsOutPath, signals: options.measuresExposureSignals,
                                          policies: options.effectivePolicies, subcommand: "simulate", io: io) else { return 1 }
        let workers = options.workers ?? Simulation.defaultWorkerCount
        let count = generated.users.sessions
        let sessions = options.shard?.sessions(of: count) ?? 0..<count
        let tally = await withProgress(io: io, workers: workers, configuration: configuration, sessionSeconds: { tally in
            Double(tally.sessions) * generated.users.sessionDuration.inSeconds
        }) { progress in
            await simulation.tally(sessions: sessions, workers: workers, rows: rowsFile?.rows,
                                   writeRows: { rowsFile?.write($0) }, progress: progress)
        }
        let report = SimulationReport(tally: tally, of: simulation)
        do throws(FileAccessError) {
            try rowsFile?.finish()
            if let directory = generated.traceDirectory {
                try writeTraces(of: simulation, sessions: sessions, to: directory, arguments: options.canonicalArguments)
            }
            if let path = generated.timelinePath, let first = sessions.first {
                let trace = simulation.runner.trace(of: simulation.session(at: first))
                let title = "Timeline of impressions simulate --seed \(options.seed), session \(first)"
                try FileAccess.write(trace.timelineSVG(policy: simulation.configuration.policies[0], title: title), to: path)
            }
        } catch {
            io.writeError("impressions simulate: \(error)\n")
            return 1
        }
        return deliverRun(report, of: simulation, tally: tally, options: options, io: io)
    }

    /// Writes `report`'s per-section CSV (`--sections-out`), prints it or writes its page,
    /// and with `--shard` prints the shard for `merge`; `traces` are a run's recorded
    /// traces, which its shard names. A feed that is likely not the traces' is warned of
    /// on standard error when the table, which says so, is not printed. The command's status.
    static func deliverRun(_ report: SimulationReport, of simulation: Simulation, tally: SimulationTally,
                           traces: [String]? = nil, options: SimulateOptions, io: some CommandIO) -> Int32 {
        if let path = options.sectionsOutPath {
            do throws(FileAccessError) {
                try FileAccess.write(report.sectionsCSV(), to: path)
            } catch {
                io.writeError("impressions simulate: \(error)\n")
                return 1
            }
        }
        guard deliver(report, json: options.json, reportPath: options.reportPath, command: options.reportCommand,
                      subcommand: "simulate", printing: options.shard == nil, io: io) else { return 1 }
        // The table says it above its figures; JSON and shards are read by programs, so a person sees it here.
        if options.json || options.shard != nil, let warning = report.feedMismatchWarning {
            io.writeError("impressions simulate: \(warning)\n")
        }
        if let shard = options.shard {
            do throws(ShardSummaryError) {
                io.writeOutput(try ShardSummary.json(of: simulation, tally: tally, shard: shard, traces: traces))
            } catch {
                io.writeError("impressions simulate: \(error)\n")
                return 1
            }
        }
        return 0
    }

    /// The configuration `options` describe, with the model of the `users`' file when
    /// they have one; `nil` after saying on standard error, after `subcommand`'s name,
    /// what is wrong with the file.
    static func configuration(of options: SimulateOptions, users: SimulateOptions.SimulatedUsers,
                              subcommand: String = "simulate", io: some CommandIO) -> SimulationConfiguration? {
        var configuration = options.configuration
        if let path = users.usersPath {
            guard let model = readJSONFile(path, maximumBytes: maximumUsersFileBytes, decode: UserFile.decode,
                                           subcommand: subcommand, io: io) else {
                return nil
            }
            configuration.user = model
        }
        return configuration
    }

    /// Runs `body`, giving it a progress callback that draws a bar on standard error
    /// when it is a terminal, and then says how fast the run went: `sessionSeconds` of
    /// the result, simulated, per second (at most that when `configuration`'s users
    /// draw their session lengths, which the cap bounds).
    static func withProgress<Result>(
        io: some CommandIO, workers: Int, configuration: SimulationConfiguration, sessionSeconds: (Result) -> Double,
        _ body: (_ progress: (@Sendable (_ completed: Int, _ total: Int) -> Void)?) async -> Result
    ) async -> Result {
        guard io.isErrorTerminal else { return await body(nil) }
        let clock = ContinuousClock()
        let start = clock.now
        let result = await ProgressBar.drawn(on: io, body)
        let elapsed = (clock.now - start).inSeconds
        let simulated = sessionSeconds(result)
        let rate = elapsed > 0 ? simulated / elapsed : 0
        // With a users file's session lengths, the sessions are shorter than the cap.
        let upTo = configuration.user.sessionLength == nil ? "" : "up to "
        io.writeError("simulated \(upTo)\(NumberFormatting.integer(Int(simulated.rounded()))) session-seconds in "
            + "\(NumberFormatting.decimal(elapsed, digits: 2)) s on \(workers) workers: "
            + "\(upTo)\(NumberFormatting.integer(Int(rate.rounded()))) session-seconds per second\n")
        return result
    }

    /// The feed or users file at `path`, or `nil` after saying on standard error, after
    /// the name of the subcommand that read it, what is wrong with it:
    /// `impressions simulate: feed.json: sections[3].height: must be positive, got -4`.
    static func readJSONFile<Value>(_ path: String, maximumBytes: Int, decode: (Data) throws(FileFormatError) -> Value,
                                    subcommand: String = "simulate", io: some CommandIO) -> Value? {
        do throws(FileAccessError) {
            let bytes = try FileAccess.read(path, maximumBytes: maximumBytes)
            do throws(FileFormatError) {
                return try decode(bytes)
            } catch {
                io.writeError("impressions \(subcommand): \(path): \(error)\n")
            }
        } catch {
            io.writeError("impressions \(subcommand): \(error)\n")
        }
        return nil
    }

    /// The largest feed file read: room for the most a feed holds, a million sections and
    /// five million cells, each cell written out at about 50 bytes.
    static let maximumFeedFileBytes = 256 << 20
    /// The largest users file read: a users file is a few dozen numbers.
    static let maximumUsersFileBytes = 1 << 20

    /// Writes session `i` of `sessions` to `directory/session-00000i.jsonl`.
    private static func writeTraces(of simulation: Simulation, sessions: Range<Int>, to directory: String,
                                    arguments: [String]) throws(FileAccessError) {
        try FileAccess.createDirectory(directory)
        let run = "impressions simulate " + arguments.joined(separator: " ")
        for index in sessions {
            let trace = simulation.runner.trace(of: simulation.session(at: index), source: "\(run), session \(index)",
                                                name: simulation.sessionName(at: index))
            let number = String(index)
            let name = "session-" + String(repeating: "0", count: max(0, 6 - number.count)) + number + ".jsonl"
            try FileAccess.write(trace.encoded(), to: directory + "/" + name)
        }
    }
}
