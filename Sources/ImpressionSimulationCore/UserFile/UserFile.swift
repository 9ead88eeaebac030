import ImpressionSimulationFormats
import ImpressionTracking
/// The user model as a JSON file: `impressions simulate --users FILE.json`, and what
/// `impressions fit` writes.
///
/// ```json
/// {
///   "format": "impressions-users",
///   "version": 1,
///   "source": "fitted from 412 traces",
///   "meanReadingPauseMs": 2500,
///   "readingPauseSigma": 0.9,
///   "sessionLength": {"medianMs": 45000, "sigma": 0.9}
/// }
/// ```
///
/// Every parameter of ``UserModel`` has a key: its name, with `Ms` for a duration in
/// milliseconds. A parameter left out keeps the built-in model's value;
/// `sessionLength` absent or `null` makes every session last the run's duration. The
/// format is described in `docs/users-format.md`. Reading checks every value and names
/// the first bad one (`meanReadingPauseMs: must be in 1...86400000, got -3`); unknown
/// keys are errors, so that a typo never silently drops a setting; keys starting with `_`
/// are comments.
package enum UserFile {
    /// The `format` every users file declares.
    package static let formatName = "impressions-users"
    /// The version of the format this library reads and writes.
    package static let currentVersion = 1

    /// Reads a users file.
    ///
    /// - Throws: ``FileFormatError`` naming the first bad value by its key.
    package static func decode(_ bytes: some Collection<UInt8>) throws(FileFormatError) -> UserModel {
        try UserFileReader().model(JSONValue.parse(bytes))
    }

    /// The file of `model`: every parameter, one a line, in a fixed order, with
    /// `source` (free text: where the numbers come from) when given.
    package static func encode(_ model: UserModel, source: String? = nil) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("format"); writer.string(formatName)
        writer.key("version"); writer.integer(currentVersion)
        if let source { writer.key("source"); writer.string(source) }
        for field in UserFileField.all {
            writer.key(field.key)
            switch field.value {
            case .duration(let path): writer.raw(TraceEncoder.milliseconds(model[keyPath: path]))
            case .number: writer.raw(TraceEncoder.number(field.read(model)))
            }
        }
        writer.key("sessionLength")
        if let length = model.sessionLength {
            writer.beginObject(inline: true)
            writer.key("medianMs"); writer.raw(TraceEncoder.milliseconds(length.median))
            writer.key("sigma"); writer.raw(TraceEncoder.number(length.sigma))
            writer.endObject()
        } else {
            writer.raw("null")
        }
        writer.endObject()
        return writer.text + "\n"
    }
}

extension UserModel {
    /// The users a users file describes (the format of `docs/users-format.md`, the one
    /// `impressions simulate --users` reads and `impressions fit` writes); a parameter
    /// the file leaves out keeps the built-in model's value.
    ///
    /// ```swift
    /// let bytes = try Data(contentsOf: URL(fileURLWithPath: "docs/users-example.json"))
    /// var configuration = SimulationConfiguration(sessionCount: 100)
    /// configuration.user = try UserModel(usersFile: bytes)
    /// ```
    ///
    /// - Throws: ``SimulationError`` naming the first bad value:
    ///   `meanReadingPauseMs: must be in 1...86400000, got -3`.
    public init(usersFile bytes: some Collection<UInt8>) throws(SimulationError) {
        do throws(FileFormatError) {
            self = try UserFile.decode(bytes)
        } catch {
            throw SimulationError(error.description)
        }
    }
}

/// Walks a users file's JSON: the header, each parameter, the session length, then
/// the model's own checks, reported at the key they concern.
struct UserFileReader: JSONPathReading {
    func model(_ root: JSONValue) throws(FileFormatError) -> UserModel {
        let fields = try object(root, at: "")
        let keys = Set(UserFileField.all.map(\.key)).union(["format", "version", "source", "sessionLength"])
        try checkFormat(fields, expected: UserFile.formatName)
        try checkKeys(fields, allowed: keys, at: "")
        let version = try number(required(fields, "version", at: ""), at: "version")
        guard version == Double(UserFile.currentVersion) else {
            throw FileFormatError(path: "version", "this tool reads version \(UserFile.currentVersion), got \(TraceEncoder.number(version))")
        }
        if let source = fields["source"] { _ = try string(source, at: "source") }
        var model = UserModel()
        for field in UserFileField.all {
            guard let value = fields[field.key] else { continue }
            let number = try number(value, at: field.key)
            // Durations in milliseconds are range-checked here, before Duration holds them.
            if case .duration = field.value, !(number >= 0 && number <= 86_400_000) {
                throw FileFormatError(path: field.key, "must be in 0...86400000 (ms), got \(TraceEncoder.number(number))")
            }
            field.write(number, to: &model)
        }
        model.sessionLength = try sessionLength(fields["sessionLength"])
        if let problem = model.problem {
            // The model's checks name the property first: `stoppingSpeed must be ...`.
            let name = String(problem.prefix { $0 != " " && $0 != "." })
            let key = UserFileField.all.first { $0.name == name }?.key ?? "sessionLength"
            throw FileFormatError(path: key, String(problem.drop { $0 != " " }.dropFirst()))
        }
        return model
    }

    private func sessionLength(_ value: JSONValue?) throws(FileFormatError) -> SessionLength? {
        guard let value else { return nil }
        if case .null = value { return nil }
        let fields = try object(value, at: "sessionLength")
        try checkKeys(fields, allowed: ["medianMs", "sigma"], at: "sessionLength")
        let median = try number(required(fields, "medianMs", at: "sessionLength"), at: "sessionLength.medianMs")
        guard median >= 1 && median <= 86_400_000 else {
            throw FileFormatError(path: "sessionLength.medianMs", "must be in 1...86400000, got \(TraceEncoder.number(median))")
        }
        let sigma = try number(required(fields, "sigma", at: "sessionLength"), at: "sessionLength.sigma")
        guard sigma >= 0 && sigma <= 10 else {
            throw FileFormatError(path: "sessionLength.sigma", "must be in 0...10, got \(TraceEncoder.number(sigma))")
        }
        return SessionLength(median: DecodedLine.duration(milliseconds: median), sigma: sigma)
    }
}
