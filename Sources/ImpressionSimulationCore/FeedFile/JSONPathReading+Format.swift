import ImpressionSimulationFormats
import ImpressionTracking

extension JSONPathReading {
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
}
