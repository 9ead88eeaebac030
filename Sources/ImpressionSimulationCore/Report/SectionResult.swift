/// One section of the feed over a run: where it is, what it is, and its
/// ``SectionViewability`` under each policy; `impressions simulate --sections-out`
/// writes one CSV row per section and policy.
package struct SectionResult: Sendable, Hashable {
    /// The section's position in the feed, from 0; for a recorded section outside the
    /// feed, its place in the report's list after the feed's sections (by id).
    package var section: Int
    /// The section's name: its id in a feed file (`hero`, `ad#3`), else its position.
    package var name: String
    /// What the section is; `nil` for a recorded section outside the feed (or with no
    /// feed), which is known by its id alone.
    package var kind: SectionKind?
    /// Its counts under each policy, in the order of ``SimulationReport/policies``.
    package var byPolicy: [SectionViewability]
    /// With exposure signals measured, under each policy: its visits that met the policy.
    package var exposureByPolicy: [Exposure]?

    /// A section's visits that met one policy, and the mean over them of each signal of
    /// `SectionTally.exposureSignals`, in the signal's unit (`nil` without visits).
    package struct Exposure: Sendable, Hashable {
        package var visits: Int
        package var means: [Double]?
    }

    /// Creates a result; ``Simulation`` makes them.
    package init(section: Int, name: String, kind: SectionKind?, byPolicy: [SectionViewability], exposureByPolicy: [Exposure]? = nil) {
        self.section = section
        self.name = name
        self.kind = kind
        self.byPolicy = byPolicy
        self.exposureByPolicy = exposureByPolicy
    }

    /// The position as reports print it: 1 for the top section; `nil` for a recorded
    /// section outside the feed, which has none (``section`` then only orders the
    /// report's list).
    package var position: Int? { kind == nil ? nil : section + 1 }

    /// The section as reports name it, one numbering throughout: `#position` (1-based),
    /// its kind, and its id when it has one of its own (`#4 ad · ad#1`). A section without
    /// an id goes by its position alone (`#3 banner`), not also by the 0-based index the
    /// tracker knows it by, which would be a second number for the same section. A
    /// recorded section outside the feed goes by its id alone (`id hero`): it has no
    /// position to give.
    package var label: String {
        guard let position else { return "id " + name }
        let named = name == String(section) ? "" : name
        let kindName = kind?.name ?? ""
        return "#\(position)" + (kindName.isEmpty ? "" : " " + kindName) + (named.isEmpty ? "" : (kindName.isEmpty ? " " : " · ") + named)
    }
}
