import ImpressionSimulationFormats
import ImpressionTracking

/// What drives one engine through timed inputs, in time order, and the step each input
/// takes (``drive(_:lineNumber:refusal:)``): the engine is advanced to the input's time,
/// unless the input comes before sample 0 (at time zero, without `afterSample`), then
/// given the input; an input the engine refuses becomes a ``TraceError`` naming its line,
/// and leaves the engine as it was.
///
/// ``TraceReplayer``, the audit's replayer and the replay of a recorded session in a
/// simulation take this one step. Each says what advancing means to it (what it records
/// or counts at the samples on the way), how the engine is given an input, and what its
/// refusal reads; what it does with an input the engine took, it does after the step.
///
/// ```swift
/// try drive(input, lineNumber: number, refusal: { "the engine refused the input: \($0)" })
/// ```
package protocol TimedInputDriver {
    /// The ids of the engine's sections.
    associatedtype SectionID: Hashable & Sendable

    /// Advances the engine to `time`, and whatever watches it on the way.
    mutating func advance(to time: Duration)

    /// Gives the engine `input`.
    ///
    /// - Throws: the engine's ``InputError``; the engine is as it was then.
    mutating func applyToEngine(_ input: EngineInput<SectionID>) throws(InputError)
}

extension TimedInputDriver {
    /// Advances to `input.time` unless the input comes before sample 0 (its
    /// `advancesFirst`), then gives the engine the input.
    ///
    /// - Parameter refusal: the message of the ``TraceError`` for the engine's refusal:
    ///   each driver words its own.
    /// - Throws: ``TraceError`` on line `lineNumber` when the engine refuses the input;
    ///   the engine has been advanced then, but is as it was before the input.
    package mutating func drive(_ input: TimedInput<SectionID>, lineNumber: Int,
                                refusal: (InputError) -> String) throws(TraceError) {
        if input.advancesFirst { advance(to: input.time) }
        do throws(InputError) {
            try applyToEngine(input.input)
        } catch {
            throw TraceError(line: lineNumber, refusal(error))
        }
    }
}
