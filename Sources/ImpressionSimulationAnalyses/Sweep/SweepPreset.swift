import ImpressionSimulationCore

/// A preset shown beside a sweep: on the grid when it falls on a cell, else listed on its
/// own, with the count it gave on the same sessions.
package struct SweepPreset: Sendable, Hashable {
    /// The preset.
    package var policy: NamedPolicy
    /// The cell it falls on (same measure, ratio and duration), or `nil`.
    package var cell: Int?
    /// Whether its policy is exactly its cell's (no other knob differs), so its count is
    /// the cell's. A preset on a cell that differs in another knob (recurrence, say) is
    /// evaluated on its own too, and its count may differ from the cell's.
    package var isCellPolicy: Bool
    /// The impressions it gave over every session.
    package var impressions: Int
    /// The sessions in which it gave at least one.
    package var sessionsWithImpressions: Int
    /// ``impressions`` divided by the number of sessions; 0 without sessions.
    package var impressionsPerSession: Double

    /// Creates an entry; ``Sweep`` makes them.
    package init(policy: NamedPolicy, cell: Int?, isCellPolicy: Bool, impressions: Int,
                 sessionsWithImpressions: Int, impressionsPerSession: Double) {
        self.policy = policy
        self.cell = cell
        self.isCellPolicy = isCellPolicy
        self.impressions = impressions
        self.sessionsWithImpressions = sessionsWithImpressions
        self.impressionsPerSession = impressionsPerSession
    }
}
