import ImpressionSimulationAnalyses
import ImpressionSimulationCore
import ImpressionSimulationFormats
import ImpressionTracking

extension LayoutComparisonReport {
    /// The A/B run as one self-contained HTML page: what differs between the feeds, the
    /// differences of B from A with their 95 % intervals and p-values (a table and a
    /// chart), then each arm's parameters, table and
    /// charts as ``SimulationReport/html(title:command:)`` draws them.
    ///
    /// Inline CSS and SVG only, every name escaped, the same bytes for the same report.
    ///
    /// - Parameters:
    ///   - title: the page's heading; by default it names both arms.
    ///   - command: the command line that made the run, shown with the parameters.
    package func html(title: String? = nil, command: String? = nil) -> String {
        var document = HTMLDocument(title: title ?? "Layouts A/B: \(name(0)) against \(name(1))")
        let sessions = policies.first?.impressions.sessions ?? a.configuration.sessionCount
        var rows: [(name: String, value: String)] = []
        if let command { rows.append(("command", command)) }
        rows.append(("A", name(0)))
        rows.append(("B", name(1)))
        rows.append(("users", "the same \(NumberFormatting.integer(sessions)) on both feeds (common random numbers)"))
        rows.append(("intervals", "95%, paired percentile bootstrap over sessions, "
            + "\(NumberFormatting.integer(bootstrap.resamples)) resamples, seed \(bootstrap.seed)"))
        document.parameters(rows)

        document.heading("What differs between the feeds: B against A, by section id", id: "feeds")
        for line in feeds.lines() { document.paragraph(line) }

        document.heading("A/B differences: B minus A, impressions per session", id: "ab")
        let widths = BoundWidths(comparisons)
        var table = HTMLTable(header: ["policy / kind"] + Self.columns)
        table.alignedColumns = [4, 6]
        var chartRows: [IntervalChartSVG.Row] = []
        for difference in policies {
            let label = difference.policy.name + "  " + NumberFormatting.rule(difference.policy.policy)
            table.group(label)
            chartRows.append(IntervalChartSVG.Row(label: label, interval: nil))
            let comparisons = [("all kinds", difference.impressions)]
                + kinds.compactMap { kind in difference.byKind[kind].map { (kind.name, $0) } }
            for (name, comparison) in comparisons {
                let row = Self.row(name, comparison, widths: widths)
                table.row([row.label] + row.values, indented: true,
                          emphasized: Set([comparison.excludesZero ? 7 : nil, comparison.differsAfterHolm ? 10 : nil].compactMap { $0 }))
                chartRows.append(IntervalChartSVG.Row(label: name, interval: comparison))
            }
        }
        document.append(table.html())
        for note in readingNotes() { document.paragraph(note, className: "note") }
        let chart = IntervalChartSVG(rows: chartRows, axisTitle: "B - A, impressions per session, with its 95% interval").svg()
        document.figure(chart: "ab-intervals", markClass: "mark", marks: chart.marks, svg: chart.markup,
                        caption: "Each row's difference (dot) and 95% interval (bar). A filled dot differs after Holm's "
                            + "correction over all \(comparisons.count) rows (\"differs\" in the table); a hollow dot whose bar "
                            + "clears the dashed line at 0 leaves 0 out for its row alone.")

        for (index, report) in [a, b].enumerated() {
            let letter = Self.letters[index]
            document.heading("\(letter): \(name(index))", id: "arm-" + letter.lowercased())
            report.appendHTML(to: &document, id: "arm-" + letter.lowercased(), command: nil, level: 3, name: letter)
        }
        return document.html()
    }
}
