extension MultiPolicyEngine {
    // MARK: - Time

    /// Evaluates every sample due at or before `time` under every policy, and returns the
    /// impressions they completed, tagged with their policy: in time order, then policy
    /// order, then as ``ImpressionEngine/advance(to:)`` orders one policy's.
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    public mutating func advance(to time: Duration) -> [PolicyImpression<ID>] {
        guard evaluateDueSamples(through: time, recordingVisibility: false) else { return [] }
        var perPolicy: [[Impression<ID>]] = []
        perPolicy.reserveCapacity(lanes.count)
        for lane in lanes.indices { perPolicy.append(lanes[lane].laneImpressions()) }
        // Closures, not key paths: a generic key path is instantiated at run time on every call.
        return Self.merged(perPolicy, time: { $0.time }) { PolicyImpression(policy: $0, impression: $1) }
    }

    /// Like ``advance(to:)``, and also reports entries and exits under each policy; see
    /// ``ImpressionEngine/advanceWithEvents(to:)``.
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    public mutating func advanceWithEvents(to time: Duration) -> [PolicyEvent<ID>] {
        guard evaluateDueSamples(through: time, recordingVisibility: true) else { return [] }
        var perPolicy: [[VisibilityEvent<ID>]] = []
        perPolicy.reserveCapacity(lanes.count)
        for lane in lanes.indices { perPolicy.append(lanes[lane].laneEvents()) }
        return Self.merged(perPolicy, time: { $0.time }) { PolicyEvent(policy: $0, event: $1) }
    }

    /// The time of the next sample that can report anything under some policy if no
    /// input arrives; see ``ImpressionEngine/nextEventTime``.
    public var nextEventTime: Duration? {
        guard configurationError == nil else { return nil }
        var earliest: Duration?
        for lane in lanes.indices {
            if let time = lanes[lane].nextEventTime, earliest.map({ time < $0 }) ?? true { earliest = time }
        }
        return earliest
    }

    /// Measures the sections near the viewport once for every policy, then evaluates each
    /// policy's due samples from those ratios; returns whether any policy recorded anything.
    private mutating func evaluateDueSamples(through time: Duration, recordingVisibility: Bool) -> Bool {
        guard configurationError == nil else { return false }
        // One policy: nothing to share, so its lane measures as a lone engine does.
        if lanes.count == 1 { return lanes[0].evaluateDueSamples(through: time, recordingVisibility: recordingVisibility) }
        measure(forSamplesThrough: time)
        var recorded = false
        for lane in lanes.indices {
            if lanes[lane].evaluateDueSamples(through: time, recordingVisibility: recordingVisibility,
                                              measured: measured, column: columnOfLane[lane]) {
                recorded = true
            }
        }
        return recorded
    }

    /// Fills `measured` with the sections near the viewport and their ratios under each
    /// way of measuring, when a sample is due and the screen shows something; empties it
    /// otherwise. Every lane has had the same inputs, so lane 0 says for all.
    private mutating func measure(forSamplesThrough time: Duration) {
        measured.candidates.removeAll(keepingCapacity: true)
        measured.ratios.removeAll(keepingCapacity: true)
        let (lastDue, dueScreen) = lanes[0].dueSamples(through: time)
        measured.lastDueSample = lastDue
        measured.screenShows = dueScreen != nil
        guard let screen = dueScreen else { return }
        lanes[0].collectCandidates(on: screen, into: &measured.candidates)
        measured.ratios.append(contentsOf: repeatElement(.nan, count: measured.candidates.count &* measured.stride))
        for column in leadLaneOfColumn.indices {
            lanes[leadLaneOfColumn[column]].measure(on: screen, column: column, into: &measured, with: &measurer)
        }
    }

    /// Merges per-policy lists, each in time order, into one in time order, then policy
    /// order, each list's own order kept.
    private static func merged<Value, Tagged>(_ perPolicy: [[Value]], time: (Value) -> Duration,
                                              tag: (Int, Value) -> Tagged) -> [Tagged] {
        if perPolicy.count == 1 { return perPolicy[0].map { tag(0, $0) } }
        var result: [Tagged] = []
        result.reserveCapacity(perPolicy.reduce(0) { $0 + $1.count })
        // Usually everything is at one sample: then policy order is the order.
        var earliest: Duration?
        var latest: Duration?
        for values in perPolicy {
            guard let first = values.first, let last = values.last else { continue }
            if earliest.map({ time(first) < $0 }) ?? true { earliest = time(first) }
            if latest.map({ time(last) > $0 }) ?? true { latest = time(last) }
        }
        if earliest == latest {
            for policy in perPolicy.indices {
                for value in perPolicy[policy] { result.append(tag(policy, value)) }
            }
            return result
        }
        var next = Array(repeating: 0, count: perPolicy.count)
        while true {
            var best: Int?
            for policy in perPolicy.indices where next[policy] < perPolicy[policy].count {
                // Strictly earlier only: on a tie, the lower policy index goes first.
                if let current = best {
                    if time(perPolicy[policy][next[policy]]) < time(perPolicy[current][next[current]]) { best = policy }
                } else {
                    best = policy
                }
            }
            guard let policy = best else { return result }
            result.append(tag(policy, perPolicy[policy][next[policy]]))
            next[policy] += 1
        }
    }
}
