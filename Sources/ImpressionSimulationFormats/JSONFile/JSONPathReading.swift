import ImpressionTracking
/// Reads values out of a parsed JSON file (`JSONValue`, ImpressionTracking's) with the path of each, so that
/// every error names the value: `sections[3].height: must be a number, got "tall"`.
/// The feed and users files' readers adopt it.
package protocol JSONPathReading {}

extension JSONPathReading {
    /// `path.key`, or `key` at the top.
    package func member(_ key: String, of path: String) -> String { path.isEmpty ? key : path + "." + key }

    /// The members of an object.
    package func object(_ value: JSONValue, at path: String) throws(FileFormatError) -> [String: JSONValue] {
        guard case .object(let fields) = value else {
            throw FileFormatError(path: path.isEmpty ? FileFormatError.wholeFile : path, "must be an object, got \(value.described)")
        }
        return fields
    }

    /// The elements of an array.
    package func array(_ value: JSONValue, at path: String) throws(FileFormatError) -> [JSONValue] {
        guard case .array(let elements) = value else { throw FileFormatError(path: path, "must be an array, got \(value.described)") }
        return elements
    }

    /// A member that must be present.
    package func required(_ fields: [String: JSONValue], _ key: String, at path: String) throws(FileFormatError) -> JSONValue {
        guard let value = fields[key] else {
            throw FileFormatError(path: path.isEmpty ? FileFormatError.wholeFile : path, "missing \(JSONText.quoted(key))")
        }
        return value
    }

    /// Refuses a member not in `allowed`, in name order so that the error is always the
    /// same; members starting with `_` are comments.
    package func checkKeys(_ fields: [String: JSONValue], allowed: Set<String>, at path: String) throws(FileFormatError) {
        if let unknown = fields.keys.filter({ !allowed.contains($0) && !$0.hasPrefix("_") }).min() {
            throw FileFormatError(path: member(unknown, of: path),
                                "unknown key (expected \(allowed.sorted().joined(separator: ", ")); keys starting with _ are comments)")
        }
    }

    /// A number.
    package func number(_ value: JSONValue, at path: String) throws(FileFormatError) -> Double {
        guard case .number(let number) = value else {
            throw FileFormatError(path: path, "must be a number, got \(value.described)")
        }
        return number.value
    }

    /// A whole number in `range`.
    package func whole(_ value: JSONValue, in range: ClosedRange<Int>, at path: String) throws(FileFormatError) -> Int {
        let number = try number(value, at: path)
        guard number == number.rounded(), number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
            throw FileFormatError(path: path, "must be a whole number in \(range.lowerBound)...\(range.upperBound), "
                + "got \(TraceEncoder.number(number))")
        }
        return Int(number)
    }

    /// A string.
    package func string(_ value: JSONValue, at path: String) throws(FileFormatError) -> String {
        guard case .string(let string) = value else { throw FileFormatError(path: path, "must be a string, got \(value.described)") }
        return string
    }
}
