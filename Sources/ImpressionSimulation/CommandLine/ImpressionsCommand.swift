import Foundation

/// The `impressions` command: reads the arguments, runs the subcommand, and returns the
/// exit status (0 success, 1 failure, 2 bad usage). The executable is a thin shell
/// around ``run(arguments:io:)``, so tests run the whole command in process.
package enum ImpressionsCommand {
    /// Runs the command with `arguments` (without the program name).
    package static func run(arguments: [String], io: some CommandIO) async -> Int32 {
        guard let subcommand = arguments.first else {
            io.writeError(HelpText.tool)
            return CommandLineError.exitStatus
        }
        let rest = Array(arguments.dropFirst())
        switch subcommand {
        case "-h", "--help":
            io.writeOutput(HelpText.tool)
            return 0
        case "help":
            switch rest.first {
            case nil:
                io.writeOutput(HelpText.tool)
                return 0
            case "simulate":
                io.writeOutput(HelpText.simulate)
                return 0
            case "replay":
                io.writeOutput(HelpText.replay)
                return 0
            case "merge":
                io.writeOutput(HelpText.merge)
                return 0
            case let other?:
                return usageError(CommandLineError(subcommand: nil, "unknown subcommand '\(other)'"), io: io)
            }
        case "simulate":
            do throws(CommandLineError) {
                let options = try SimulateOptions.parse(rest)
                if options.help {
                    io.writeOutput(HelpText.simulate)
                    return 0
                }
                return await simulate(options, io: io)
            } catch {
                return usageError(error, io: io)
            }
        case "replay":
            do throws(CommandLineError) {
                let options = try ReplayOptions.parse(rest)
                if options.help {
                    io.writeOutput(HelpText.replay)
                    return 0
                }
                return replay(options, io: io)
            } catch {
                return usageError(error, io: io)
            }
        case "merge":
            if rest.contains(where: { $0 == "--help" || $0 == "-h" }) {
                io.writeOutput(HelpText.merge)
                return 0
            }
            if let flag = rest.first(where: { $0.hasPrefix("-") }) {
                return usageError(CommandLineError(subcommand: "merge", "unknown option '\(flag)'"), io: io)
            }
            guard !rest.isEmpty else {
                return usageError(CommandLineError(subcommand: "merge", "missing the shard summaries to merge"), io: io)
            }
            return merge(paths: rest, io: io)
        default:
            let message = subcommand.hasPrefix("-") ? "unknown option '\(subcommand)'" : "unknown subcommand '\(subcommand)'"
            return usageError(CommandLineError(subcommand: nil, message), io: io)
        }
    }

    private static func usageError(_ error: CommandLineError, io: some CommandIO) -> Int32 {
        io.writeError("\(error)\n\(error.usageHint)\n")
        return CommandLineError.exitStatus
    }

    private static func simulate(_ options: SimulateOptions, io: some CommandIO) async -> Int32 {
        let simulation: Simulation
        do throws(SimulationError) {
            simulation = try Simulation(configuration: options.configuration)
        } catch {
            io.writeError("impressions simulate: \(error)\n")
            return 1
        }
        let workers = options.workers ?? Simulation.defaultWorkerCount
        let sessions = options.shard?.sessions(of: options.sessions) ?? 0..<options.sessions
        let clock = ContinuousClock()
        let start = clock.now
        let tally: SimulationTally
        if io.isErrorTerminal {
            let bar = ProgressBar(io: io)
            tally = await simulation.tally(sessions: sessions, workers: workers) { completed, total in
                bar.update(completed: completed, total: total)
            }
            bar.clear()
            let elapsed = (clock.now - start).inSeconds
            let sessionSeconds = Double(tally.sessions) * options.sessionDuration.inSeconds
            let rate = elapsed > 0 ? sessionSeconds / elapsed : 0
            io.writeError("simulated \(NumberFormatting.integer(Int(sessionSeconds.rounded()))) session-seconds in "
                + "\(NumberFormatting.decimal(elapsed, digits: 2)) s on \(workers) workers: "
                + "\(NumberFormatting.integer(Int(rate.rounded()))) session-seconds per second\n")
        } else {
            tally = await simulation.tally(sessions: sessions, workers: workers)
        }
        let report = simulation.report(from: tally)
        do throws(FileAccessError) {
            if let directory = options.traceDirectory {
                try writeTraces(of: simulation, sessions: sessions, to: directory, arguments: options.canonicalArguments)
            }
            if let path = options.timelinePath, let first = sessions.first {
                let trace = simulation.runner.trace(of: simulation.session(at: first))
                let title = "Timeline of impressions simulate --seed \(options.seed), session \(first)"
                try FileAccess.write(timelineSVG(of: trace, policy: simulation.configuration.policies[0], title: title), to: path)
            }
        } catch {
            io.writeError("impressions simulate: \(error)\n")
            return 1
        }
        if let shard = options.shard {
            io.writeOutput(ShardSummary.json(report: report, tally: tally, shard: shard, arguments: options.canonicalArguments))
            return 0
        }
        io.writeOutput(options.json ? report.json() : report.table())
        return 0
    }

    /// Writes session `i` of `sessions` to `directory/session-00000i.jsonl`.
    private static func writeTraces(of simulation: Simulation, sessions: Range<Int>, to directory: String,
                                    arguments: [String]) throws(FileAccessError) {
        try FileAccess.createDirectory(directory)
        let run = "impressions simulate " + arguments.joined(separator: " ")
        for index in sessions {
            let trace = simulation.runner.trace(of: simulation.session(at: index), source: "\(run), session \(index)")
            let number = String(index)
            let name = "session-" + String(repeating: "0", count: max(0, 6 - number.count)) + number + ".jsonl"
            try FileAccess.write(trace.encoded(), to: directory + "/" + name)
        }
    }

    /// The timeline of `trace` under `policy`.
    static func timelineSVG(of trace: Trace, policy: NamedPolicy, title: String, maximumRows: Int = 40) -> String {
        guard var replayer = try? TraceReplayer(policies: [policy], sampleInterval: trace.header.sampleInterval,
                                                recordsTimeline: true) else { return "" }
        for (offset, input) in trace.inputs.enumerated() { try? replayer.apply(input, lineNumber: offset + 2) }
        replayer.advance(to: trace.end ?? trace.inputs.last?.time ?? .zero)
        return replayer.timeline?.svg(title: title, maximumRows: maximumRows) ?? ""
    }

    /// `impressions merge`: the shards' summaries as the whole run's JSON.
    private static func merge(paths: [String], io: some CommandIO) -> Int32 {
        var files: [(name: String, data: Data)] = []
        do throws(FileAccessError) {
            for path in paths { files.append((path, try FileAccess.read(path, maximumBytes: 1 << 30))) }
        } catch {
            io.writeError("impressions merge: \(error)\n")
            return 1
        }
        do throws(ShardMergeError) {
            io.writeOutput(try ShardSummary.merge(files))
            return 0
        } catch {
            io.writeError("impressions merge: \(error)\n")
            return 1
        }
    }
}
