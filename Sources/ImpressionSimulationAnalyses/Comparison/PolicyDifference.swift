import ImpressionSimulationCore

/// One policy's impressions per session on layout B against layout A, on the same
/// sessions: in total, and by kind of section.
package struct PolicyDifference: Sendable, Hashable {
    /// The policy.
    package var policy: NamedPolicy
    /// Its impressions per session, of every kind.
    package var impressions: PairedComparison
    /// Its impressions per session of each kind either feed has.
    package var byKind: [SectionKind: PairedComparison]

    /// Creates a difference; ``LayoutComparison`` makes them.
    package init(policy: NamedPolicy, impressions: PairedComparison, byKind: [SectionKind: PairedComparison]) {
        self.policy = policy
        self.impressions = impressions
        self.byKind = byKind
    }
}
