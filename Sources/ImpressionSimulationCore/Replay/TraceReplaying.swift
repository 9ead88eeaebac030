import ImpressionSimulationFormats
import ImpressionTracking

/// What drives engines through a trace: its timed inputs in time order, each applied
/// after the engines are advanced to its time, then the session's end.
/// ``TraceReplayer`` and the audit's replayer are driven so, whether by a whole ``Trace``
/// (``replay(_:skippingRefused:)``) or by a trace file read line by line.
package protocol TraceReplaying {
    /// Advances to `input.time` and applies `input`.
    ///
    /// - Throws: ``TraceError`` on line `lineNumber` when the engines refuse it.
    mutating func apply(_ input: TimedInput<String>, lineNumber: Int) throws(TraceError)
    /// Advances to the end of the session.
    mutating func finish(at end: Duration)
}

extension TraceReplaying {
    /// Replays every input of `trace`, then finishes at its end: its `end` line, else its
    /// last input's time.
    ///
    /// - Parameter skippingRefused: go on past an input the engines refuse, as if the
    ///   trace did not hold it, instead of stopping there; nothing is thrown then.
    /// - Throws: ``TraceError`` naming the line of the first input the engines refuse;
    ///   the replay is not finished then.
    package mutating func replay(_ trace: Trace, skippingRefused: Bool = false) throws(TraceError) {
        for (offset, input) in trace.inputs.enumerated() {
            do throws(TraceError) {
                // Line numbers as in the trace's text: the header is line 1.
                try apply(input, lineNumber: offset + 2)
            } catch {
                if !skippingRefused { throw error }
            }
        }
        finish(at: trace.end ?? trace.inputs.last?.time ?? .zero)
    }
}
