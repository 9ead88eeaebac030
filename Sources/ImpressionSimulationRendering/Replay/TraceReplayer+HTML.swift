import ImpressionSimulationCore
import ImpressionSimulationFormats
import ImpressionTracking

extension TraceReplayer {
    /// The replayed trace as one self-contained HTML page: the details given, each
    /// policy's impressions and distinct sections, the first impression under each, and
    /// the timeline under the first policy (an SVG picture: a row per section, its visible
    /// ratio, the threshold, each impression, the lifecycle) when the replayer recorded
    /// one.
    ///
    /// Inline CSS and SVG only, every name escaped, the same bytes for the same replay.
    ///
    /// - Parameters:
    ///   - title: the page's heading, such as the trace's source.
    ///   - details: what was replayed, in order (the trace's path, its lines, its length).
    ///   - timelineRows: the most sections the timeline draws.
    public func html(title: String, details: KeyValuePairs<String, String> = [:], timelineRows: Int = 40) -> String {
        var document = HTMLDocument(title: title)
        var rows: [(name: String, value: String)] = details.map { ($0.key, $0.value) }
        for policy in policies {
            rows.append(("policy " + policy.name, NumberFormatting.rule(policy.policy) + ", "
                + NumberFormatting.recurrence(policy.policy.recurrence)))
        }
        document.parameters(rows)

        document.heading("Policies compared", id: "policies")
        var table = HTMLTable(header: ["policy", "fingerprint", "rule", "impressions", "distinct sections", "first impression"])
        for (index, policy) in policies.enumerated() {
            let list = impressions[index]
            table.row([policy.name, policy.policy.fingerprint, NumberFormatting.rule(policy.policy), NumberFormatting.integer(list.count),
                       NumberFormatting.integer(Set(list.map(\.sectionID)).count),
                       list.map(\.time).min().map(NumberFormatting.seconds) ?? "-"])
        }
        document.append(table.html())

        if let timeline {
            document.heading("Timeline", id: "timeline")
            let svg = timeline.svg(title: "Timeline under \(timeline.policy.name)", maximumRows: timelineRows)
            let marks = svg.ranges(of: "class='ratio'").count
            document.figure(chart: "timeline", markClass: "ratio", marks: marks, svg: svg,
                            caption: "A row per section, the most relevant first: the visible ratio as a shaded step "
                                + "chart, the threshold dashed, each impression a diamond, the lifecycle as bands.",
                            wide: true)
        }
        return document.html()
    }
}
