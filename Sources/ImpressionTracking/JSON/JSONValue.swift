/// Any JSON value, as the project reads every JSON file: parsed whole by ``JSONParser``,
/// then walked with the path of every value, so an error can name it: through `Codable`
/// for traces, claims and shards (``JSONValueDecoder``), by hand for feed and users files
/// (`JSONPathReading`). ImpressionSimulationFormats' `JSONValueEncoder` makes one from an
/// `Encodable` value, and its `JSONWriter` writes it.
package enum JSONValue: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, finite.
    case number(JSONNumber)
    /// A string, valid UTF-8.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; of a member named twice, the last.
    case object([String: JSONValue])

    /// The value in a few words for an error message: `-4`, `"NaN"`, `an object`.
    package var described: String {
        switch self {
        case .null: "null"
        case .bool(let bool): String(bool)
        case .number(let number): TraceEncoder.number(number.value)
        case .string(let string): JSONText.quoted(string.count > 40 ? String(string.prefix(40)) + "..." : string)
        case .array(let array): "an array of \(array.count)"
        case .object: "an object"
        }
    }

    /// Parses a whole JSON document.
    ///
    /// - Throws: ``FileFormatError`` saying where the JSON is malformed.
    /// - Parameter isLine: the bytes are one line of a JSON Lines file (a trace's, a
    ///   claims file's), whose errors name the line: a malformed one's position is its column.
    package static func parse(_ bytes: some Collection<UInt8>, isLine: Bool = false) throws(FileFormatError) -> JSONValue {
        try JSONParser.parse(Array(bytes), isLine: isLine)
    }
}
