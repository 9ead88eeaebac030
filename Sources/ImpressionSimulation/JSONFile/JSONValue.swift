import Foundation

/// Any JSON value, as a feed or users file holds it: read whole by `JSONDecoder`, then
/// walked (``JSONPathReading``) with the path of every value, so an error can name it.
enum JSONValue: Decodable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        // Containers are tried first, and their members decoded with `try`, so an error
        // deep inside (a number no Double holds) keeps its own path.
        if var list = try? decoder.unkeyedContainer() {
            var values: [JSONValue] = []
            while !list.isAtEnd { values.append(try list.decode(JSONValue.self)) }
            self = .array(values)
        } else if let members = try? decoder.container(keyedBy: MemberKey.self) {
            var object: [String: JSONValue] = [:]
            for key in members.allKeys { object[key.stringValue] = try members.decode(JSONValue.self, forKey: key) }
            self = .object(object)
        } else {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                self = .null
            } else if let bool = try? value.decode(Bool.self) {
                self = .bool(bool)
            } else if let string = try? value.decode(String.self) {
                self = .string(string)
            } else {
                // What is left is a number, and decoding it says when no Double holds it.
                self = .number(try value.decode(Double.self))
            }
        }
    }

    /// Any member name.
    private struct MemberKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The value in a few words for an error message: `-4`, `"NaN"`, `an object`.
    var described: String {
        switch self {
        case .null: "null"
        case .bool(let bool): String(bool)
        case .number(let number): TraceEncoder.number(number)
        case .string(let string): JSONWriter.quoted(string.count > 40 ? String(string.prefix(40)) + "..." : string)
        case .array(let array): "an array of \(array.count)"
        case .object: "an object"
        }
    }

    /// Parses a whole JSON document.
    ///
    /// - Throws: ``FileFormatError`` saying where the JSON is malformed.
    static func parse(_ bytes: some Collection<UInt8>) throws(FileFormatError) -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw Self.error(error)
        } catch {
            throw FileFormatError(path: "(the file)", "malformed JSON: \(error)")
        }
    }

    /// A decoding error as a path and a message.
    private static func error(_ error: DecodingError) -> FileFormatError {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            // The parser's own words say where: `Unexpected end of file`, `Number 1e999 is not representable`.
            let detail = context.underlyingError.map { " (\($0))" } ?? ""
            return FileFormatError(path: "(the file)", "malformed JSON: \(context.debugDescription)\(detail)")
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            return FileFormatError(path: TraceDecoder.path(context.codingPath), context.debugDescription)
        default:
            return FileFormatError(path: "(the file)", "malformed JSON: \(TraceDecoder.describe(error))")
        }
    }
}
