/// A horizontal grouped bar chart written by hand: a group per category (a feed
/// position bucket, a section), its label above a bar per series (a policy), each bar
/// labelled with its value. Labels sit above the bars, not beside them, so the chart
/// keeps a readable size on a phone.
struct BarChartSVG {
    /// One category.
    struct Group {
        /// The label shown (cut to fit), and the full text in its tooltip.
        var label: String
        /// A value per series; `nil` draws no bar ("-").
        var values: [Double?]
    }

    /// Unique in the page: prefixes the patterns' ids.
    var id: String
    var series: [String]
    var groups: [Group]
    /// What the values are, under the axis.
    var axisTitle: String
    /// A value as its label.
    var format: (Double) -> String
    /// A tick of the axis as its label.
    var tickFormat: (Double) -> String
    /// The axis' end; the largest value when `nil`.
    var maximum: Double?

    private let width = 560.0, left = 16.0, right = 64.0
    private let barHeight = 13.0, barGap = 3.0, labelHeight = 19.0, groupGap = 12.0

    /// The SVG, and the number of bars drawn (its marks, class `mark bar`).
    func svg() -> (markup: String, marks: Int) {
        let n = { (value: Double) in SVGMarkup.number(value) }
        let values = groups.flatMap { $0.values.compactMap { $0 } }
        let ticks = ChartSeriesStyle.ticks(upTo: maximum ?? (values.max() ?? 0))
        let axisEnd = ticks.last ?? 1
        let plotWidth = width - left - right
        func x(_ value: Double) -> Double { left + max(0, min(1, value / axisEnd)) * plotWidth }

        let legend = ChartSeriesStyle.legend(series, chartID: id, x: left, y: 18, width: width - left)
        let top = 18 + legend.height + 4
        let groupHeight = labelHeight + Double(series.count) * (barHeight + barGap) + groupGap
        let plotHeight = Double(groups.count) * groupHeight
        let height = top + plotHeight + 40

        var body = ""
        body += "<defs>" + series.indices.map { ChartSeriesStyle(index: $0).patternDefinition(chartID: id) }.joined() + "</defs>"
        body += legend.markup
        body += "<g class='grid' stroke='#cbd5e0' stroke-width='1'>"
        for tick in ticks { body += "<line x1='\(n(x(tick)))' x2='\(n(x(tick)))' y1='\(n(top))' y2='\(n(top + plotHeight))'/>" }
        body += "</g>"
        var marks = 0
        for (groupIndex, group) in groups.enumerated() {
            let groupTop = top + Double(groupIndex) * groupHeight
            body += "<g class='group'><text x='\(n(left))' y='\(n(groupTop + 14))' font-weight='600'>"
                + "<title>\(HTMLEscaping.escaped(group.label))</title>\(HTMLEscaping.shortened(group.label, limit: 64))</text>"
            for (seriesIndex, value) in group.values.enumerated() {
                let y = groupTop + labelHeight + Double(seriesIndex) * (barHeight + barGap)
                let name = series.indices.contains(seriesIndex) ? series[seriesIndex] : ""
                guard let value else {
                    body += "<text x='\(n(left + 2))' y='\(n(y + 10.5))' fill='#4a5568'>-</text>"
                    continue
                }
                let style = ChartSeriesStyle(index: seriesIndex)
                let barWidth = max(value > 0 ? 1 : 0, x(value) - left)
                body += "<rect class='mark bar' x='\(n(left))' y='\(n(y))' width='\(n(barWidth))' height='\(n(barHeight))' "
                    + "fill='\(style.fill(chartID: id))' stroke='#1a202c' stroke-width='0.5'>"
                    + "<title>\(HTMLEscaping.escaped(group.label)), \(HTMLEscaping.escaped(name)): \(HTMLEscaping.escaped(format(value)))</title></rect>"
                body += "<text x='\(n(left + barWidth + 5))' y='\(n(y + 10.5))' font-size='12'>\(HTMLEscaping.escaped(format(value)))</text>"
                marks += 1
            }
            body += "</g>"
        }
        let axisY = top + plotHeight
        body += "<g class='axis' font-size='12' fill='#2d3748'>"
        body += "<line x1='\(n(left))' x2='\(n(left + plotWidth))' y1='\(n(axisY))' y2='\(n(axisY))' stroke='#2d3748'/>"
        for tick in ticks {
            body += "<text x='\(n(x(tick)))' y='\(n(axisY + 15))' text-anchor='middle'>\(HTMLEscaping.escaped(tickFormat(tick)))</text>"
        }
        body += "<text x='\(n(left + plotWidth / 2))' y='\(n(axisY + 33))' text-anchor='middle'>\(HTMLEscaping.escaped(axisTitle))</text></g>"
        let markup = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 \(n(width)) \(n(height))' "
            + "width='\(n(width))' height='\(n(height))' font-family='Helvetica, Arial, sans-serif' font-size='13' "
            + "role='img'>\(body)</svg>\n"
        return (markup, marks)
    }
}
