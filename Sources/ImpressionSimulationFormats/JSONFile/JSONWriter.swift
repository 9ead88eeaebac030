import ImpressionTracking

/// The project's one JSON writer: the reports and the feed and users files,
/// pretty-printed (two-space indents, one member per line, with containers set on one
/// line where a file keeps them short), and the shard summaries and output lines, compact.
///
/// Writers add members one by one, in the order their documentation gives;
/// ``value(_:)`` writes a whole `JSONValue` (what ``JSONValueEncoder`` makes),
/// members in name order, so the same value always gives the same bytes.
package struct JSONWriter {
    package private(set) var text = ""
    /// Whether the text is one line, with no space after a colon or a comma.
    private let isCompact: Bool
    private var depth = 0
    /// The depth of the outermost container open on one line, `nil` when none is.
    private var inlineDepth: Int?
    private var needsComma = false
    private var isEmptyContainer = false

    /// A writer of pretty-printed JSON, or with `compact`, of one line.
    package init(compact: Bool = false) {
        isCompact = compact
    }

    /// Opens an object; with `inline`, it and everything in it are set on one line,
    /// `{"x": 0, "y": 8}`.
    package mutating func beginObject(inline: Bool = false) { open("{", inline: inline) }
    package mutating func endObject() { close("}") }
    /// Opens an array; with `inline`, on one line, as ``beginObject(inline:)``.
    package mutating func beginArray(inline: Bool = false) { open("[", inline: inline) }
    package mutating func endArray() { close("]") }

    /// Whether what is written now stays on the current line.
    private var isOnOneLine: Bool { isCompact || inlineDepth != nil }

    private mutating func open(_ bracket: String, inline: Bool) {
        text += bracket
        depth += 1
        if inline, inlineDepth == nil { inlineDepth = depth }
        needsComma = false
        isEmptyContainer = true
    }

    private mutating func close(_ bracket: String) {
        let breaksLine = !isEmptyContainer && !isOnOneLine
        if inlineDepth == depth { inlineDepth = nil }
        depth -= 1
        if breaksLine { newline() }
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

    /// An array with an element per item, each written by `body`.
    package mutating func array<Items: Sequence>(_ items: Items, inline: Bool = false,
                                                 _ body: (inout JSONWriter, Items.Element) -> Void) {
        beginArray(inline: inline)
        for item in items {
            element()
            body(&self, item)
        }
        endArray()
    }

    /// An object whose members `body` writes.
    package mutating func object(inline: Bool = false, _ body: (inout JSONWriter) -> Void) {
        beginObject(inline: inline)
        body(&self)
        endObject()
    }

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
        if needsComma { text += isOnOneLine && !isCompact ? ", " : "," }
        if !isOnOneLine { newline() }
        needsComma = false
        isEmptyContainer = false
    }

    private mutating func newline() {
        text += "\n" + String(repeating: "  ", count: depth)
    }
}
