import ImpressionTracking

extension LayoutComparisonReport {
    /// The A/B run as one self-contained HTML page: the differences of B from A with
    /// their 95 % intervals (a table and a chart), then each arm's parameters, table and
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

        document.heading("A/B differences: B minus A, impressions per session", id: "ab")
        var table = HTMLTable(header: ["policy / kind", "A", "B", "B - A", "95% interval", "B / A - 1", "95% interval", "excludes 0"])
        var chartRows: [IntervalChartSVG.Row] = []
        for difference in policies {
            let label = difference.policy.name + "  " + NumberFormatting.rule(difference.policy.policy)
            table.group(label)
            chartRows.append(IntervalChartSVG.Row(label: label, interval: nil))
            let comparisons = [("all kinds", difference.impressions)]
                + kinds.compactMap { kind in difference.byKind[kind].map { (kind.name, $0) } }
            for (name, comparison) in comparisons {
                table.row(Self.htmlCells(name, comparison), indented: true, emphasized: comparison.excludesZero ? [7] : [])
                chartRows.append(IntervalChartSVG.Row(label: name, interval: comparison))
            }
        }
        document.append(table.html())
        let chart = IntervalChartSVG(rows: chartRows, axisTitle: "B - A, impressions per session, with its 95% interval").svg()
        document.figure(chart: "ab-intervals", markClass: "mark", marks: chart.marks, svg: chart.markup,
                        caption: "Each row's difference (dot) and 95% interval (bar); a filled dot is an interval "
                            + "that leaves out 0 (the dashed line): the feeds differ at the 5% level.")

        for (index, report) in [a, b].enumerated() {
            let letter = Self.letters[index]
            document.heading("\(letter): \(name(index))", id: "arm-" + letter.lowercased())
            report.appendHTML(to: &document, id: "arm-" + letter.lowercased(), command: nil, level: 3, name: letter)
        }
        return document.html()
    }

    /// The text table's cells of `comparison`, after its label.
    private static func htmlCells(_ label: String, _ comparison: PairedComparison) -> [String] {
        let row = row(label, comparison)
        return [row.label] + row.values
    }
}
