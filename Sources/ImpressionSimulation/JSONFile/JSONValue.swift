import ImpressionTracking
/// Any JSON value, as a feed or users file holds it: parsed whole by ``JSONParser``, then
/// walked (``JSONPathReading``) with the path of every value, so an error can name it.
enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The value in a few words for an error message: `-4`, `"NaN"`, `an object`.
    var described: String {
        switch self {
        case .null: "null"
        case .bool(let bool): String(bool)
        case .number(let number): TraceEncoder.number(number)
        case .string(let string): JSONText.quoted(string.count > 40 ? String(string.prefix(40)) + "..." : string)
        case .array(let array): "an array of \(array.count)"
        case .object: "an object"
        }
    }

    /// Parses a whole JSON document.
    ///
    /// - Throws: ``FileFormatError`` saying where the JSON is malformed.
    static func parse(_ bytes: some Collection<UInt8>) throws(FileFormatError) -> JSONValue {
        try JSONParser.parse(Array(bytes))
    }
}
