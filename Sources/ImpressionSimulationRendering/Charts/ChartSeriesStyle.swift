/// How a chart draws series `index` (a policy, an arm): a colour whose lightness differs
/// from its neighbours' and, for bars, a fill pattern, for lines a dash, so the series
/// stay apart in greyscale print and for readers who do not tell the hues apart.
struct ChartSeriesStyle {
    let index: Int

    // Okabe-Ito-like hues, ordered so that neighbours differ in lightness:
    // dark blue, light orange, teal, dark red, light grey, purple.
    private static let colors = ["#1d3f72", "#e69f00", "#2b8a7e", "#a23b38", "#a0aec0", "#5b3f8c"]
    private static let dashes = ["", "7 4", "2 3", "10 3 2 3", "4 2", "1 2"]

    var color: String { Self.colors[index % Self.colors.count] }
    /// The line's `stroke-dasharray` attribute, or nothing for a solid line.
    var dashAttribute: String {
        let dash = Self.dashes[index % Self.dashes.count]
        return dash.isEmpty ? "" : " stroke-dasharray='\(dash)'"
    }

    /// 0 solid, 1 diagonal stripes, 2 dots, 3 cross-hatch: changes from one series to
    /// the next after the first two (which already differ most in lightness).
    private var pattern: Int { index < 2 ? 0 : [1, 2, 3, 0][(index - 2) % 4] }

    /// The `fill` attribute's value for a bar in chart `chartID`.
    func fill(chartID: String) -> String { pattern == 0 ? color : "url(#\(chartID)-s\(index))" }

    /// The `<pattern>` a bar's fill refers to, or nothing when it is solid.
    func patternDefinition(chartID: String) -> String {
        let id = "\(chartID)-s\(index)"
        let head = "<pattern id='\(id)' width='6' height='6' patternUnits='userSpaceOnUse'>"
            + "<rect width='6' height='6' fill='\(color)'/>"
        switch pattern {
        case 1: return head + "<path d='M-1 7L7 -1M-1 1L1 -1M5 7L7 5' stroke='#fff' stroke-width='1.6'/></pattern>"
        case 2: return head + "<circle cx='3' cy='3' r='1.3' fill='#fff'/></pattern>"
        case 3: return head + "<path d='M0 3H6M3 0V6' stroke='#fff' stroke-width='1.2'/></pattern>"
        default: return ""
        }
    }

    /// A legend of `names` laid out in rows across `width`, starting at `y`; the swatch
    /// of each is a bar's fill (`lines` false) or a line's stroke. Returns the markup and
    /// the height taken.
    static func legend(_ names: [String], chartID: String, x: Double, y: Double, width: Double,
                       lines: Bool = false) -> (markup: String, height: Double) {
        var markup = "<g class='legend'>"
        var cursorX = x, cursorY = y
        for (index, name) in names.enumerated() {
            let style = ChartSeriesStyle(index: index)
            let label = HTMLEscaping.shortened(name, limit: 32)
            let itemWidth = 30 + 7.2 * Double(min(name.count, 32)) + 16
            if cursorX > x, cursorX + itemWidth > x + width {
                cursorX = x
                cursorY += 20
            }
            let n = { SVGMarkup.number($0) }
            if lines {
                markup += "<line x1='\(n(cursorX))' x2='\(n(cursorX + 24))' y1='\(n(cursorY - 4))' y2='\(n(cursorY - 4))' "
                    + "stroke='\(style.color)' stroke-width='3'\(style.dashAttribute)/>"
            } else {
                markup += "<rect x='\(n(cursorX))' y='\(n(cursorY - 11))' width='22' height='12' "
                    + "fill='\(style.fill(chartID: chartID))' stroke='#1a202c' stroke-width='0.5'/>"
            }
            markup += "<text x='\(n(cursorX + 30))' y='\(n(cursorY))'><title>\(HTMLEscaping.escaped(name))</title>\(label)</text>"
            cursorX += itemWidth
        }
        return (markup + "</g>", cursorY - y + 20)
    }

    /// Round ticks from 0 to at least `maximum`: steps of 1, 2 or 5 times a power of ten,
    /// at most about `count` of them.
    static func ticks(upTo maximum: Double, count: Int = 5) -> [Double] {
        guard maximum > 0, maximum.isFinite else { return [0, 1] }
        let rough = maximum / Double(count)
        var power = 1.0
        while power * 10 <= rough { power *= 10 }
        while power > rough { power /= 10 }
        let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough } ?? power * 10
        var ticks = [0.0]
        while ticks[ticks.count - 1] < maximum - 1e-9 { ticks.append(Double(ticks.count) * step) }
        return ticks
    }
}
