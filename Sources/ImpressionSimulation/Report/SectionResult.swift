/// One section of the feed over a run: where it is, what it is, and its
/// ``SectionViewability`` under each policy; `impressions simulate --sections-out`
/// writes one CSV row per section and policy.
public struct SectionResult: Sendable, Hashable {
    /// The section's id: its position in the feed, from 0.
    public var section: Int
    /// What the section is.
    public var kind: SectionKind
    /// Its counts under each policy, in the order of ``SimulationReport/policies``.
    public var byPolicy: [SectionViewability]

    /// Creates a result; ``Simulation`` makes them.
    public init(section: Int, kind: SectionKind, byPolicy: [SectionViewability]) {
        self.section = section
        self.kind = kind
        self.byPolicy = byPolicy
    }

    /// The position as reports print it: 1 for the top section.
    public var position: Int { section + 1 }
}
