// `impressions`: the simulator's command line. Everything but the process exit lives
// in ImpressionsCommandLine's `ImpressionsCommand`, so tests run the command in process.
import ImpressionsCommandLine

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

let status = await ImpressionsCommand.run(arguments: Array(CommandLine.arguments.dropFirst()), io: StandardIO())
exit(status)
