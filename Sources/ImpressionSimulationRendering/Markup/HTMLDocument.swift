/// A report page under construction: a title, then blocks of markup, written out as one
/// self-contained HTML file (inline CSS and SVG, no script, nothing fetched).
///
/// Every string a caller did not write (names, paths) must go through
/// ``HTMLEscaping/escaped(_:)`` before it reaches ``append(_:)``; the helpers here do it.
struct HTMLDocument {
    /// The page's title, as given (escaped when written).
    let title: String
    private(set) var body = ""

    init(title: String) { self.title = title }

    /// Raw markup, already escaped.
    mutating func append(_ markup: String) { body += markup }

    /// A heading of `level` (1...3) with escaped `text` and an `id` to link to.
    mutating func heading(_ text: String, level: Int = 2, id: String? = nil) {
        let anchor = id.map { " id=\"\(HTMLEscaping.escaped($0))\"" } ?? ""
        body += "<h\(level)\(anchor)>\(HTMLEscaping.escaped(text))</h\(level)>\n"
    }

    /// A paragraph of escaped `text`, with a class when given.
    mutating func paragraph(_ text: String, className: String? = nil) {
        let attribute = className.map { " class=\"\($0)\"" } ?? ""
        body += "<p\(attribute)>\(HTMLEscaping.escaped(text))</p>\n"
    }

    /// The run's parameters as a definition list; names and values escaped.
    mutating func parameters(_ rows: [(name: String, value: String)]) {
        body += "<dl class=\"parameters\">\n"
        for row in rows {
            body += "<dt>\(HTMLEscaping.escaped(row.name))</dt><dd>\(HTMLEscaping.escaped(row.value))</dd>\n"
        }
        body += "</dl>\n"
    }

    /// A chart: an inline SVG in a figure that says which chart it is (`data-chart`),
    /// the class its marks carry (`data-mark`) and how many it drew (`data-marks`), so a
    /// browser check can find them; `caption` is escaped.
    mutating func figure(chart: String, markClass: String, marks: Int, svg: String, caption: String, wide: Bool = false) {
        body += "<figure class=\"chart\(wide ? " wide" : "")\" data-chart=\"\(HTMLEscaping.escaped(chart))\" "
            + "data-mark=\"\(HTMLEscaping.escaped(markClass))\" data-marks=\"\(marks)\">\n"
        // A wide chart keeps a legible size on a phone and scrolls sideways instead.
        if wide { body += "<div class=\"scroll\">" }
        body += svg
        if wide { body += "</div>" }
        if !body.hasSuffix("\n") { body += "\n" }
        body += "<figcaption>\(HTMLEscaping.escaped(caption))</figcaption>\n</figure>\n"
    }

    /// The whole page.
    func html() -> String {
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
            + "<meta name=\"generator\" content=\"impressions (ImpressionTracking)\"/>\n"
            + "<title>\(HTMLEscaping.shortened(title, limit: 200))</title>\n"
            + "<style>\n\(HTMLStyle.css)\n</style>\n</head>\n<body>\n<main>\n"
            + "<h1>\(HTMLEscaping.escaped(title))</h1>\n"
            + body
            + "</main>\n</body>\n</html>\n"
    }
}
