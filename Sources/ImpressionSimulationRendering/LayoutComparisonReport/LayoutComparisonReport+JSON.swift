import ImpressionSimulationAnalyses
import ImpressionSimulationCore
import ImpressionSimulationFormats
import ImpressionTracking

extension LayoutComparisonReport {
    /// The report as JSON: `a` and `b`, each arm's report as ``SimulationReport/json()``
    /// writes it with its `feedFile` name first, and `ab`: `feeds` (what differs between
    /// them, ``FeedDifference``), the bootstrap, `multipleComparisons` (how many rows were
    /// tested, how many chance alone would mark, and Holm's method) and each policy's
    /// differences, after its `name` and `fingerprint` (`ImpressionPolicy.fingerprint`):
    /// `impressionsPerSession` and `byKind` (the kinds either feed has), each
    /// with the means, `difference` (B - A) and its `lower` and `upper` bounds,
    /// `excludesZero` (this row alone), `pValue`, `holmPValue` and `differsAfterHolm`
    /// (every row accounted for), and `relativeChange` (B / A - 1) with its bounds
    /// (`null` when A has no impressions to divide by).
    ///
    /// Keys in a fixed order: the same report always gives the same bytes.
    package func json() -> String {
        json(appending: { _ in })
    }

    /// The JSON with more members after `ab` (an A/B shard's counts).
    package func json(appending extra: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        writer.beginObject()
            for (index, report) in [a, b].enumerated() {
                writer.key(Self.letters[index].lowercased())
                report.write(to: &writer, leading: { writer in
                    writer.key("feedFile"); writer.string(name(index))
                })
            }
            writer.key("ab")
            writer.beginObject()
                writer.key("feeds"); writeFeeds(to: &writer)
                writer.key("sessions"); writer.integer(policies.first?.impressions.sessions ?? 0)
                writer.key("method"); writer.string("paired percentile bootstrap over sessions")
                writer.key("confidence"); writer.number(0.95)
                writer.key("resamples"); writer.integer(bootstrap.resamples)
                writer.key("bootstrapSeed"); writer.raw(String(bootstrap.seed))
                writer.key("pValue"); writer.string("twice the smaller share of resamples at or below 0 and at or above 0, "
                    + "(count + 1) / (resamples + 1)")
                writer.key("multipleComparisons")
                writer.beginObject()
                    writer.key("method"); writer.string("Holm step-down over every row's pValue: holmPValue")
                    writer.key("rows"); writer.integer(comparisons.count)
                    writer.key("level"); writer.number(PairedComparison.level)
                    writer.key("excludesZeroByChance"); writer.number(expectedByChance)
                writer.endObject()
                writer.key("policies")
                writer.beginArray()
                    for difference in policies {
                        writer.element()
                        writer.beginObject()
                            writer.key("name"); writer.string(difference.policy.name)
                            writer.key("fingerprint"); writer.string(difference.policy.policy.fingerprint)
                            writer.key("impressionsPerSession"); Self.write(difference.impressions, to: &writer)
                            writer.key("byKind")
                            writer.beginObject()
                                for kind in kinds {
                                    guard let comparison = difference.byKind[kind] else { continue }
                                    writer.key(kind.name); Self.write(comparison, to: &writer)
                                }
                            writer.endObject()
                        writer.endObject()
                    }
                writer.endArray()
            writer.endObject()
            extra(&writer)
        writer.endObject()
        return writer.text + "\n"
    }

    /// ``feeds``: each list in full, each section with its id, kind and 1-based positions.
    private func writeFeeds(to writer: inout JSONWriter) {
        func placed(_ key: String, _ sections: [FeedDifference.Placed]) {
            writer.key(key)
            writer.beginArray()
                for section in sections {
                    writer.element()
                    writer.beginObject()
                        writer.key("id"); writer.string(section.id)
                        writer.key("kind"); writer.string(section.kind.name)
                        writer.key("position"); writer.integer(section.position)
                    writer.endObject()
                }
            writer.endArray()
        }
        writer.beginObject()
            writer.key("sectionsA"); writer.integer(feeds.sectionCounts.a)
            writer.key("sectionsB"); writer.integer(feeds.sectionCounts.b)
            writer.key("moved")
            writer.beginArray()
                for move in feeds.moved {
                    writer.element()
                    writer.beginObject()
                        writer.key("id"); writer.string(move.id)
                        writer.key("kind"); writer.string(move.kind.name)
                        writer.key("from"); writer.integer(move.from)
                        writer.key("to"); writer.integer(move.to)
                    writer.endObject()
                }
            writer.endArray()
            placed("added", feeds.added)
            placed("removed", feeds.removed)
            writer.key("kindChanged")
            writer.beginArray()
                for change in feeds.kindChanged {
                    writer.element()
                    writer.beginObject()
                        writer.key("id"); writer.string(change.id)
                        writer.key("from"); writer.string(change.from.name)
                        writer.key("to"); writer.string(change.to.name)
                    writer.endObject()
                }
            writer.endArray()
        writer.endObject()
    }

    private static func write(_ comparison: PairedComparison, to writer: inout JSONWriter) {
        writer.beginObject()
            writer.key("a"); writer.number(comparison.meanA)
            writer.key("b"); writer.number(comparison.meanB)
            writer.key("difference"); writer.number(comparison.difference)
            writer.key("lower"); writer.number(comparison.lower)
            writer.key("upper"); writer.number(comparison.upper)
            writer.key("excludesZero"); writer.raw(comparison.excludesZero ? "true" : "false")
            writer.key("pValue"); writer.number(comparison.pValue)
            writer.key("holmPValue"); writer.optionalNumber(comparison.holmPValue)
            writer.key("differsAfterHolm"); writer.raw(comparison.differsAfterHolm ? "true" : "false")
            writer.key("relativeChange"); writer.optionalNumber(comparison.relativeChange)
            writer.key("relativeLower"); writer.optionalNumber(comparison.relativeLower)
            writer.key("relativeUpper"); writer.optionalNumber(comparison.relativeUpper)
        writer.endObject()
    }
}
