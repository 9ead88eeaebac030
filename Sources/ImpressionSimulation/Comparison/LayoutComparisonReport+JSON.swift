extension LayoutComparisonReport {
    /// The report as JSON: `a` and `b`, each arm's report as ``SimulationReport/json()``
    /// writes it with its `feedFile` name first, and `ab`, the bootstrap and each policy's
    /// differences: `impressionsPerSession` and `byKind` (the kinds either feed has), each
    /// with the means, `difference` (B - A) and its `lower` and `upper` bounds,
    /// `excludesZero`, and `relativeChange` (B / A - 1) with its bounds (`null` when A has
    /// no impressions to divide by).
    ///
    /// Keys in a fixed order: the same report always gives the same bytes.
    package func json() -> String {
        json(appending: { _ in })
    }

    /// The JSON with more members after `ab` (an A/B shard's counts).
    func json(appending extra: (inout JSONWriter) -> Void) -> String {
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
                writer.key("sessions"); writer.integer(policies.first?.impressions.sessions ?? 0)
                writer.key("method"); writer.string("paired percentile bootstrap over sessions")
                writer.key("confidence"); writer.number(0.95)
                writer.key("resamples"); writer.integer(bootstrap.resamples)
                writer.key("bootstrapSeed"); writer.raw(String(bootstrap.seed))
                writer.key("policies")
                writer.beginArray()
                    for difference in policies {
                        writer.element()
                        writer.beginObject()
                            writer.key("name"); writer.string(difference.policy.name)
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

    private static func write(_ comparison: PairedComparison, to writer: inout JSONWriter) {
        writer.beginObject()
            writer.key("a"); writer.number(comparison.meanA)
            writer.key("b"); writer.number(comparison.meanB)
            writer.key("difference"); writer.number(comparison.difference)
            writer.key("lower"); writer.number(comparison.lower)
            writer.key("upper"); writer.number(comparison.upper)
            writer.key("excludesZero"); writer.raw(comparison.excludesZero ? "true" : "false")
            writer.key("relativeChange"); writer.optionalNumber(comparison.relativeChange)
            writer.key("relativeLower"); writer.optionalNumber(comparison.relativeLower)
            writer.key("relativeUpper"); writer.optionalNumber(comparison.relativeUpper)
        writer.endObject()
    }
}
