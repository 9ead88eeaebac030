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
        for lane in lanes.indices { perPolicy.append(lanes[lane].recordedImpressions()) }
        return Self.merged(perPolicy, time: \.time) { PolicyImpression(policy: $0, impression: $1) }
    }

    /// Like ``advance(to:)``, and also reports entries and exits under each policy; see
    /// ``ImpressionEngine/advanceWithEvents(to:)``.
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    public mutating func advanceWithEvents(to time: Duration) -> [PolicyEvent<ID>] {
        guard evaluateDueSamples(through: time, recordingVisibility: true) else { return [] }
        var perPolicy: [[VisibilityEvent<ID>]] = []
        perPolicy.reserveCapacity(lanes.count)
        for lane in lanes.indices { perPolicy.append(lanes[lane].recordedEvents()) }
        return Self.merged(perPolicy, time: \.time) { PolicyEvent(policy: $0, event: $1) }
    }

    /// The time of the next sample that can report anything under some policy if no
    /// input arrives; see ``ImpressionEngine/nextEventTime``.
    public var nextEventTime: Duration? {
        guard configurationError == nil else { return nil }
        return lanes.lazy.compactMap(\.nextEventTime).min()
    }

    /// Measures the sections near the viewport once for every policy, then evaluates each
    /// policy's due samples from those ratios; returns whether any policy recorded anything.
    private mutating func evaluateDueSamples(through time: Duration, recordingVisibility: Bool) -> Bool {
        guard configurationError == nil else { return false }
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
        guard lanes[0].lastSample(atOrBefore: time) >= lanes[0].nextSample, lanes[0].isActive,
              let screen = lanes[0].screen else { return }
        lanes[0].layout.geometry.index.collect(intersecting: screen.effectiveViewport, into: &measured.candidates)
        let stride = measured.stride
        if stride == 1 {
            let geometry = lanes[0].layout.geometry
            for slot in measured.candidates {
                measured.ratios.append(measurer.ratio(ofSlot: Int(slot), in: geometry, on: screen) ?? .nan)
            }
            return
        }
        measured.ratios.append(contentsOf: repeatElement(.nan, count: measured.candidates.count * stride))
        for column in 0..<stride {
            let geometry = lanes[leadLaneOfColumn[column]].layout.geometry
            for index in measured.candidates.indices {
                let slot = Int(measured.candidates[index])
                measured.ratios[index * stride + column] = measurer.ratio(ofSlot: slot, in: geometry, on: screen) ?? .nan
            }
        }
    }

    /// Merges per-policy lists, each in time order, into one in time order, then policy
    /// order, each list's own order kept.
    private static func merged<Value, Tagged>(_ perPolicy: [[Value]], time: (Value) -> Duration,
                                              tag: (Int, Value) -> Tagged) -> [Tagged] {
        var result: [Tagged] = []
        result.reserveCapacity(perPolicy.reduce(0) { $0 + $1.count })
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
