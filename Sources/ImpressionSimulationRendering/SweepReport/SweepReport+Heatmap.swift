import ImpressionSimulationAnalyses
import ImpressionSimulationFormats
import ImpressionTracking

extension SweepReport {
    /// The sweep as a standalone SVG heatmap, written by hand (no scripts, fonts or
    /// other files): a cell per definition coloured by impressions per session on a
    /// sequential scale that also reads in greyscale, each labelled with its value in a
    /// contrasting colour; ratios across, durations down; presets outlined and named on
    /// their cells; a colour legend, and the presets off the grid listed with their
    /// values. The same report gives the same bytes.
    ///
    /// - Parameter title: the first line; by default it says what was swept. The second
    ///   line is always ``source``.
    package func heatmapSVG(title: String? = nil) -> String {
        let entries = presets.map { ($0.cell == nil ? "off the grid" : "outlined") + " · " + presetLine($0) }
        let longest = (entries + [source, gridSummary + " evaluated on the same sessions"]).map(\.count).max() ?? 0
        let layout = HeatmapLayout(columns: grid.ratios.count, rows: grid.durations.count,
                                   noteLines: presets.count + 1, longestLine: longest)
        let values = cells.map(\.impressionsPerSession)
        let scale = HeatmapColorScale(minimum: values.min() ?? 0, maximum: values.max() ?? 0)
        let n = SVGMarkup.number
        let e = SVGMarkup.escaped
        var svg = SVGText()
        svg.open("<svg xmlns='http://www.w3.org/2000/svg' width='\(layout.width)' height='\(layout.height)' "
            + "viewBox='0 0 \(layout.width) \(layout.height)' font-family='Helvetica, Arial, sans-serif' font-size='12'>")
        svg.line("<rect width='100%' height='100%' fill='#ffffff'/>")
        let heading = title ?? "Impressions per session under each definition (\(grid.measure.name) measure)"
        svg.line("<text x='\(layout.margin)' y='22' font-size='15' font-weight='bold'>\(e(heading))</text>")
        svg.line("<text x='\(layout.margin)' y='40' fill='#4a5568'>\(e(source))</text>")
        svg.line("<text x='\(layout.margin)' y='58' fill='#4a5568'>\(e(gridSummary)) evaluated on the same sessions</text>")

        // Axes: ratios above the columns, durations left of the rows.
        svg.open("<g class='axes' fill='#2d3748'>")
        let centerX = Double(layout.left) + Double(layout.plotWidth) / 2
        svg.line("<text x='\(n(centerX, 1))' y='\(layout.top - 26)' text-anchor='middle' font-weight='bold'>"
            + "minimum visible \(grid.measure.name) ratio</text>")
        for (column, ratio) in grid.ratios.enumerated() {
            svg.line("<text class='ratio' x='\(n(layout.centerX(column), 1))' y='\(layout.top - 8)' text-anchor='middle'>"
                + "\(NumberFormatting.percent(ratio))</text>")
        }
        let centerY = Double(layout.top) + Double(layout.plotHeight) / 2
        svg.line("<text x='18' y='\(n(centerY, 1))' text-anchor='middle' font-weight='bold' "
            + "transform='rotate(-90 18 \(n(centerY, 1)))'>minimum duration</text>")
        for (row, duration) in grid.durations.enumerated() {
            svg.line("<text class='duration' x='\(layout.left - 8)' y='\(n(layout.centerY(row) + 4, 1))' text-anchor='end'>"
                + "\(NumberFormatting.compactSeconds(duration))</text>")
        }
        svg.close("</g>")

        // Cells, then the preset marks over them.
        svg.open("<g class='cells' font-size='13'>")
        for row in grid.durations.indices {
            for column in grid.ratios.indices {
                let cell = self.cell(ratio: column, duration: row)
                let value = cell.impressionsPerSession
                let x = layout.x(column), y = layout.y(row)
                let label = NumberFormatting.decimal(value)
                svg.line("<rect class='cell' x='\(x)' y='\(y)' width='\(layout.cellWidth)' height='\(layout.cellHeight)' "
                    + "fill='\(scale.color(of: value))'><title>\(e(SweepGrid.name(measure: cell.measure, ratio: cell.ratio, duration: cell.duration))): "
                    + "\(label) impressions per session</title></rect>")
                let labelY = cell.presets.isEmpty ? layout.centerY(row) + 5 : layout.centerY(row) - 1
                svg.line("<text class='value' x='\(n(layout.centerX(column), 1))' y='\(n(labelY, 1))' text-anchor='middle' "
                    + "fill='\(scale.labelColor(on: value))'>\(label)</text>")
            }
        }
        svg.close("</g>")
        svg.open("<g class='presets'>")
        for (index, cell) in cells.enumerated() where !cell.presets.isEmpty {
            let row = index / grid.ratios.count, column = index % grid.ratios.count
            let x = layout.x(column), y = layout.y(row)
            // A black ring inside a white one: visible on every fill, in colour or grey.
            svg.line("<rect class='preset' x='\(x + 2)' y='\(y + 2)' width='\(layout.cellWidth - 4)' height='\(layout.cellHeight - 4)' "
                + "fill='none' stroke='#000000' stroke-width='3'/>")
            svg.line("<rect x='\(x + 4)' y='\(y + 4)' width='\(layout.cellWidth - 8)' height='\(layout.cellHeight - 8)' "
                + "fill='none' stroke='#ffffff' stroke-width='1.5'/>")
            let names = cell.presets.joined(separator: ", ")
            let shown = names.count > layout.nameCharacters ? String(names.prefix(layout.nameCharacters - 1)) + "…" : names
            svg.line("<text class='preset-name' x='\(n(layout.centerX(column), 1))' y='\(n(layout.centerY(row) + 12, 1))' "
                + "text-anchor='middle' font-size='9' fill='\(scale.labelColor(on: cell.impressionsPerSession))'>\(e(shown))</text>")
        }
        svg.close("</g>")

        // Colour legend: ten swatches from the lowest value to the highest.
        var y = layout.top + layout.plotHeight + 30
        svg.open("<g class='legend'>")
        svg.line("<text x='\(layout.margin)' y='\(y + 12)'>impressions per session</text>")
        let swatchLeft = layout.margin + 160
        for step in 0..<10 {
            let value = scale.minimum + (scale.maximum - scale.minimum) * Double(step) / 9
            svg.line("<rect x='\(swatchLeft + step * 24)' y='\(y)' width='24' height='16' fill='\(scale.color(of: value))'/>")
        }
        svg.line("<text x='\(swatchLeft - 4)' y='\(y + 30)'>\(NumberFormatting.decimal(scale.minimum))</text>")
        svg.line("<text x='\(swatchLeft + 240)' y='\(y + 30)' text-anchor='end'>\(NumberFormatting.decimal(scale.maximum))</text>")
        svg.line("<rect x='\(swatchLeft + 262)' y='\(y)' width='22' height='16' fill='#dddddd' stroke='#000000' stroke-width='3'/>")
        svg.line("<text x='\(swatchLeft + 292)' y='\(y + 12)'>a preset's definition</text>")
        svg.close("</g>")

        // The presets, on the grid or not, with their own numbers.
        y += 50
        svg.open("<g class='preset-list' fill='#2d3748'>")
        if !presets.isEmpty {
            svg.line("<text x='\(layout.margin)' y='\(y)' font-weight='bold'>Presets (same sessions)</text>")
        }
        for entry in entries {
            y += 18
            svg.line("<text class='preset-entry' x='\(layout.margin)' y='\(y)'>\(e(entry))</text>")
        }
        svg.close("</g>")
        svg.close("</svg>")
        return svg.text
    }
}

/// The heatmap's geometry: margins, cells, and the notes below.
private struct HeatmapLayout {
    let columns: Int
    let rows: Int
    let noteLines: Int
    /// The characters of the longest line of text, which the picture must be wide enough for.
    let longestLine: Int
    let margin = 12
    let left = 90
    let top = 110
    let cellWidth = 70
    let cellHeight = 40
    var plotWidth: Int { columns * cellWidth }
    var plotHeight: Int { rows * cellHeight }
    // About 6.6 pixels per character at font size 12.
    var width: Int { max(760, left + plotWidth + 24, margin * 2 + longestLine * 66 / 10) }
    var height: Int { top + plotHeight + 96 + noteLines * 18 }
    /// The characters of preset names a cell shows at font size 9.
    var nameCharacters: Int { max(4, cellWidth / 5) }

    func x(_ column: Int) -> Int { left + column * cellWidth }
    func y(_ row: Int) -> Int { top + row * cellHeight }
    func centerX(_ column: Int) -> Double { Double(x(column)) + Double(cellWidth) / 2 }
    func centerY(_ row: Int) -> Double { Double(y(row)) + Double(cellHeight) / 2 }
}
