/// A count the counting loop is compiled for, when it is known before the loop runs: the
/// loop is written once, generic over it, and the copy made for ``CountOfOne`` has its
/// loops over policies and ways of measuring folded away by the compiler, not run once.
///
/// The same trick as ``SignalMode``: a constant the compiler sees, not a second loop.
protocol LoopCount {
    /// The count, or `nil` when only the engine knows it.
    static var value: Int? { get }
}

/// A count of one, known when the loop is compiled.
enum CountOfOne: LoopCount {
    @inline(__always) static var value: Int? { 1 }
}

/// A count the engine knows, read when the loop runs.
enum CountAtRunTime: LoopCount {
    @inline(__always) static var value: Int? { nil }
}
