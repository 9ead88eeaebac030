/// How many policies the counting loop is compiled for: one, or as many as the engine
/// has. The loop is written once, generic over it, and in the copy made for
/// ``CountOfOne`` the compiler folds the loops over policies and ways of measuring away,
/// rather than running them once.
///
/// The same trick as ``SignalMode``: a constant the compiler sees, not a second loop.
protocol LoopCount {
    /// Whether the count is one, known when the loop is compiled.
    static var isOne: Bool { get }
}

/// One policy, known when the loop is compiled.
enum CountOfOne: LoopCount {
    @inline(__always) static var isOne: Bool { true }
}

/// The engine's count of policies, read when the loop runs.
enum CountAtRunTime: LoopCount {
    @inline(__always) static var isOne: Bool { false }
}
