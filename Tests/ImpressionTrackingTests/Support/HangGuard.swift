import Testing

extension Trait where Self == TimeLimitTrait {
    /// A time limit that only catches hangs, so load alone can never trip it. It counts wall
    /// time from the test case's start, and an async test case that starts early shares the
    /// two cores with the rest of the run: under Thread Sanitizer on a loaded 2-core machine
    /// a 30-session chunk through the actor can take most of the whole run's length. So the
    /// limit is well past a whole run, yet a hang still fails, naming the test, long before
    /// CI's own 90-minute limit.
    static var catchesHangs: Self { .timeLimit(.minutes(45)) }
}
