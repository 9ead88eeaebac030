import ImpressionTracking

/// A session's engine inputs, counted for a sweep that derives durations: the length of
/// every run of visible samples under each of the first `runPolicies` policies (one per
/// ratio), and the impressions of the others.
struct RunLengthCounter: SessionInputSink {
    /// `nil` without policies.
    var engine: ImpressionEngine<Int>?
    /// Per run policy, the visible samples of each run that ended, in the order they ended.
    private(set) var runs: [[Int]]
    /// Per policy, the impressions so far (kept for the policies after the run policies).
    private(set) var impressions: [Int]
    private let runPolicies: Int
    private let sampleInterval: Duration

    init(engine: ImpressionEngine<Int>?, runPolicies: Int, sampleInterval: Duration) {
        self.engine = engine
        self.runPolicies = runPolicies
        self.sampleInterval = sampleInterval
        runs = Array(repeating: [], count: runPolicies)
        impressions = Array(repeating: 0, count: engine?.policyCount ?? 0)
    }

    var keepsEveryFrame: Bool { false }

    mutating func advance(to time: Duration, showing layout: FeedLayout, in viewport: Rect) {
        count(through: time)
    }

    /// Ends the runs still open at the session's end, `duration`, as
    /// ``SessionOutcomeTally`` does: the screen goes away and the sample after the last
    /// one ends them.
    mutating func finish(at duration: Duration) {
        engine?.disappear()
        count(through: duration + sampleInterval)
    }

    /// Advances the engine to `time`, counting the impressions and keeping the run
    /// policies' run lengths.
    private mutating func count(through time: Duration) {
        // Taken out while it advances: uniquely referenced (no copy of its buffers), and
        // the closures below may write to the rest of the counter.
        guard var engine = engine.take() else { return }
        let runPolicies = self.runPolicies
        engine.advance(to: time, impression: { policy, _ in impressions[policy] += 1 },
                       exit: { policy, _, samples, _, _ in if policy < runPolicies { runs[policy].append(samples) } })
        self.engine = engine
    }

    mutating func apply(_ input: EngineInput<Int>, at time: Duration) {
        // A refused input changes nothing; SessionRunner.run counts them, a sweep does not.
        try? engine?.apply(input)
    }

    mutating func reject() {}
    mutating func endEvent() {}
}
