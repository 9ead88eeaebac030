import ImpressionSimulationCore
import ImpressionSimulationFormats
import ImpressionTracking

extension SimulationReport {
    /// How many sections each end of the viewability chart shows.
    static let sectionsShownPerEnd = 10

    /// The sections ranked by viewable rate under the first policy, among those rendered
    /// in enough sessions to rank (at least 5 % of the sessions, and at least one):
    /// the most viewable first, then the least viewable, each end at most
    /// ``sectionsShownPerEnd`` long and never repeating a section. Ties keep the report's
    /// order: the feed's, then the sections outside it by id.
    func viewabilityExtremes() -> (top: [SectionResult], bottom: [SectionResult], eligible: Int) {
        let minimumRendered = max(1, (configuration.sessionCount * 5 + 99) / 100)
        let ranked = sections
            .filter { !$0.byPolicy.isEmpty && $0.byPolicy[0].rendered >= minimumRendered }
            .map { (section: $0, rate: $0.byPolicy[0].viewableRate ?? 0) }
            .enumerated()
            .sorted { ($1.element.rate, $0.offset) < ($0.element.rate, $1.offset) }
            .map(\.element.section)
        let count = Self.sectionsShownPerEnd
        let top = Array(ranked.prefix(count))
        let bottom = Array(ranked.dropFirst(top.count).suffix(count).reversed())
        return (top, bottom, ranked.count)
    }

    /// The two charts of the most and least viewable sections.
    func appendSectionViewability(to document: inout HTMLDocument, id: String, level: Int, suffix: String) {
        document.heading("Per-section viewability" + suffix, level: level, id: id + "-sections")
        let (top, bottom, eligible) = viewabilityExtremes()
        let first = policies.first?.policy.name ?? "-"
        // A section outside the feed has no position to rank it by, or kind: its id says which it is.
        let naming = !groupsByKind ? "each section by the id its traces give (without a feed, no position or kind)"
            : "#position (1 is the top), kind, and the id a feed file gives"
                + (countsOutsideFeed ? "; a section outside the feed by its id alone" : "")
        document.paragraph("Viewable rate (sessions in which the section fired / sessions in which it was rendered) "
            + "of the sections ranked by it under \(first): the \(top.count) most and the \(bottom.count) least viewable of "
            + "the \(NumberFormatting.integer(eligible)) sections rendered in at least 5% of the sessions "
            + "(of \(NumberFormatting.integer(sections.count))). Every section's counts: --sections-out FILE.csv.",
            className: "note")
        for (part, list, caption) in [("top", top, "Most viewable sections"), ("bottom", bottom, "Least viewable sections")]
        where !list.isEmpty {
            let chart = BarChartSVG(
                id: "\(id)-sections-\(part)", series: policies.map(\.policy.name),
                groups: list.map { section in
                    BarChartSVG.Group(label: section.label,
                                      values: section.byPolicy.map(\.viewableRate))
                },
                axisTitle: "viewable rate", format: { NumberFormatting.percent($0) },
                tickFormat: { NumberFormatting.percent($0) }, maximum: 1).svg()
            document.figure(chart: "\(id)-sections-\(part)", markClass: "mark", marks: chart.marks, svg: chart.markup,
                            caption: "\(caption) under \(first): " + naming + "; a bar per policy.")
        }
    }
}
