@testable import ImpressionTracking

// The tracker's side of the drivers: the tracker property and stress tests move its
// clock themselves, then apply each step's input with these.
extension ImpressionTracker {
    /// Applies an input inside the actor's isolation, with no suspension; `false` when it
    /// was rejected as bad input.
    func perform(_ input: EngineInput<ID>) -> Bool {
        error(applying: input) == nil
    }

    /// ``perform(_:)``, with the error the input was rejected with, or `nil`.
    func error(applying input: EngineInput<ID>) -> InputError? {
        do throws(InputError) {
            try apply(input)
            return nil
        } catch {
            return error
        }
    }
}
