import ImpressionSimulationFormats
import ImpressionTracking

/// What drives one engine through timed inputs, in time order, then to the session's
/// end: one step per input (``drive(_:lineNumber:)``), then ``finish(at:)``.
///
/// The step advances the engine to the input's time, unless the input comes before
/// sample 0 (at time zero, without `afterSample`), then gives the engine the input; an
/// input the engine refuses becomes a ``TraceError`` naming its line, and leaves the
/// engine as it was.
///
/// ``TraceReplayer``, the audit's replayer and the replay of a recorded session in a
/// simulation take this one step, whether from a whole ``Trace``
/// (``replay(_:skippingRefused:)``) or from a trace file read line by line. Each says what
/// advancing means to it (what it records or counts at the samples on the way), what it
/// notes of an input the engine took, and how its refusal reads.
///
/// ```swift
/// for (offset, input) in trace.inputs.enumerated() {
///     try driver.drive(input, lineNumber: offset + 2)   // the header is line 1
/// }
/// driver.finish(at: trace.end ?? trace.inputs.last?.time ?? .zero)
/// ```
package protocol TimedInputDriver<SectionID> {
    /// The ids of the engine's sections.
    associatedtype SectionID: Hashable & Sendable

    /// Advances the engine to `time`, and whatever watches it on the way.
    mutating func advance(to time: Duration)

    /// Gives the engine `input`, then notes it wherever the driver keeps what the engine
    /// took (a player's layout, the section ids seen).
    ///
    /// - Throws: the engine's ``InputError``; the engine, and what the driver keeps, are
    ///   as they were then.
    mutating func applyToEngine(_ input: EngineInput<SectionID>) throws(InputError)

    /// The message of the ``TraceError`` for the engine's refusal of `input`: each
    /// driver words its own.
    func refusalMessage(_ error: InputError, for input: EngineInput<SectionID>) -> String

    /// Advances to the end of the session, `end`, giving the engine first whatever the
    /// driver still holds back.
    mutating func finish(at end: Duration)
}

extension TimedInputDriver {
    /// Advances to `input.time` unless the input comes before sample 0 (its
    /// `advancesFirst`), then gives the engine the input (``applyToEngine(_:)``).
    ///
    /// - Throws: ``TraceError`` on line `lineNumber`, worded by
    ///   ``refusalMessage(_:for:)``, when the engine refuses the input; the engine has
    ///   been advanced then, but is as it was before the input.
    package mutating func drive(_ input: TimedInput<SectionID>, lineNumber: Int) throws(TraceError) {
        if input.advancesFirst { advance(to: input.time) }
        do throws(InputError) {
            try applyToEngine(input.input)
        } catch {
            throw TraceError(line: lineNumber, refusalMessage(error, for: input.input))
        }
    }

    /// Advances to the end of the session: ``advance(to:)``, for a driver that holds
    /// nothing back.
    package mutating func finish(at end: Duration) { advance(to: end) }
}

extension TimedInputDriver where SectionID == String {
    /// Replays every input of `trace`, then finishes at its end: its `end` line, else its
    /// last input's time.
    ///
    /// - Parameter skippingRefused: go on past an input the engine refuses, as if the
    ///   trace did not hold it, instead of stopping there; nothing is thrown then.
    /// - Throws: ``TraceError`` naming the line of the first input the engine refuses;
    ///   the replay is not finished then.
    package mutating func replay(_ trace: Trace, skippingRefused: Bool = false) throws(TraceError) {
        for (offset, input) in trace.inputs.enumerated() {
            do throws(TraceError) {
                // Line numbers as in the trace's text: the header is line 1.
                try drive(input, lineNumber: offset + 2)
            } catch {
                if !skippingRefused { throw error }
            }
        }
        finish(at: trace.end ?? trace.inputs.last?.time ?? .zero)
    }
}
