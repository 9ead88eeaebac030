import ImpressionTracking

/// Each session's impressions, by policy and kind of section, in session order: what a
/// paired comparison of two runs on the same sessions resamples (``PairedBootstrap``).
///
/// Kept only when asked for (``Simulation/tally(sessions:workers:keepingSessionCounts:progress:)``):
/// a single run needs sums, not one count per session. A count is stored in 32 bits
/// (clamped; a session of a day makes far fewer impressions than that). A shard summary
/// of an A/B comparison writes them as JSON numbers: one per session, policy and kind
/// (``SectionKind/allCases``) in each arm, some 2 bytes each, so about 13 bytes per
/// session and policy in each arm (measured: 15 kB for 200 sessions of 3 policies on
/// two feeds); thousands of sessions make a few hundred kB.
package struct SessionCounts: Sendable, Hashable {
    /// The number of policies counted.
    package let policyCount: Int
    /// At `policy * kindCount + kind`, one count per session.
    private var counts: [[Int32]]
    /// Per policy, one count per session of the impressions of sections of no kind (a
    /// recorded trace's sections outside the feed); all zeros in a simulation.
    private var kindless: [[Int32]]
    private static let kindCount = SectionKind.allCases.count

    /// No sessions yet, for `policyCount` policies.
    package init(policyCount: Int) {
        self.policyCount = policyCount
        counts = Array(repeating: [], count: policyCount * Self.kindCount)
        kindless = Array(repeating: [], count: policyCount)
    }

    /// Counts read back from ``columns``; `nil` unless there is one column per policy and
    /// kind, each of `sessions` counts from 0 to `Int32.max`.
    package init?(policyCount: Int, sessions: Int, columns: [[Int]]) {
        guard policyCount >= 0, columns.count == policyCount * Self.kindCount,
              columns.allSatisfy({ column in column.count == sessions && column.allSatisfy { (0...Int(Int32.max)).contains($0) } })
        else { return nil }
        self.policyCount = policyCount
        counts = columns.map { $0.map { Int32($0) } }
        kindless = Array(repeating: Array(repeating: 0, count: sessions), count: policyCount)
    }

    /// The counts as kept: at `policy * kindCount + kind` (the kind's index in
    /// `SectionKind.allCases`), one count per session.
    package var columns: [[Int]] { counts.map { $0.map(Int.init) } }

    /// Per policy, one count per session of the impressions of sections of no kind.
    package var kindlessColumns: [[Int]] { kindless.map { $0.map(Int.init) } }

    /// Sets the counts of sections of no kind, as ``kindlessColumns`` gave them; `false`
    /// unless there is one column per policy of one count per session, each within `Int32`.
    package mutating func setKindless(_ columns: [[Int]]) -> Bool {
        guard columns.count == policyCount,
              columns.allSatisfy({ column in column.count == sessions && column.allSatisfy { (0...Int(Int32.max)).contains($0) } })
        else { return false }
        kindless = columns.map { $0.map { Int32($0) } }
        return true
    }

    /// The sessions counted.
    package var sessions: Int { counts.first?.count ?? 0 }

    /// Adds one session: its impressions under each policy, by the kind of their section
    /// (`kindOfSection` maps a feed position to its index in `SectionKind.allCases`).
    mutating func add(_ outcome: SessionOutcome, kindOfSection: [Int32]) {
        var byKind = [Int](repeating: 0, count: Self.kindCount)
        for policy in 0..<policyCount {
            for kind in byKind.indices { byKind[kind] = 0 }
            var withoutKind = 0
            if policy < outcome.impressions.count {
                for impression in outcome.impressions[policy] {
                    if kindOfSection.indices.contains(impression.sectionID) {
                        byKind[Int(kindOfSection[impression.sectionID])] += 1
                    } else {
                        withoutKind += 1
                    }
                }
            }
            for kind in byKind.indices { counts[policy * Self.kindCount + kind].append(Int32(clamping: byKind[kind])) }
            kindless[policy].append(Int32(clamping: withoutKind))
        }
    }

    /// Appends the counts of the sessions that follow these.
    mutating func append(_ next: SessionCounts) {
        for index in counts.indices where index < next.counts.count { counts[index] += next.counts[index] }
        for index in kindless.indices where index < next.kindless.count { kindless[index] += next.kindless[index] }
    }

    /// Each session's impressions under `policy` of sections of `kind`, or of every kind
    /// when `kind` is `nil`; empty for a policy out of range.
    package func perSession(policy: Int, kind: SectionKind?) -> [Int] {
        guard (0..<policyCount).contains(policy) else { return [] }
        let base = policy * Self.kindCount
        if let kind, let kindIndex = SectionKind.allCases.firstIndex(of: kind) {
            return counts[base + kindIndex].map(Int.init)
        }
        var total = kindless[policy].map(Int.init)
        for kindIndex in 0..<Self.kindCount {
            for (session, count) in counts[base + kindIndex].enumerated() { total[session] += Int(count) }
        }
        return total
    }
}
