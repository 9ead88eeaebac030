/// Whether the counting loop of a sample adds up exposure signals, known when the loop is
/// compiled: the loop is written once, generic over its mode, and the copy made for
/// ``WithoutSignals`` (every engine that does not ask for signals) is the loop without
/// them, not one that tests at every section whether to measure them.
protocol SignalMode {
    /// Whether the loop adds up signals.
    static var measures: Bool { get }
}

/// The counting loop of an engine without exposure signals.
enum WithoutSignals: SignalMode {
    @inline(__always) static var measures: Bool { false }
}

/// The counting loop of an engine with exposure signals.
enum WithSignals: SignalMode {
    @inline(__always) static var measures: Bool { true }
}
