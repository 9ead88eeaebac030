/// Escaping for every string a report did not write itself: section ids, policy names,
/// file names, trace sources.
enum HTMLEscaping {
    /// `text` safe inside HTML text and quoted attributes, and in XML (the SVG pictures,
    /// standalone or inline, escape with it too): `&`, `<`,
    /// `>`, `"` and `'` become character references, and control characters other than
    /// tab and line breaks (which neither HTML nor XML allows) become `?`.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                // C0 and C1 controls and noncharacters are parse errors in HTML.
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                    || (0xFDD0...0xFDEF).contains(scalar.value) || scalar.value & 0xFFFE == 0xFFFE {
                    result += "?"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// `text` cut to `limit` characters with an ellipsis, then escaped: a label that
    /// keeps a chart's layout whatever the name's length (the full name goes in a
    /// `<title>` or `title` attribute).
    static func shortened(_ text: String, limit: Int) -> String {
        escaped(text.count > limit ? String(text.prefix(max(1, limit - 1))) + "…" : text)
    }
}
