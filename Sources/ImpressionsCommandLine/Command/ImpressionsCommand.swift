import ImpressionSimulation

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
            guard let name = rest.first else {
                io.writeOutput(HelpText.tool)
                return 0
            }
            guard let help = HelpText.subcommands[name] else {
                return usageError(CommandLineError(subcommand: nil, "unknown subcommand '\(name)'"), io: io)
            }
            io.writeOutput(help)
            return 0
        case "simulate":
            return await run(SimulateOptions.self, rest, help: HelpText.simulate, io: io) { await simulate($0, io: io) }
        case "sweep":
            return await run(SweepOptions.self, rest, help: HelpText.sweep, io: io) { await sweep($0, io: io) }
        case "replay":
            return await run(ReplayOptions.self, rest, help: HelpText.replay, io: io) { replay($0, io: io) }
        case "audit":
            return await run(AuditOptions.self, rest, help: HelpText.audit, io: io) { audit($0, io: io) }
        case "fit":
            return await run(FitOptions.self, rest, help: HelpText.fit, io: io) { fit($0, io: io) }
        case "feed":
            return await run(FeedOptions.self, rest, help: HelpText.feed, io: io) { feed($0, io: io) }
        case "merge":
            return await run(MergeOptions.self, rest, help: HelpText.merge, io: io) { await merge($0, io: io) }
        default:
            let message = subcommand.hasPrefix("-") ? "unknown option '\(subcommand)'" : "unknown subcommand '\(subcommand)'"
            return usageError(CommandLineError(subcommand: nil, message), io: io)
        }
    }

    /// Prints a subcommand's help when its arguments ask for it, else reads its options
    /// and runs it.
    private static func run<Options: SubcommandOptions>(
        _ type: Options.Type, _ arguments: [String], help: String, io: some CommandIO,
        _ body: (Options) async -> Int32
    ) async -> Int32 {
        if ArgumentScanner.asksForHelp(arguments) {
            io.writeOutput(help)
            return 0
        }
        do throws(CommandLineError) {
            let options = try Options.parse(arguments)
            return await body(options)
        } catch {
            return usageError(error, io: io)
        }
    }

    private static func usageError(_ error: CommandLineError, io: some CommandIO) -> Int32 {
        io.writeError("\(error)\n\(error.usageHint)\n")
        return CommandLineError.exitStatus
    }
}
