/// The pieces every hand-written SVG picture of the package uses: numbers written the
/// same on every platform, and text escaped for XML.
enum SVGMarkup {
    /// A coordinate to a tenth (or `digits` decimals), without trailing zeros.
    static func number(_ value: Double, digits: Int = 1) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// Text safe inside XML elements and attributes: the escaping of the HTML reports,
    /// which embed these pictures, so one function decides what every name becomes.
    static func escaped(_ text: String) -> String {
        HTMLEscaping.escaped(text)
    }
}

/// Lines of markup, indented by nesting.
struct SVGText {
    private(set) var text = ""
    private var depth = 0
    mutating func line(_ markup: String) { text += String(repeating: "  ", count: depth) + markup + "\n" }
    mutating func open(_ markup: String) { line(markup); depth += 1 }
    mutating func close(_ markup: String) { depth -= 1; line(markup) }
}
