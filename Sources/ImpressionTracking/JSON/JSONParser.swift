/// Parses a JSON document (RFC 8259) into a ``JSONValue``, byte by byte.
///
/// Feed and users files are read whole and walked by path, so the parser only has to
/// build the tree, fast: `JSONDecoder` into an enum tries each kind of value in turn and
/// pays for an error each time, where this parser tells a value's kind by its first byte.
/// Hostile input cannot crash it: nesting is capped at ``maximumDepth``. A value the
/// grammar allows but the files cannot use is refused with its JSON path, as the readers
/// refuse a bad value: a number no `Double` holds (`sections[0].height: the number 1e999
/// is out of range`), a string that is not valid UTF-8.
struct JSONParser {
    /// The deepest nesting accepted, as `JSONDecoder`'s.
    static let maximumDepth = 512

    private let bytes: [UInt8]
    /// The bytes are one line of a JSON Lines file: a position is a column.
    private let isLine: Bool
    private var position = 0
    private var depth = 0
    /// Where the parser is: the member names and array indices down to the current value.
    private var path: [PathComponent] = []

    private enum PathComponent {
        case member(String)
        case index(Int)
    }

    /// Parses `bytes`, which must hold exactly one JSON value (with white space around it).
    /// With `isLine`, the bytes are one line of a JSON Lines file, and positions are columns.
    static func parse(_ bytes: [UInt8], isLine: Bool = false) throws(FileFormatError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, isLine: isLine)
        let value = try parser.value()
        parser.skipWhiteSpace()
        guard parser.position == bytes.count else { throw parser.failure("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8], isLine: Bool) {
        self.bytes = bytes
        self.isLine = isLine
    }

    private mutating func value() throws(FileFormatError) -> JSONValue {
        skipWhiteSpace()
        guard position < bytes.count else { throw failure("unexpected end of file") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return .number(try number())
        }
    }

    private mutating func object() throws(FileFormatError) -> JSONValue {
        try enter()
        var members: [String: JSONValue] = [:]
        skipWhiteSpace()
        if peek(UInt8(ascii: "}")) {
            position += 1
        } else {
            while true {
                skipWhiteSpace()
                guard peek(UInt8(ascii: "\"")) else { throw failure("expected a member name in quotes") }
                let key = try string()
                skipWhiteSpace()
                guard peek(UInt8(ascii: ":")) else { throw failure("expected ':' after a member name") }
                position += 1
                path.append(.member(key))
                members[key] = try value()
                path.removeLast()
                skipWhiteSpace()
                if peek(UInt8(ascii: ",")) { position += 1; continue }
                guard peek(UInt8(ascii: "}")) else { throw failure("expected ',' or '}' in an object") }
                position += 1
                break
            }
        }
        depth -= 1
        return .object(members)
    }

    private mutating func array() throws(FileFormatError) -> JSONValue {
        try enter()
        var elements: [JSONValue] = []
        skipWhiteSpace()
        if peek(UInt8(ascii: "]")) {
            position += 1
        } else {
            while true {
                path.append(.index(elements.count))
                elements.append(try value())
                path.removeLast()
                skipWhiteSpace()
                if peek(UInt8(ascii: ",")) { position += 1; continue }
                guard peek(UInt8(ascii: "]")) else { throw failure("expected ',' or ']' in an array") }
                position += 1
                break
            }
        }
        depth -= 1
        return .array(elements)
    }

    private mutating func enter() throws(FileFormatError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw failure("nested more than \(Self.maximumDepth) deep") }
        position += 1
    }

    private mutating func string() throws(FileFormatError) -> String {
        position += 1
        var start = position
        var decoded: [UInt8] = []
        while true {
            guard position < bytes.count else { throw failure("unterminated string") }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { throw failure("a control character in a string") }
            if byte == UInt8(ascii: "\\") {
                decoded += bytes[start..<position]
                position += 1
                try escape(into: &decoded)
                start = position
                continue
            }
            position += 1
        }
        decoded += bytes[start..<position]
        position += 1
        // Refused rather than read as U+FFFD: two different bad names would become one.
        guard let text = String(validating: decoded, as: UTF8.self) else {
            throw FileFormatError(path: pathText, "a string that is not valid UTF-8 (ending at \(place))")
        }
        return text
    }

    /// Appends the character an escape sequence (after its backslash) stands for.
    private mutating func escape(into decoded: inout [UInt8]) throws(FileFormatError) {
        guard position < bytes.count else { throw failure("unterminated string") }
        let byte = bytes[position]
        position += 1
        let simple: [UInt8: UInt8] = [0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C, 0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09]
        if let character = simple[byte] {
            decoded.append(character)
            return
        }
        guard byte == UInt8(ascii: "u") else { throw failure("an unknown escape in a string") }
        var code = try hexQuad()
        if (0xD800..<0xDC00).contains(code), position + 1 < bytes.count,
           bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
            position += 2
            let low = try hexQuad()
            guard (0xDC00..<0xE000).contains(low) else { throw failure("a lone surrogate in a string") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else { throw failure("a lone surrogate in a string") }
        decoded += Array(String(Character(scalar)).utf8)
    }

    private mutating func hexQuad() throws(FileFormatError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw failure("unterminated string") }
        var code: UInt32 = 0
        for byte in bytes[position..<position + 4] {
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { throw failure("a bad \\u escape in a string") }
            code = code * 16 + UInt32(digit)
        }
        position += 4
        return code
    }

    /// A number as the grammar has it: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`;
    /// a whole one written as digits alone keeps its exact value (``JSONNumber``).
    private mutating func number() throws(FileFormatError) -> JSONNumber {
        let start = position
        func digits() -> Int {
            let first = position
            while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") { position += 1 }
            return position - first
        }
        let isNegative = peek(UInt8(ascii: "-"))
        if isNegative { position += 1 }
        let whole = position
        guard digits() > 0 else { throw failure("unexpected character '\(character(at: start))'") }
        if bytes[whole] == UInt8(ascii: "0"), position - whole > 1 { throw failure("a number with a leading zero") }
        var isWhole = true
        if peek(UInt8(ascii: ".")) {
            isWhole = false
            position += 1
            guard digits() > 0 else { throw failure("expected digits after a decimal point") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            isWhole = false
            position += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { position += 1 }
            guard digits() > 0 else { throw failure("expected digits in an exponent") }
        }
        let magnitude = isWhole ? magnitude(of: bytes[whole..<position]) : nil
        // Most numbers in traces and feeds are whole: their Double is exact without strtod.
        if let magnitude, magnitude <= 1 << 53 {
            return JSONNumber(value: isNegative ? -Double(magnitude) : Double(magnitude), wholeMagnitude: magnitude,
                              isNegative: isNegative)
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw FileFormatError(path: pathText, "the number \(text) is out of range (a Double holds up to 1.8e308)")
        }
        return JSONNumber(value: value, wholeMagnitude: magnitude, isNegative: isNegative)
    }

    /// The value of decimal digits, `nil` past `UInt64.max`.
    private func magnitude(of digits: ArraySlice<UInt8>) -> UInt64? {
        var magnitude: UInt64 = 0
        for digit in digits {
            let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times10.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
            guard !overflow, !carry else { return nil }
            magnitude = sum
        }
        return magnitude
    }

    private mutating func literal(_ word: StaticString) throws(FileFormatError) {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count,
              bytes[position..<position + count].elementsEqual(UnsafeBufferPointer(start: word.utf8Start, count: count)) else {
            throw failure("unexpected character '\(character(at: position))'")
        }
        position += count
    }

    private mutating func skipWhiteSpace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    private func peek(_ byte: UInt8) -> Bool {
        position < bytes.count && bytes[position] == byte
    }

    private func character(at index: Int) -> String {
        index < bytes.count ? String(decoding: [bytes[index]], as: UTF8.self) : "end of file"
    }

    /// `malformed JSON: <what> at line L, column C`, for the file as a whole.
    private func failure(_ message: String) -> FileFormatError {
        FileFormatError(path: FileFormatError.wholeFile, "malformed JSON: \(message) at \(place)")
    }

    /// `line L, column C` of the current position; `column C` in a JSON Lines line.
    private var place: String {
        var line = 1
        var column = 1
        for byte in bytes[..<min(position, bytes.count)] {
            if byte == 0x0A { line += 1; column = 1 } else { column += 1 }
        }
        return isLine ? "column \(column)" : "line \(line), column \(column)"
    }

    /// The JSON path of the current value, as the readers write it (`sections[3].id`;
    /// for a member's name, its object's), `(the file)` at the top.
    private var pathText: String {
        var text = ""
        for component in path {
            switch component {
            case .member(let name): text += text.isEmpty ? name : "." + name
            case .index(let index): text += "[\(index)]"
            }
        }
        return text.isEmpty ? FileFormatError.wholeFile : text
    }
}
