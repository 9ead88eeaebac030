/// Which copy of the counting loop runs: with or without exposure signals, for one policy
/// or for the engine's count of them.
///
/// ``CountingLoop`` is written once, generic over its variant, and each copy is compiled
/// with both answers known, so the copy an engine of one policy without signals runs
/// (most engines) holds neither the loop over policies and ways of measuring nor the
/// signals' code: a constant the compiler folds, not a second loop written by hand.
protocol LoopVariant {
    /// Whether the loop adds up exposure signals.
    static var measuresSignals: Bool { get }
    /// Whether the engine has one policy: one way of measuring, each section measured as
    /// it is counted, with nothing to share between ways.
    static var hasOnePolicy: Bool { get }
}

extension LoopVariant {
    /// The number of policies the loop counts under: 1, known when the loop is compiled,
    /// or `table`'s.
    @inline(__always)
    static func policyCount(of table: CounterTable) -> Int {
        hasOnePolicy ? 1 : table.policyCount
    }

    /// The number of ways of measuring (measure groups) the loop measures in: as
    /// ``policyCount(of:)``.
    @inline(__always)
    static func groupCount(of table: CounterTable) -> Int {
        hasOnePolicy ? 1 : table.groupCount
    }
}

/// The loop of an engine of one policy, without exposure signals.
enum OnePolicy: LoopVariant {
    @inline(__always) static var measuresSignals: Bool { false }
    @inline(__always) static var hasOnePolicy: Bool { true }
}

/// The loop of an engine of one policy, with exposure signals.
enum OnePolicyWithSignals: LoopVariant {
    @inline(__always) static var measuresSignals: Bool { true }
    @inline(__always) static var hasOnePolicy: Bool { true }
}

/// The loop of an engine of several policies, without exposure signals.
enum SeveralPolicies: LoopVariant {
    @inline(__always) static var measuresSignals: Bool { false }
    @inline(__always) static var hasOnePolicy: Bool { false }
}

/// The loop of an engine of several policies, with exposure signals.
enum SeveralPoliciesWithSignals: LoopVariant {
    @inline(__always) static var measuresSignals: Bool { true }
    @inline(__always) static var hasOnePolicy: Bool { false }
}
