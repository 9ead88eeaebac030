import ImpressionTracking
/// Reads values out of a parsed JSON file (``JSONValue``) with the path of each, so that
/// every error names the value: `sections[3].height: must be a number, got "tall"`.
/// The feed and users files' readers adopt it.
protocol JSONPathReading {}

extension JSONPathReading {
    /// `path.key`, or `key` at the top.
    func member(_ key: String, of path: String) -> String { path.isEmpty ? key : path + "." + key }

    /// The members of an object.
    func object(_ value: JSONValue, at path: String) throws(FileFormatError) -> [String: JSONValue] {
        guard case .object(let fields) = value else {
            throw FileFormatError(path: path.isEmpty ? FileFormatError.wholeFile : path, "must be an object, got \(value.described)")
        }
        return fields
    }

    /// The elements of an array.
    func array(_ value: JSONValue, at path: String) throws(FileFormatError) -> [JSONValue] {
        guard case .array(let elements) = value else { throw FileFormatError(path: path, "must be an array, got \(value.described)") }
        return elements
    }

    /// Refuses a file whose `format` is not `expected`, checked before its keys: a file of
    /// another kind (a feed given as users) is named as what it is, with where it goes,
    /// rather than refused for its first key.
    func checkFormat(_ fields: [String: JSONValue], expected: String) throws(FileFormatError) {
        let format = try required(fields, "format", at: "")
        guard case .string(expected) = format else {
            var message = "expected \(JSONText.quoted(expected)), got \(format.described)"
            if case .string(let name) = format, let kind = Self.otherKinds[name] {
                message += " (\(kind))"
            }
            throw FileFormatError(path: "format", message)
        }
    }

    /// The project's other files, by their `format`, and where each goes.
    private static var otherKinds: [String: String] {
        [
            FeedFile.formatName: "a feed file: give it with --feed",
            UserFile.formatName: "a users file: give it with --users",
            TraceHeader.formatName: "a trace: give it to impressions replay, fit or audit",
        ]
    }

    /// A member that must be present.
    func required(_ fields: [String: JSONValue], _ key: String, at path: String) throws(FileFormatError) -> JSONValue {
        guard let value = fields[key] else {
            throw FileFormatError(path: path.isEmpty ? FileFormatError.wholeFile : path, "missing \(JSONText.quoted(key))")
        }
        return value
    }

    /// Refuses a member not in `allowed`, in name order so that the error is always the
    /// same; members starting with `_` are comments.
    func checkKeys(_ fields: [String: JSONValue], allowed: Set<String>, at path: String) throws(FileFormatError) {
        if let unknown = fields.keys.filter({ !allowed.contains($0) && !$0.hasPrefix("_") }).min() {
            throw FileFormatError(path: member(unknown, of: path),
                                "unknown key (expected \(allowed.sorted().joined(separator: ", ")); keys starting with _ are comments)")
        }
    }

    /// A number.
    func number(_ value: JSONValue, at path: String) throws(FileFormatError) -> Double {
        guard case .number(let number) = value else {
            throw FileFormatError(path: path, "must be a number, got \(value.described)")
        }
        return number.value
    }

    /// A whole number in `range`.
    func whole(_ value: JSONValue, in range: ClosedRange<Int>, at path: String) throws(FileFormatError) -> Int {
        let number = try number(value, at: path)
        guard number == number.rounded(), number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
            throw FileFormatError(path: path, "must be a whole number in \(range.lowerBound)...\(range.upperBound), "
                + "got \(TraceEncoder.number(number))")
        }
        return Int(number)
    }

    /// A string.
    func string(_ value: JSONValue, at path: String) throws(FileFormatError) -> String {
        guard case .string(let string) = value else { throw FileFormatError(path: path, "must be a string, got \(value.described)") }
        return string
    }
}
