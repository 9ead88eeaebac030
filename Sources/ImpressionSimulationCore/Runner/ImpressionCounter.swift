import ImpressionTracking

/// The runner's engine when only the number of impressions per policy is wanted (a
/// sweep): no exit events, stays or rendered sections are collected, so a grid of
/// hundreds of definitions pays for the engine and little else.
struct ImpressionCounter: SessionInputSink {
    /// `nil` without policies.
    var engine: ImpressionEngine<Int>?
    /// Per policy, the impressions so far.
    private(set) var counts: [Int]

    init(engine: ImpressionEngine<Int>?) {
        self.engine = engine
        counts = Array(repeating: 0, count: engine?.policyCount ?? 0)
    }

    var keepsEveryFrame: Bool { false }

    mutating func advance(to time: Duration, showing layout: FeedLayout, in viewport: Rect) {
        guard var engine else { return }
        // Out of the optional while it advances: uniquely referenced, so its buffers are
        // not copied, as advancing through `engine?` would copy them.
        self.engine = nil
        let fired = engine.advance(to: time)
        self.engine = engine
        for impression in fired { counts[impression.policy] += 1 }
    }

    mutating func apply(_ input: EngineInput<Int>, at time: Duration) {
        // A refused input changes nothing; SessionRunner.run counts them, a sweep does not.
        try? engine?.apply(input)
    }

    mutating func reject() {}
    mutating func endEvent() {}
}
