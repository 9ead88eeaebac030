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
        let clock = ContinuousClock()
        let start = clock.now
        let report: SimulationReport
        if io.isErrorTerminal {
            let bar = ProgressBar(io: io)
            report = await simulation.run(workers: workers) { completed, total in
                bar.update(completed: completed, total: total)
            }
            bar.clear()
            let elapsed = (clock.now - start).inSeconds
            let rate = elapsed > 0 ? report.sessionSeconds / elapsed : 0
            io.writeError("simulated \(NumberFormatting.integer(Int(report.sessionSeconds.rounded()))) session-seconds in "
                + "\(NumberFormatting.decimal(elapsed, digits: 2)) s on \(workers) workers: "
                + "\(NumberFormatting.integer(Int(rate.rounded()))) session-seconds per second\n")
        } else {
            report = await simulation.run(workers: workers)
        }
        io.writeOutput(options.json ? report.json() : report.table())
        return 0
    }
}
