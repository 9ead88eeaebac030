@testable import ImpressionTracking

extension ImpressionEngine: SessionDriver {
    mutating func rewind(to time: Duration) -> [Impression<ID>] {
        advance(to: time)
    }

    mutating func perform(_ input: EngineInput<ID>) -> Bool {
        error(applying: input) == nil
    }

    /// Applies an input; the error it was rejected with, or `nil` when it was accepted.
    mutating func error(applying input: EngineInput<ID>) -> InputError? {
        do throws(InputError) {
            try apply(input)
            return nil
        } catch {
            return error
        }
    }
}

extension ImpressionEngine: EventSessionDriver {}
