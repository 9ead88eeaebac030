import ImpressionSimulationFormats

/// The distribution of the first impression's time per policy, as cumulative step lines:
/// at time t, the share of all sessions whose first impression had come by t. A policy
/// under which some sessions never count levels off below 100 %; a line further right is
/// a slower definition. A dot marks each policy's median. The time axis ends at the
/// latest first impression, where the last line reaches its final share.
struct DistributionChartSVG {
    /// One policy's line.
    struct Series {
        var name: String
        /// The first impression's time at percentiles 0...100 of the sessions that had one
        /// (``PolicySummary/firstImpressionPercentiles``), in seconds; empty when none had.
        var percentiles: [Double]
        /// The sessions that had an impression over all sessions.
        var share: Double
    }

    var id: String
    var series: [Series]

    private let width = 560.0, left = 48.0, right = 16.0, plotHeight = 220.0

    /// The SVG, and the number of marks (class `mark`: a line and a median dot per policy
    /// with impressions).
    func svg() -> (markup: String, marks: Int) {
        let n = { (value: Double) in SVGMarkup.number(value) }
        // The axis ends where the last line makes its last rise (the slowest session's
        // first impression): past it every line is flat, so more axis would be empty.
        let latest = series.compactMap(\.percentiles.last).max() ?? 0
        let end = latest > 0 ? latest : 1
        let ticks = ChartSeriesStyle.ticks(upTo: end, count: 6).filter { $0 <= end * (1 + 1e-9) }
        let plotWidth = width - left - right
        let legend = ChartSeriesStyle.legend(series.map(\.name), chartID: id, x: left, y: 18, width: width - left, lines: true)
        let top = 18 + legend.height + 6
        func x(_ seconds: Double) -> Double { left + max(0, min(1, seconds / end)) * plotWidth }
        func y(_ share: Double) -> Double { top + (1 - max(0, min(1, share))) * plotHeight }
        let height = top + plotHeight + 44

        var body = legend.markup
        body += "<g class='grid' stroke='#cbd5e0' stroke-width='1' fill='#2d3748' font-size='12'>"
        for share in stride(from: 0.0, through: 1.0, by: 0.25) {
            body += "<line x1='\(n(left))' x2='\(n(left + plotWidth))' y1='\(n(y(share)))' y2='\(n(y(share)))'/>"
                + "<text x='\(n(left - 6))' y='\(n(y(share) + 4))' text-anchor='end' stroke='none'>\(Int((share * 100).rounded()))%</text>"
        }
        for tick in ticks {
            body += "<line x1='\(n(x(tick)))' x2='\(n(x(tick)))' y1='\(n(top))' y2='\(n(top + plotHeight))'/>"
                + "<text x='\(n(x(tick)))' y='\(n(top + plotHeight + 16))' text-anchor='middle' stroke='none'>"
                + "\(SVGMarkup.number(tick, digits: 2)) s</text>"
        }
        body += "</g><text x='\(n(left + plotWidth / 2))' y='\(n(top + plotHeight + 36))' text-anchor='middle' font-size='12'>"
            + "time from the session's start to its first impression</text>"
        var marks = 0
        for (index, line) in series.enumerated() where !line.percentiles.isEmpty {
            let style = ChartSeriesStyle(index: index)
            let name = HTMLEscaping.escaped(line.name)
            // The step function through the percentiles: at each distinct time, the share
            // rises to the highest percentile at that time.
            var path = "M\(n(x(0))) \(n(y(0)))"
            var level = 0.0
            var rank = 0
            while rank < line.percentiles.count {
                let time = line.percentiles[rank]
                while rank + 1 < line.percentiles.count, line.percentiles[rank + 1] == time { rank += 1 }
                let reached = Double(rank) / 100 * line.share
                path += "H\(n(x(time)))V\(n(y(reached)))"
                level = reached
                rank += 1
            }
            path += "H\(n(x(end)))"
            body += "<path class='mark cdf' d='\(path)' fill='none' stroke='\(style.color)' stroke-width='2.5'"
                + "\(style.dashAttribute)><title>\(name): \(NumberFormatting.percent(level)) of sessions had a first impression</title></path>"
            let median = line.percentiles[line.percentiles.count / 2]
            body += "<circle class='mark median' cx='\(n(x(median)))' cy='\(n(y(0.5 * line.share)))' r='4.5' fill='\(style.color)' "
                + "stroke='#fff' stroke-width='1.5'><title>\(name): median \(SVGMarkup.number(median, digits: 2)) s</title></circle>"
            marks += 2
        }
        let markup = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 \(n(width)) \(n(height))' "
            + "width='\(n(width))' height='\(n(height))' font-family='Helvetica, Arial, sans-serif' font-size='13' "
            + "role='img'>\(body)</svg>\n"
        return (markup, marks)
    }
}
