import ImpressionTracking

/// The project's one JSON writer: the reports, pretty-printed (two-space indents, one
/// member per line), and with ``JSONValueEncoder`` the shard summaries, compact.
///
/// Reports write their members one by one, in the order their documentation gives;
/// ``value(_:)`` writes a whole ``JSONValue``, members in name order, so the same value
/// always gives the same bytes.
package struct JSONWriter {
    package private(set) var text = ""
    /// Whether the text is one line, with no space after a colon.
    private let isCompact: Bool
    private var depth = 0
    private var needsComma = false
    private var isEmptyContainer = false

    /// A writer of pretty-printed JSON, or with `compact`, of one line.
    package init(compact: Bool = false) {
        isCompact = compact
    }

    package mutating func beginObject() { open("{") }
    package mutating func endObject() { close("}") }
    package mutating func beginArray() { open("[") }
    package mutating func endArray() { close("]") }

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

    package mutating func key(_ key: String) {
        separate()
        text += JSONText.quoted(key) + (isCompact ? ":" : ": ")
    }

    /// Starts an array element.
    package mutating func element() { separate() }

    package mutating func string(_ value: String) { text += JSONText.quoted(value); needsComma = true }
    package mutating func integer(_ value: Int) { text += String(value); needsComma = true }
    package mutating func raw(_ value: String) { text += value; needsComma = true }

    /// A finite number in Swift's shortest round-trip form (`0.5`, `24.465`); `null`
    /// for a non-finite one, which JSON cannot hold.
    package mutating func number(_ value: Double) {
        text += value.isFinite ? String(describing: value) : "null"
        needsComma = true
    }

    package mutating func optionalNumber(_ value: Double?) {
        if let value { number(value) } else { raw("null") }
    }

    /// A whole value, members in name order; a whole number written as digits alone (or
    /// encoded from an integer) keeps its exact digits.
    mutating func value(_ value: JSONValue) {
        switch value {
        case .null: raw("null")
        case .bool(let bool): raw(bool ? "true" : "false")
        case .number(let number): raw(number.value.isFinite ? number.text : "null")
        case .string(let string): self.string(string)
        case .array(let elements):
            beginArray()
            for element in elements {
                self.element()
                self.value(element)
            }
            endArray()
        case .object(let fields):
            beginObject()
            for name in fields.keys.sorted() {
                key(name)
                self.value(fields[name]!)
            }
            endObject()
        }
    }

    private mutating func separate() {
        if needsComma { text += "," }
        newline()
        needsComma = false
        isEmptyContainer = false
    }

    private mutating func newline() {
        guard !isCompact else { return }
        text += "\n" + String(repeating: "  ", count: depth)
    }
}
