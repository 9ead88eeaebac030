import ImpressionTracking

/// A minimal pretty-printing JSON writer: two-space indents, one member per line.
package struct JSONWriter {
    private(set) var text = ""
    private var depth = 0
    private var needsComma = false
    private var isEmptyContainer = false

    mutating func beginObject() { open("{") }
    mutating func endObject() { close("}") }
    mutating func beginArray() { open("[") }
    mutating func endArray() { close("]") }

    private mutating func open(_ bracket: String) {
        text += bracket
        depth += 1
        needsComma = false
        isEmptyContainer = true
    }

    private mutating func close(_ bracket: String) {
        depth -= 1
        if !isEmptyContainer { newline() }
        text += bracket
        needsComma = true
        isEmptyContainer = false
    }

    mutating func key(_ key: String) {
        separate()
        text += JSONText.quoted(key) + ": "
    }

    /// Starts an array element.
    mutating func element() { separate() }

    mutating func string(_ value: String) { text += JSONText.quoted(value); needsComma = true }
    mutating func integer(_ value: Int) { text += String(value); needsComma = true }
    mutating func raw(_ value: String) { text += value; needsComma = true }

    /// A finite number in Swift's shortest round-trip form (`0.5`, `24.465`); `null`
    /// for a non-finite one, which JSON cannot hold.
    mutating func number(_ value: Double) {
        text += value.isFinite ? String(describing: value) : "null"
        needsComma = true
    }

    mutating func optionalNumber(_ value: Double?) {
        if let value { number(value) } else { raw("null") }
    }

    private mutating func separate() {
        if needsComma { text += "," }
        newline()
        needsComma = false
        isEmptyContainer = false
    }

    private mutating func newline() {
        text += "\n" + String(repeating: "  ", count: depth)
    }
}
