import ImpressionSimulationCore

/// The result of a ``LayoutComparison``: each arm's own report, and each policy's
/// difference between them with its bootstrap interval. ``table()``, ``json()`` and
/// ``sectionsCSV()`` render it, the same bytes for the same run on any number of workers.
package struct LayoutComparisonReport: Sendable, Hashable {
    /// The arms' names, A then B: their feed files, say.
    package var names: [String]
    /// Arm A's report.
    package var a: SimulationReport
    /// Arm B's report, on the same sessions.
    package var b: SimulationReport
    /// The kinds of section compared: those either feed has, in `SectionKind.allCases` order.
    package var kinds: [SectionKind]
    /// The bootstrap behind the intervals.
    package var bootstrap: PairedBootstrap
    /// One difference per policy, in the configuration's order.
    package var policies: [PolicyDifference]
    /// What differs between the two feeds, section by section.
    package var feeds: FeedDifference

    /// Creates a report; ``LayoutComparison`` makes them.
    package init(names: [String], a: SimulationReport, b: SimulationReport, kinds: [SectionKind],
                 bootstrap: PairedBootstrap, policies: [PolicyDifference], feeds: FeedDifference) {
        self.names = names
        self.a = a
        self.b = b
        self.kinds = kinds
        self.bootstrap = bootstrap
        self.policies = policies
        self.feeds = feeds
    }

    /// The name of arm `index` (0 for A), or its letter when it has none.
    package func name(_ index: Int) -> String { names.indices.contains(index) ? names[index] : Self.letters[index] }

    /// The arms' letters, as tables and the CSV's `arm` column write them.
    package static let letters = ["A", "B"]
}
