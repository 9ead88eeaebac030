import Foundation
import ImpressionSimulationCore
import ImpressionSimulationFormats
import ImpressionTracking

extension TimelineRecorder {
    /// The timeline as a standalone SVG picture, written by hand: a row per section
    /// (at most `maximumRows`, the most relevant first), time across, the visible ratio
    /// as a shaded step chart in each row with the policy's threshold dashed over it,
    /// the lifecycle (disappeared, in background, covered, refreshing) as translucent
    /// vertical bands, each impression as a red diamond; axes and a legend below.
    package func svg(title: String, maximumRows: Int = 40) -> String {
        let allRows = rowsByRelevance()
        let rows = Array(allRows.prefix(max(1, maximumRows)))
        let layout = SVGLayout(rowCount: max(1, rows.count), sampleCount: max(1, sampleCount), sampleInterval: sampleInterval)
        var svg = SVGText()
        svg.open("<svg xmlns='http://www.w3.org/2000/svg' width='\(layout.width)' height='\(layout.height)' "
            + "viewBox='0 0 \(layout.width) \(layout.height)' font-family='Helvetica, Arial, sans-serif' font-size='11'>")
        svg.line("<rect width='100%' height='100%' fill='#ffffff'/>")
        svg.line("<text x='\(layout.left)' y='20' font-size='14' font-weight='bold'>\(escaped(title))</text>")
        svg.line("<text x='\(layout.left)' y='38' fill='#4a5568'>policy \(escaped(policy.description)); \(impressions.count) impressions, \(allRows.count) sections seen</text>")

        // Rows: label, background, ratio, threshold, impressions.
        let threshold = min(1, max(0, policy.policy.minimumVisibleRatio))
        var rowOfID: [String: Int] = [:]
        for (index, row) in rows.enumerated() {
            rowOfID[row.id] = index
            let y = layout.rowTop(index)
            svg.open("<g class='section'>")
            svg.line("<text x='\(layout.left - 6)' y='\(f(y + layout.rowHeight * 0.7))' text-anchor='end'>section \(escaped(shortened(row.id)))</text>")
            svg.line("<rect x='\(layout.left)' y='\(f(y))' width='\(layout.plotWidth)' height='\(layout.rowHeight)' fill='#f4f6f8'/>")
            for run in row.runs where run.level > 0 {
                let x = layout.x(sample: run.firstSample)
                let width = max(0.5, layout.x(sample: run.lastSample + 1) - x)
                let height = layout.rowHeight * Double(run.level) / 20
                let opacity = 0.3 + 0.6 * Double(run.level) / 20
                svg.line("<rect class='ratio' x='\(f(x))' y='\(f(y + layout.rowHeight - height))' width='\(f(width))' "
                    + "height='\(f(height))' fill='#2b6cb0' fill-opacity='\(f(opacity, digits: 2))'/>")
            }
            let thresholdY = y + layout.rowHeight * (1 - threshold)
            svg.line("<line class='threshold' x1='\(layout.left)' x2='\(layout.left + layout.plotWidth)' y1='\(f(thresholdY))' "
                + "y2='\(f(thresholdY))' stroke='#c05621' stroke-width='0.8' stroke-dasharray='4 3'/>")
            svg.close("</g>")
        }
        // Lifecycle bands over the rows, under the impressions.
        svg.open("<g class='lifecycle'>")
        for band in bands {
            let style = Self.bandStyle(band.cause)
            let x = layout.x(sample: band.firstSample)
            let width = max(1, layout.x(sample: band.lastSample + 1) - x)
            svg.line("<rect class='band' x='\(f(x))' y='\(layout.top)' width='\(f(width))' height='\(layout.plotHeight)' "
                + "fill='\(style.color)' fill-opacity='0.3'><title>\(style.name) \(seconds(band.firstSample)) to \(seconds(band.lastSample + 1))</title></rect>")
        }
        svg.close("</g>")

        svg.open("<g class='impressions'>")
        for impression in impressions {
            guard let row = rowOfID[impression.sectionID] else { continue }
            let x = layout.x(time: impression.time)
            let y = layout.rowTop(row) + layout.rowHeight / 2
            svg.line("<path class='impression' d='M\(f(x)) \(f(y - 6))L\(f(x + 5)) \(f(y))L\(f(x)) \(f(y + 6))L\(f(x - 5)) \(f(y))Z' "
                + "fill='#e53e3e' stroke='#742a2a' stroke-width='0.8'><title>section \(escaped(impression.sectionID)) at "
                + "\(NumberFormatting.seconds(impression.time)) (ratio \(NumberFormatting.percent(impression.visibleRatio)), visit \(impression.visit))</title></path>")
        }
        svg.close("</g>")

        // Time axis.
        let axisY = layout.top + layout.plotHeight + 4
        svg.open("<g class='axis'>")
        svg.line("<line x1='\(layout.left)' x2='\(layout.left + layout.plotWidth)' y1='\(axisY)' y2='\(axisY)' stroke='#2d3748'/>")
        for tick in layout.ticks() {
            let x = layout.x(seconds: tick)
            svg.line("<line x1='\(f(x))' x2='\(f(x))' y1='\(axisY)' y2='\(axisY + 5)' stroke='#2d3748'/>")
            svg.line("<text x='\(f(x))' y='\(axisY + 17)' text-anchor='middle'>\(NumberFormatting.decimal(tick, digits: tick == tick.rounded() ? 0 : 1)) s</text>")
        }
        svg.line("<text x='\(layout.left + layout.plotWidth / 2)' y='\(axisY + 32)' text-anchor='middle' fill='#4a5568'>time since the start of the session</text>")
        svg.close("</g>")

        // Legend.
        let legendY = axisY + 50
        var notes: [String] = []
        if allRows.count > rows.count { notes.append("\(allRows.count - rows.count) less relevant sections not shown") }
        if isTruncated { notes.append("recording stopped at \(seconds(sampleCount))") }
        svg.open("<g class='legend'>")
        var x = Double(layout.left)
        func item(_ swatch: String, _ label: String) {
            svg.line(swatch.replacingOccurrences(of: "$X", with: f(x)).replacingOccurrences(of: "$Y", with: String(legendY)))
            svg.line("<text x='\(f(x + 18))' y='\(legendY + 10)'>\(escaped(label))</text>")
            x += 34 + Double(label.count) * 6.5
        }
        item("<rect x='$X' y='$Y' width='14' height='12' fill='#2b6cb0' fill-opacity='0.7'/>", "visible ratio (height and shade)")
        item("<rect x='$X' y='$Y' width='14' height='6' fill='none' stroke='#c05621' stroke-dasharray='4 3'/>",
             "threshold \(NumberFormatting.percent(threshold))")
        item("<rect x='$X' y='$Y' width='10' height='10' fill='#e53e3e' transform='rotate(45 $X $Y)'/>", "impression")
        for cause in Self.causes {
            let style = Self.bandStyle(cause)
            item("<rect x='$X' y='$Y' width='14' height='12' fill='\(style.color)' fill-opacity='0.35'/>", style.name)
        }
        svg.close("</g>")
        if !notes.isEmpty {
            svg.line("<text x='\(layout.left)' y='\(legendY + 30)' fill='#4a5568'>\(escaped(notes.joined(separator: "; ")))</text>")
        }
        svg.close("</svg>")
        return svg.text
    }

    private static func bandStyle(_ cause: InactiveCauses) -> (name: String, color: String) {
        switch cause {
        case .disappeared: ("disappeared", "#718096")
        case .inBackground: ("in background", "#1a202c")
        case .covered: ("covered", "#805ad5")
        default: ("refreshing", "#dd6b20")
        }
    }

    private func seconds(_ sample: Int) -> String { NumberFormatting.seconds(sampleInterval * sample) }

    private func shortened(_ id: String) -> String { id.count > 24 ? String(id.prefix(23)) + "…" : id }
}

/// The picture's geometry: margins, rows, and time to x.
private struct SVGLayout {
    let rowCount: Int
    let sampleCount: Int
    let sampleInterval: Duration
    let width = 1100
    let left = 150
    let top = 50
    let rowHeight = 18.0
    let rowGap = 4.0
    var plotWidth: Int { width - left - 20 }
    var plotHeight: Int { Int(Double(rowCount) * (rowHeight + rowGap)) }
    var height: Int { top + plotHeight + 110 }
    var totalSeconds: Double { max(1e-9, (sampleInterval * sampleCount).inSeconds) }

    func rowTop(_ row: Int) -> Double { Double(top) + Double(row) * (rowHeight + rowGap) + rowGap / 2 }
    func x(seconds: Double) -> Double { Double(left) + min(1, max(0, seconds / totalSeconds)) * Double(plotWidth) }
    func x(sample: Int) -> Double { x(seconds: (sampleInterval * sample).inSeconds) }
    func x(time: Duration) -> Double { x(seconds: time.inSeconds) }

    /// Tick positions in seconds, 1, 2 or 5 × 10ⁿ apart, about ten of them.
    func ticks() -> [Double] {
        let rough = totalSeconds / 10
        var step = 1e-3
        while step < rough {
            if step * 2 >= rough { step *= 2; break }
            if step * 5 >= rough { step *= 5; break }
            step *= 10
        }
        return (0...Int((totalSeconds / step).rounded(.down))).map { Double($0) * step }
    }
}

/// A coordinate to a tenth (or `digits` decimals), without trailing zeros.
private func f(_ value: Double, digits: Int = 1) -> String { SVGMarkup.number(value, digits: digits) }

/// Text safe inside XML elements and attributes.
private func escaped(_ text: String) -> String { SVGMarkup.escaped(text) }
