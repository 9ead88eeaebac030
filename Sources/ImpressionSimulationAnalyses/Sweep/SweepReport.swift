import ImpressionSimulationCore
import ImpressionSimulationFormats

/// What a sweep counted: impressions per session for every definition of a
/// ``SweepGrid``, on the same sessions, and the presets beside them. Print it with
/// ``table()``, ``json()`` or draw it with ``heatmapSVG(title:)``.
package struct SweepReport: Sendable, Hashable {
    /// The definitions.
    package var grid: SweepGrid
    /// What was run, for titles: `200 simulated sessions of 60 s, 2,000 sections, seed 1`.
    package var source: String
    /// The sessions every definition was evaluated on.
    package var sessions: Int
    /// One per definition, in the grid's cell order (``SweepGrid/index(ratio:duration:)``).
    package var cells: [SweepCell]
    /// The presets shown, in the order given.
    package var presets: [SweepPreset]
    /// Over recorded traces: what they read, cut short, left out and duplicated.
    package var recorded: RecordedSessions?

    /// Creates a report; ``Sweep`` makes them.
    package init(grid: SweepGrid, source: String, sessions: Int, cells: [SweepCell], presets: [SweepPreset]) {
        self.grid = grid
        self.source = source
        self.sessions = sessions
        self.cells = cells
        self.presets = presets
    }

    /// The cell of `grid.ratios[ratio]` and `grid.durations[duration]`.
    package func cell(ratio: Int, duration: Int) -> SweepCell { cells[grid.index(ratio: ratio, duration: duration)] }

    /// The presets that fall on no cell.
    package var presetsOffGrid: [SweepPreset] { presets.filter { $0.cell == nil } }

    /// `70 definitions: 10 ratios 10%...100% x 7 durations 0 s...3 s`; up to four
    /// values are listed (`2 ratios 50%, 100%`).
    package var gridSummary: String {
        func span<T>(_ values: [T], _ text: (T) -> String) -> String {
            // A few values are listed; more are shown by their ends.
            guard let first = values.first, let last = values.last, values.count > 4 else {
                return values.map(text).joined(separator: ", ")
            }
            return "\(text(first))...\(text(last))"
        }
        let ratios = grid.ratios.count, durations = grid.durations.count
        return "\(NumberFormatting.integer(grid.count)) definition\(grid.count == 1 ? "" : "s"): "
            + "\(ratios) ratio\(ratios == 1 ? "" : "s") \(span(grid.ratios, NumberFormatting.percent)) x "
            + "\(durations) duration\(durations == 1 ? "" : "s") \(span(grid.durations, NumberFormatting.compactSeconds))"
    }
}
