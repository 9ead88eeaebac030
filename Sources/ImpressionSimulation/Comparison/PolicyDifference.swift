/// One policy's impressions per session on layout B against layout A, on the same
/// sessions: in total, and by kind of section.
public struct PolicyDifference: Sendable, Hashable {
    /// The policy.
    public var policy: NamedPolicy
    /// Its impressions per session, of every kind.
    public var impressions: PairedComparison
    /// Its impressions per session of each kind either feed has.
    public var byKind: [SectionKind: PairedComparison]

    /// Creates a difference; ``LayoutComparison`` makes them.
    public init(policy: NamedPolicy, impressions: PairedComparison, byKind: [SectionKind: PairedComparison]) {
        self.policy = policy
        self.impressions = impressions
        self.byKind = byKind
    }
}
