@testable import ImpressionTracking

// The multi-policy tracker's side of the drivers, as ``ImpressionTracker``'s: the
// property tests move its clock themselves, then apply each step's input with this.
extension MultiPolicyTracker {
    /// Applies an input inside the actor's isolation, with no suspension; `false` when it
    /// was rejected as bad input.
    func perform(_ input: EngineInput<ID>) -> Bool {
        do throws(InputError) {
            try apply(input)
            return true
        } catch {
            return false
        }
    }
}
