extension FeedFileReader {
    /// `path.key`, or `key` at the top.
    func member(_ key: String, of path: String) -> String { path.isEmpty ? key : path + "." + key }

    /// The members of an object.
    func object(_ value: JSONValue, at path: String) throws(FeedFileError) -> [String: JSONValue] {
        guard case .object(let fields) = value else {
            throw FeedFileError(path: path.isEmpty ? "(the file)" : path, "must be an object, got \(value.described)")
        }
        return fields
    }

    /// The elements of an array.
    func array(_ value: JSONValue, at path: String) throws(FeedFileError) -> [JSONValue] {
        guard case .array(let elements) = value else { throw FeedFileError(path: path, "must be an array, got \(value.described)") }
        return elements
    }

    /// A member that must be present.
    func required(_ fields: [String: JSONValue], _ key: String, at path: String) throws(FeedFileError) -> JSONValue {
        guard let value = fields[key] else {
            throw FeedFileError(path: path.isEmpty ? "(the file)" : path, "missing \(JSONWriter.quoted(key))")
        }
        return value
    }

    /// Refuses a member not in `allowed`, in name order so that the error is always the
    /// same; members starting with `_` are comments.
    func checkKeys(_ fields: [String: JSONValue], allowed: Set<String>, at path: String) throws(FeedFileError) {
        if let unknown = fields.keys.filter({ !allowed.contains($0) && !$0.hasPrefix("_") }).min() {
            throw FeedFileError(path: member(unknown, of: path),
                                "unknown key (expected \(allowed.sorted().joined(separator: ", ")); keys starting with _ are comments)")
        }
    }

    /// A number.
    func number(_ value: JSONValue, at path: String) throws(FeedFileError) -> Double {
        guard case .number(let number) = value, number.isFinite else {
            throw FeedFileError(path: path, "must be a number, got \(value.described)")
        }
        return number
    }

    /// A size: positive and at most ``FeedFile/maximumLength``.
    func size(_ value: JSONValue, at path: String) throws(FeedFileError) -> Double {
        let size = try number(value, at: path)
        guard size > 0 else { throw FeedFileError(path: path, "must be positive, got \(TraceEncoder.number(size))") }
        guard size <= FeedFile.maximumLength else {
            throw FeedFileError(path: path, "must be at most \(TraceEncoder.number(FeedFile.maximumLength)), got \(TraceEncoder.number(size))")
        }
        return size
    }

    /// A coordinate or a gap: at most ``FeedFile/maximumLength`` either way (`minimum`
    /// 0 for gaps); `defaultValue` when absent.
    func coordinate(_ value: JSONValue?, at path: String, minimum: Double = -FeedFile.maximumLength,
                    default defaultValue: Double = 0) throws(FeedFileError) -> Double {
        guard let value else { return defaultValue }
        let coordinate = try number(value, at: path)
        guard coordinate >= minimum && coordinate <= FeedFile.maximumLength else {
            throw FeedFileError(path: path, "must be in \(TraceEncoder.number(minimum))...\(TraceEncoder.number(FeedFile.maximumLength)), "
                + "got \(TraceEncoder.number(coordinate))")
        }
        return coordinate
    }

    /// A whole number in `range`.
    func whole(_ value: JSONValue, in range: ClosedRange<Int>, at path: String) throws(FeedFileError) -> Int {
        let number = try number(value, at: path)
        guard number == number.rounded(), number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
            throw FeedFileError(path: path, "must be a whole number in \(range.lowerBound)...\(range.upperBound), "
                + "got \(TraceEncoder.number(number))")
        }
        return Int(number)
    }

    /// A string.
    func string(_ value: JSONValue, at path: String) throws(FeedFileError) -> String {
        guard case .string(let string) = value else { throw FeedFileError(path: path, "must be a string, got \(value.described)") }
        return string
    }
}
