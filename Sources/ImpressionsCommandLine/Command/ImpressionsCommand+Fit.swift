import ImpressionSimulation
import ImpressionTracking

extension ImpressionsCommand {
    /// `impressions fit`: the user model the traces suggest, as a users file on standard
    /// output; what each parameter rests on, on standard error. A bad line stops it with
    /// status 1 and nothing on standard output (unless `--keep-going`), as `replay` does.
    static func fit(_ options: FitOptions, io: some CommandIO) -> Int32 {
        var fit = UserModelFit()
        var skipped = 0
        var seconds = 0.0
        let bar = io.isErrorTerminal && options.paths.count > 1 ? ProgressBar(io: io) : nil
        for (index, path) in options.paths.enumerated() {
            // A trace that fails half way must not leave half its turns in the fit.
            var traceFit = UserModelFit()
            let read = TraceFile.read(path, limits: options.limits, keepGoing: options.keepGoing, io: io) { line, _ in
                if case .input(let input) = line { traceFit.observe(input) }
            }
            switch read {
            case .success(let trace):
                traceFit.endTrace(at: trace.end)
                fit.append(traceFit)
                skipped += trace.skipped.count
                seconds += trace.end.inSeconds
                if !trace.skipped.isEmpty { io.writeError("impressions fit: \(trace.name): " + trace.skippedSummary) }
            case .failure(let failure):
                bar?.clear()
                io.writeError("impressions fit: \(failure.message)\n")
                return 1
            }
            bar?.update(completed: index + 1, total: options.paths.count)
        }
        bar?.clear()
        let fitted: FittedUserModel
        do throws(FitError) {
            fitted = try fit.estimate()
        } catch {
            io.writeError("impressions fit: \(error)\n")
            return 1
        }
        let traces = "\(NumberFormatting.integer(fit.traceCount)) trace\(fit.traceCount == 1 ? "" : "s")"
        let source = "impressions fit, \(traces), \(NumberFormatting.decimal(seconds / 60, digits: 1)) minutes"
        io.writeOutput(UserFile.encode(fitted.model, source: source))
        var summary = "fitted \(traces) (\(NumberFormatting.decimal(seconds / 60, digits: 1)) minutes"
            + (skipped > 0 ? ", \(NumberFormatting.integer(skipped)) bad lines skipped" : "") + "):\n"
        let width = fitted.notes.map(\.key.count).max() ?? 0
        for note in fitted.notes {
            summary += "  " + note.key + String(repeating: " ", count: width - note.key.count) + "  " + note.basis + "\n"
        }
        io.writeError(summary)
        return 0
    }
}
