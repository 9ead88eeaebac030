import ImpressionSimulationAnalyses
import ImpressionSimulationCore
import ImpressionSimulationFormats
import ImpressionTracking

extension SweepReport {
    /// The sweep as one self-contained HTML page: its parameters, the presets compared
    /// (on the grid and off it), the grid as a table, and the heatmap
    /// (``heatmapSVG(title:)``) inline.
    ///
    /// Inline CSS and SVG only, every name escaped, the same bytes for the same report.
    ///
    /// - Parameters:
    ///   - title: the page's heading; by default it says what was swept.
    ///   - command: the command line that made the run, shown with the parameters.
    package func html(title: String? = nil, command: String? = nil) -> String {
        let heading = title ?? "Impressions per session under \(NumberFormatting.integer(grid.count)) definitions "
            + "(\(grid.measure.name) measure)"
        var document = HTMLDocument(title: heading)
        var rows: [(name: String, value: String)] = []
        if let command { rows.append(("command", command)) }
        rows.append(("sessions", source))
        rows.append(("grid", gridSummary))
        rows.append(("measure", grid.measure.name))
        document.parameters(rows)

        document.heading("Presets compared", id: "presets")
        var presetTable = HTMLTable(header: ["preset", "fingerprint", "rule", "recurrence", "on the grid", "impressions", "per session"])
        presetTable.nameColumns = [0]
        for preset in presets {
            presetTable.row([preset.policy.name, preset.policy.policy.fingerprint, NumberFormatting.rule(preset.policy.policy),
                             NumberFormatting.recurrence(preset.policy.policy.recurrence),
                             preset.cell == nil ? "no" : (preset.isCellPolicy ? "yes" : "on a cell, other knobs differ"),
                             NumberFormatting.integer(preset.impressions), NumberFormatting.decimal(preset.impressionsPerSession)])
        }
        if presets.isEmpty { document.paragraph("No presets (--presets none).", className: "note") }
        else { document.append(presetTable.html()) }

        document.heading("Heatmap", id: "heatmap")
        let title = "Impressions per session by definition (\(grid.measure.name) measure)"
        document.figure(chart: "sweep-heatmap", markClass: "cell", marks: cells.count, svg: heatmapSVG(title: title),
                        caption: "A cell per definition, lighter for more impressions per session "
                            + "(dark purple the fewest, yellow the most); presets outlined.",
                        wide: true)

        document.heading("The grid in numbers", id: "grid")
        var table = HTMLTable(header: ["minimum duration"] + grid.ratios.map { NumberFormatting.percent($0) })
        for (row, duration) in grid.durations.enumerated() {
            table.row([NumberFormatting.compactSeconds(duration)] + grid.ratios.indices.map { column in
                let cell = self.cell(ratio: column, duration: row)
                return NumberFormatting.decimal(cell.impressionsPerSession) + (cell.presets.isEmpty ? "" : "*")
            })
        }
        document.append(table.html())
        document.paragraph("Impressions per session; rows: minimum duration, columns: minimum visible ratio; "
            + "* a preset falls on the cell.", className: "note")
        return document.html()
    }
}
