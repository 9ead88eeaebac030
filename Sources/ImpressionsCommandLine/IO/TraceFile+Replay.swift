import ImpressionSimulation
import ImpressionTracking

extension TraceFile {
    /// Reads the trace at `path` and replays it through the replayer `make` builds from
    /// its header: every input, then its end (its `end` line, else its last line's time).
    ///
    /// - Returns: the trace and the replayer, or why they could not be: a message for
    ///   standard error after the command's name.
    static func replay<Replayer: TimedInputDriver<String>>(
        _ path: String, limits: TraceLimits, keepGoing: Bool, io: some CommandIO,
        make: (TraceHeader) throws(SimulationError) -> Replayer
    ) -> Result<(trace: TraceFile, replayer: Replayer, header: TraceHeader), Failure> {
        var replayer: Replayer?
        let read = TraceFile.read(path, limits: limits, keepGoing: keepGoing, io: io) { line, number throws(TraceError) in
            switch line {
            case .header(let header):
                do throws(SimulationError) {
                    replayer = try make(header)
                } catch {
                    throw TraceError(line: number, "\(error)")
                }
            case .input(let input):
                try replayer?.drive(input, lineNumber: number)
            case .end(let time):
                replayer?.finish(at: time)
            case .blank:
                break
            }
        }
        switch read {
        case .failure(let failure):
            return .failure(failure)
        case .success(let trace):
            guard var replayer, let header = trace.header else {
                // Only with --keep-going: the header decoded, but the replayer refused it.
                return .failure(Failure(message: "\(trace.name): no valid header line (\(trace.skippedSummary))"))
            }
            if trace.decoder.end == nil { replayer.finish(at: trace.decoder.latestTime) }
            return .success((trace, replayer, header))
        }
    }
}
