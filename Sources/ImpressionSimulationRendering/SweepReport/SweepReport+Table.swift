import ImpressionSimulationAnalyses
import ImpressionSimulationCore
import ImpressionSimulationFormats
import ImpressionTracking

extension SweepReport {
    /// The sweep as a text table: a row per duration, a column per ratio, each cell the
    /// impressions per session to one decimal; `*` marks a cell a preset falls on, and a
    /// legend below names them, then lists the presets on no cell with their own counts.
    package func table() -> String {
        var text = "Impressions per session by definition (\(grid.measure.name)): \(source)\n"
        text += "\(gridSummary); rows: minimum duration, columns: minimum visible ratio; * a preset (below)\n\n"
        let values = cells.map { cell in NumberFormatting.decimal(cell.impressionsPerSession) + (cell.presets.isEmpty ? " " : "*") }
        let headers = grid.ratios.map { NumberFormatting.percent($0) + " " }
        let width = max(7, (values + headers).map(\.count).max() ?? 0)
        let durationLabels = grid.durations.map { NumberFormatting.compactSeconds($0) }
        let labelWidth = max(8, durationLabels.map(\.count).max() ?? 0)
        func padded(_ text: String, _ count: Int, right: Bool = true) -> String {
            let padding = String(repeating: " ", count: max(0, count - text.count))
            return right ? padding + text : text + padding
        }
        // The marker column pads every value; lines are trimmed so none ends in spaces.
        func trimmed(_ line: String) -> String { String(line.reversed().drop { $0 == " " }.reversed()) }
        text += trimmed(padded("duration", labelWidth, right: false) + headers.map { " " + padded($0, width) }.joined()) + "\n"
        for (row, label) in durationLabels.enumerated() {
            var line = padded(label, labelWidth, right: false)
            for column in grid.ratios.indices { line += " " + padded(values[grid.index(ratio: column, duration: row)], width) }
            text += trimmed(line) + "\n"
        }
        let onGrid = presets.filter { $0.cell != nil }
        if !onGrid.isEmpty {
            text += "\nPresets on the grid (*):\n"
            for preset in onGrid { text += "  " + presetLine(preset) + "\n" }
        }
        let offGrid = presetsOffGrid
        if !offGrid.isEmpty {
            text += "\nPresets off the grid, on the same sessions:\n"
            for preset in offGrid { text += "  " + presetLine(preset) + "\n" }
        }
        if let recorded { text += recorded.lines().map { $0 + "\n" }.joined() }
        return text
    }

    /// `default (fingerprint 59f1301823d076d7): 50% height 1 s, 12.3 per session` with,
    /// for a preset on a cell whose other knobs differ, what the cell counts.
    func presetLine(_ preset: SweepPreset) -> String {
        var line = "\(preset.policy.name) (fingerprint \(preset.policy.policy.fingerprint)): "
            + NumberFormatting.rule(preset.policy.policy)
        if preset.policy.policy.recurrence != .onEveryEntry {
            line += ", \(NumberFormatting.recurrence(preset.policy.policy.recurrence))"
        }
        line += ", \(NumberFormatting.decimal(preset.impressionsPerSession)) per session"
        if let cell = preset.cell, !preset.isCellPolicy {
            line += " (its other knobs differ from the cell's, which counts \(NumberFormatting.decimal(cells[cell].impressionsPerSession)))"
        }
        return line
    }
}
