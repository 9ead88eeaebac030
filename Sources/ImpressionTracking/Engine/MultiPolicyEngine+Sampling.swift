extension MultiPolicyEngine {
    // MARK: - Time

    /// Evaluates every sample due at or before `time` under every policy, and returns the
    /// impressions they completed, tagged with their policy: in time order, then policy
    /// order, then as ``ImpressionEngine/advance(to:)`` orders one policy's.
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    public mutating func advance(to time: Duration) -> [PolicyImpression<ID>] {
        guard evaluateDueSamples(through: time, recordingVisibility: false) else { return [] }
        var perPolicy: [(policy: Int, values: [Impression<ID>])] = []
        perPolicy.reserveCapacity(recordingLanes.count)
        for lane in recordingLanes { perPolicy.append((lane, lanes[lane].laneImpressions())) }
        // Closures, not key paths: a generic key path is instantiated at run time on every call.
        return Self.merged(perPolicy, time: { $0.time }) { PolicyImpression(policy: $0, impression: $1) }
    }

    /// Like ``advance(to:)``, and also reports entries and exits under each policy; see
    /// ``ImpressionEngine/advanceWithEvents(to:)``.
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    public mutating func advanceWithEvents(to time: Duration) -> [PolicyEvent<ID>] {
        guard evaluateDueSamples(through: time, recordingVisibility: true) else { return [] }
        var perPolicy: [(policy: Int, values: [VisibilityEvent<ID>])] = []
        perPolicy.reserveCapacity(recordingLanes.count)
        for lane in recordingLanes { perPolicy.append((lane, lanes[lane].laneEvents())) }
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
    /// policy's due samples from those ratios; returns whether any policy recorded
    /// anything, and lists those that did in `recordingLanes`.
    private mutating func evaluateDueSamples(through time: Duration, recordingVisibility: Bool) -> Bool {
        recordingLanes.removeAll(keepingCapacity: true)
        guard configurationError == nil else { return false }
        // One policy: nothing to share, so its lane measures as a lone engine does.
        if lanes.count == 1 {
            guard lanes[0].evaluateDueSamples(through: time, recordingVisibility: recordingVisibility) else { return false }
            recordingLanes.append(0)
            return true
        }
        measure(forSamplesThrough: time)
        for lane in lanes.indices {
            if lanes[lane].evaluateDueSamples(through: time, recordingVisibility: recordingVisibility,
                                              measured: measured, column: columnOfLane[lane]) {
                recordingLanes.append(lane)
            }
        }
        return !recordingLanes.isEmpty
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
    /// order, each list's own order kept. `perPolicy` holds only the policies that
    /// reported, ascending, with their indices.
    ///
    /// Round by round: the earliest time among the lists' next values, then every list's
    /// values at that time, in policy order. A sample's reports usually share one or two
    /// times, so this costs the number of values plus a few passes over the lists.
    private static func merged<Value, Tagged>(_ perPolicy: [(policy: Int, values: [Value])], time: (Value) -> Duration,
                                              tag: (Int, Value) -> Tagged) -> [Tagged] {
        var result: [Tagged] = []
        var remaining = perPolicy.reduce(0) { $0 + $1.values.count }
        result.reserveCapacity(remaining)
        var next = Array(repeating: 0, count: perPolicy.count)
        while remaining > 0 {
            var earliest: Duration?
            for list in perPolicy.indices where next[list] < perPolicy[list].values.count {
                let head = time(perPolicy[list].values[next[list]])
                if earliest.map({ head < $0 }) ?? true { earliest = head }
            }
            for list in perPolicy.indices {
                let (policy, values) = perPolicy[list]
                while next[list] < values.count && time(values[next[list]]) == earliest {
                    result.append(tag(policy, values[next[list]]))
                    next[list] += 1
                    remaining -= 1
                }
            }
        }
        return result
    }
}
