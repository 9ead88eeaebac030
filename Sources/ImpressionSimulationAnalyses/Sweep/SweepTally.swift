import ImpressionSimulationCore

/// Impressions per policy over a run of consecutive sessions: all a sweep keeps, so 200
/// definitions cost 200 counters, not 200 simulation reports. Tallies of consecutive
/// runs append in order.
package struct SweepTally: Sendable, Hashable {
    /// The sessions counted.
    package private(set) var sessions = 0
    /// Per policy, the impressions of every session.
    package private(set) var impressions: [Int]
    /// Per policy, the sessions with at least one impression.
    package private(set) var sessionsWithImpressions: [Int]
    /// Over recorded traces: what they read; `nil` over simulated sessions.
    package var recorded: RecordedSessions?

    /// No sessions yet, for `policyCount` policies.
    package init(policyCount: Int) {
        impressions = Array(repeating: 0, count: policyCount)
        sessionsWithImpressions = Array(repeating: 0, count: policyCount)
    }

    /// Adds one session's impressions per policy.
    package mutating func add(session counts: [Int]) {
        sessions += 1
        for (policy, count) in zip(impressions.indices, counts) {
            impressions[policy] += count
            if count > 0 { sessionsWithImpressions[policy] += 1 }
        }
    }

    /// Appends the tally of the sessions that follow these.
    package mutating func append(_ next: SweepTally) {
        sessions += next.sessions
        if let nextRecorded = next.recorded { recorded?.append(nextRecorded) }
        for policy in impressions.indices where policy < next.impressions.count {
            impressions[policy] += next.impressions[policy]
            sessionsWithImpressions[policy] += next.sessionsWithImpressions[policy]
        }
    }
}

extension SweepTally: RecordedTally {}
