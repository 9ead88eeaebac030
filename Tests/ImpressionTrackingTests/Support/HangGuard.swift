import Testing

extension Trait where Self == TimeLimitTrait {
    /// A time limit that only catches hangs: far beyond what any test needs on a loaded
    /// 2-core machine under Thread Sanitizer, so load alone can never trip it. Tests wait
    /// on events they control, never on how fast the machine runs them.
    static var catchesHangs: Self { .timeLimit(.minutes(10)) }
}
