import ImpressionSimulationAnalyses
import ImpressionSimulationCore
import ImpressionSimulationFormats

/// Differences with their intervals (a forest plot): a row per figure, a dot at the
/// difference and a bar across its 95 % interval, the zero line dashed. A filled dot is a
/// row that differs once every row is accounted for (``PairedComparison/differsAfterHolm``),
/// a hollow one a row that does not, so the reading does not depend on colour.
struct IntervalChartSVG {
    /// One row: a heading row when `interval` is `nil`.
    struct Row {
        var label: String
        var interval: PairedComparison?
    }

    var rows: [Row]
    /// What the differences are, under the axis.
    var axisTitle: String

    private let width = 560.0, labelWidth = 128.0, right = 16.0, rowHeight = 22.0

    /// The SVG, and the number of marks (class `mark`: an interval and a dot per row).
    func svg() -> (markup: String, marks: Int) {
        let n = { (value: Double) in SVGMarkup.number(value) }
        let bounds = rows.compactMap(\.interval).flatMap { [$0.lower, $0.upper, $0.difference] }
        let low = min(0, bounds.min() ?? 0), high = max(0, bounds.max() ?? 0)
        let span = high - low > 0 ? high - low : 1
        let (start, end) = (low - span * 0.08, high + span * 0.08)
        let plotLeft = labelWidth, plotWidth = width - labelWidth - right
        func x(_ value: Double) -> Double { plotLeft + (value - start) / (end - start) * plotWidth }
        let top = 12.0
        let plotHeight = Double(rows.count) * rowHeight
        let height = top + plotHeight + 44

        var body = "<g class='grid' stroke='#cbd5e0'>"
        let step = ChartSeriesStyle.ticks(upTo: span, count: 4).dropFirst().first ?? span
        var tick = (start / step).rounded(.up) * step
        var tickLabels = ""
        while tick <= end {
            body += "<line x1='\(n(x(tick)))' x2='\(n(x(tick)))' y1='\(n(top))' y2='\(n(top + plotHeight))'/>"
            tickLabels += "<text x='\(n(x(tick)))' y='\(n(top + plotHeight + 16))' text-anchor='middle'>"
                + "\(tick > 1e-12 ? "+" : "")\(SVGMarkup.number(abs(tick) < 1e-12 ? 0 : tick, digits: 2))</text>"
            tick += step
        }
        body += "</g><line class='zero' x1='\(n(x(0)))' x2='\(n(x(0)))' y1='\(n(top))' y2='\(n(top + plotHeight))' "
            + "stroke='#1a202c' stroke-dasharray='4 3'/>"
        body += "<g font-size='12' fill='#2d3748'>\(tickLabels)<text x='\(n(plotLeft + plotWidth / 2))' "
            + "y='\(n(top + plotHeight + 34))' text-anchor='middle'>\(HTMLEscaping.escaped(axisTitle))</text></g>"
        var marks = 0
        for (index, row) in rows.enumerated() {
            let y = top + Double(index) * rowHeight + rowHeight / 2
            let label = HTMLEscaping.shortened(row.label, limit: row.interval == nil ? 60 : 17)
            guard let interval = row.interval else {
                body += "<text x='0' y='\(n(y + 4))' font-weight='700'><title>\(HTMLEscaping.escaped(row.label))</title>\(label)</text>"
                continue
            }
            let summary = "\(HTMLEscaping.escaped(row.label)): \(LayoutComparisonReport.signed(interval.difference)) "
                + "[\(LayoutComparisonReport.signed(interval.lower)), \(LayoutComparisonReport.signed(interval.upper))], "
                + "Holm p \(NumberFormatting.decimal(interval.holmPValue ?? 1, digits: 3))"
            body += "<text x='12' y='\(n(y + 4))'><title>\(HTMLEscaping.escaped(row.label))</title>\(label)</text>"
            body += "<line class='mark interval' x1='\(n(x(interval.lower)))' x2='\(n(x(interval.upper)))' y1='\(n(y))' y2='\(n(y))' "
                + "stroke='#1d3f72' stroke-width='3'><title>\(summary)</title></line>"
            let filled = interval.differsAfterHolm
            body += "<circle class='mark difference' cx='\(n(x(interval.difference)))' cy='\(n(y))' r='5' "
                + "fill='\(filled ? "#1d3f72" : "#ffffff")' stroke='#1d3f72' stroke-width='2'><title>\(summary)</title></circle>"
            marks += 2
        }
        let markup = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 \(n(width)) \(n(height))' "
            + "width='\(n(width))' height='\(n(height))' font-family='Helvetica, Arial, sans-serif' font-size='13' "
            + "role='img'>\(body)</svg>\n"
        return (markup, marks)
    }
}
