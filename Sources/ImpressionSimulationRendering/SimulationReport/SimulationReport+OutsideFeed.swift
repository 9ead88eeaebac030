import ImpressionSimulationCore
import ImpressionSimulationFormats

// A run over recorded traces with a feed file that lacks some of the ids the traces show:
// their sections have no position or kind, so every form of the report counts them on a
// line of their own, and says so when they are most of the sections.

extension SimulationReport {
    /// Whether the report counts sections outside the feed on a line of their own: a run
    /// over traces, with a feed that lacks some of the ids they showed.
    package var countsOutsideFeed: Bool { groupsByKind && sections.contains { $0.kind == nil } }

    /// The section ids a run over traces met: those with a count (rendered, impressed or
    /// in view under some policy, which all need the section rendered); the feed's
    /// sections the traces never rendered are not among them.
    package var sectionIDsMet: Int {
        sections.count { section in
            section.kind == nil || section.byPolicy.contains { $0.rendered > 0 || $0.impressed > 0 || $0.timeInView > .zero }
        }
    }

    /// The ids met outside the feed.
    package var sectionIDsOutsideFeed: Int { sections.count { $0.kind == nil } }

    /// `warning: 34 of 64 section ids rendered in the traces are not in the feed: ...`,
    /// when more than half of the ids met are outside the feed: a feed of another app,
    /// screen or day counts almost nothing by position and kind, which would read as a
    /// finding unless the report says why.
    package var feedMismatchWarning: String? {
        let (outside, met) = (sectionIDsOutsideFeed, sectionIDsMet)
        guard countsOutsideFeed, outside * 2 > met else { return nil }
        return "warning: \(NumberFormatting.integer(outside)) of \(NumberFormatting.integer(met)) section ids rendered in the "
            + "traces are not in the feed: is it the feed they were recorded on?"
    }
}
