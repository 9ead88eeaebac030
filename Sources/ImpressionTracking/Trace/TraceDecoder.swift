/// Reads a trace one line at a time, checking each line against the format, the
/// limits (``init()``) and the lines before it (a header first, times never going
/// backwards, nothing after the end).
///
/// A bad line throws a ``TraceError`` with its number and leaves the decoder as it
/// was, so a caller may skip it and go on (`--keep-going`). Nothing a line holds can
/// crash it: numbers are checked to be finite, sizes and counts against the limits.
///
/// ```swift
/// var decoder = TraceDecoder()
/// var inputs: [TimedInput<String>] = []
/// for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
///     if case .input(let input) = try decoder.decode(line.utf8, lineNumber: index + 1) {
///         inputs.append(input)
///     }
/// }
/// if let header = decoder.header {
///     let trace = Trace(header: header, inputs: inputs, end: decoder.end)
/// }
/// ```
public struct TraceDecoder: Sendable {
    /// One decoded line.
    public enum Line: Sendable, Equatable {
        /// The header (the first line).
        case header(TraceHeader)
        /// An engine input.
        case input(TimedInput<String>)
        /// The end of the session.
        case end(Duration)
        /// An empty line, skipped.
        case blank
    }

    /// The limits lines are checked against.
    package let limits: TraceLimits
    /// The header, once read.
    public private(set) var header: TraceHeader? {
        didSet { hasHeader = header != nil }
    }
    /// Whether ``header`` is read: what every later line checks, without copying the
    /// header's strings to ask.
    private var hasHeader = false
    /// The time of the latest line.
    package private(set) var latestTime: Duration = .zero
    /// The end, once read.
    public private(set) var end: Duration?
    /// Whether the lines the writer writes most (`viewport`, `contentOffset`, lifecycle
    /// calls, `end`) are read by ``TraceLineFastPath`` before the general path; tests turn
    /// it off to compare the two, nothing else has a reason to.
    package var usesFastPath = true

    /// A decoder expecting a header first, checking lines against the default limits,
    /// so that a hostile file cannot exhaust memory: lines of up to 16 MiB, layouts of up
    /// to 100,000 sections and 10,000 scroll containers nested at most 32 deep, times of
    /// up to 10^10 ms.
    public init() {
        self.init(limits: TraceLimits())
    }

    /// A decoder expecting a header first, checking lines against `limits`.
    package init(limits: TraceLimits) {
        self.limits = limits
    }

    /// Decodes line `number` (1-based), without its newline.
    ///
    /// - Throws: ``TraceError`` naming the line and the problem; the decoder's state
    ///   is unchanged then.
    // Specialised for the bytes readers hand it, called from other modules: generic, every
    // count, slice and closure of a line would go through witness tables.
    @_specialize(where Bytes == ArraySlice<UInt8>)
    @_specialize(where Bytes == [UInt8])
    public mutating func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes, lineNumber number: Int) throws(TraceError) -> Line {
        switch try step(of: bytes, lineNumber: number) {
        case .line(let line):
            return line
        case .gap(_, let count):
            throw TraceError(line: number, "\(count) lines were lost here while recording (the recorder's reader fell "
                + "behind; see TraceRecorder.bufferLimit): the rest of the trace cannot replay the session exactly")
        }
    }

    /// What a line is to a reader that treats a `gap` line as the end of what can be
    /// replayed exactly, rather than as an error.
    package enum Step {
        /// Any line but a gap, as ``decode(_:lineNumber:)`` gives it.
        case line(Line)
        /// A recorder lost `lines` lines (a number, or `some`) at `time`.
        case gap(time: Duration, lines: String)
    }

    /// Decodes line `number` as ``decode(_:lineNumber:)`` does, giving a `gap` line back
    /// instead of throwing; the gap's time is checked as any line's, and the decoder's
    /// state is left as it was (a gap ends what the trace can replay).
    ///
    /// - Throws: ``TraceError`` as ``decode(_:lineNumber:)`` does for every other line.
    // Takes the slices a `TraceLineReader` reads, not any collection: the re-measurer calls
    // it from another module at every line, and a generic function would find its
    // specialisation for slices by looking their type up at run time.
    package mutating func decodeStep(_ bytes: ArraySlice<UInt8>, lineNumber number: Int) throws(TraceError) -> Step {
        try step(of: bytes, lineNumber: number)
    }

    /// ``decodeStep(_:lineNumber:)`` of any bytes.
    private mutating func step<Bytes: Collection<UInt8>>(of bytes: Bytes, lineNumber number: Int) throws(TraceError) -> Step {
        guard bytes.count <= limits.maximumLineBytes else {
            throw TraceError.lineTooLong(line: number, limit: limits.maximumLineBytes)
        }
        let decoded: DecodedLine
        // Before the blank check, which costs a line the fast path reads more than its
        // reading does (and such a line is never blank).
        if usesFastPath, let line = bytes.withContiguousStorageIfAvailable({ [limits] in TraceLineFastPath.decode($0, limits: limits) }) ?? nil {
            decoded = line
        } else {
            if Self.isBlankLine(bytes) { return .line(.blank) }
            decoded = try Self.decodeJSON(DecodedLine.self, bytes, lineNumber: number, userInfo: [DecodedLine.limitsKey: limits])
        }
        switch decoded {
        case .header(let header):
            guard !hasHeader else { throw TraceError(line: number, "a second header; a trace holds one session") }
            self.header = header
            return .line(.header(header))
        case .input(let time, let input, let afterSample):
            try checkTime(time, lineNumber: number)
            latestTime = time
            return .line(.input(TimedInput(time: time, input: input, afterSample: afterSample)))
        case .end(let time):
            try checkTime(time, lineNumber: number)
            latestTime = time
            end = time
            return .line(.end(time))
        case .gap(let time, let count):
            try checkTime(time, lineNumber: number)
            return .gap(time: time, lines: count)
        }
    }

    private func checkTime(_ time: Duration, lineNumber number: Int) throws(TraceError) {
        guard hasHeader else {
            throw TraceError(line: number, "expected the header first: {\"format\":\"impressions-trace\",\"version\":1,\"sampleIntervalMs\":100}")
        }
        guard end == nil else { throw TraceError(line: number, "a line after the end of the session") }
        guard time >= latestTime else {
            throw TraceError(line: number, "times must not go backwards: \(TraceEncoder.milliseconds(time)) ms "
                + "after \(TraceEncoder.milliseconds(latestTime)) ms")
        }
    }

    /// Whether a line, without its newline, holds nothing but spaces, tabs and carriage
    /// returns: what every JSON-lines reader of the package skips.
    @inline(__always)
    package static func isBlankLine(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    /// Decodes one line's JSON as `type`, turning what goes wrong into a ``TraceError``
    /// on line `number`: a field's path and what was expected, or the problem a
    /// ``TraceLineProblem`` names.
    package static func decodeJSON<Value: Decodable>(_ type: Value.Type, _ bytes: some Collection<UInt8>, lineNumber number: Int,
                                             userInfo: [CodingUserInfoKey: any Sendable] = [:]) throws(TraceError) -> Value {
        do {
            return try JSONValueDecoder(userInfo: userInfo).decode(type, from: bytes, isLine: true)
        } catch {
            throw TraceError(line: number, describe(error))
        }
    }

    /// A decoding error in words: the field's path and what was expected.
    package static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "missing field '\(path(context.codingPath + [key]))'"
        case .valueNotFound(let type, let context):
            return "field '\(path(context.codingPath))' is null, expected \(typeName(type))"
        case .typeMismatch(let type, let context):
            return "field '\(path(context.codingPath))' must be \(typeName(type))"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "malformed JSON: \(context.debugDescription)" }
            return "field '\(path(context.codingPath))': \(context.debugDescription)"
        @unknown default:
            return "malformed line: \(error)"
        }
    }

    /// What reading a JSON value through ``JSONValueDecoder`` threw, in words: the
    /// problem a ``TraceLineProblem`` names, a decoding error's field and what was
    /// expected, malformed JSON as the parser says it, a bad value (a number out of
    /// range, a string not UTF-8) with its field.
    package static func describe(_ error: any Error) -> String {
        switch error {
        case let problem as TraceLineProblem: problem.message
        case let error as DecodingError: describe(error)
        case let error as FileFormatError:
            error.path == FileFormatError.wholeFile ? error.message : "field '\(error.path)': \(error.message)"
        default: "\(error)"
        }
    }

    /// `sections[2].cells[0]`.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
        }
        return text.isEmpty ? "(the line)" : text
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Int.Type, is Int64.Type: "a number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        default:
            "\(type)".hasPrefix("Array") ? "an array" : ("\(type)".hasPrefix("Dictionary") ? "an object" : "\(type)")
        }
    }
}
