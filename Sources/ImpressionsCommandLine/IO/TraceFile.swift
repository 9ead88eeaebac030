import ImpressionTracking
import ImpressionSimulation

/// A trace read line by line, as `replay` and `fit` read one: in 64 KiB chunks, each line
/// checked by a ``TraceDecoder`` and then handed to the caller; a bad line stops the
/// reading with its number, or with `--keep-going` is skipped and counted.
struct TraceFile {
    /// How the trace is named in messages: its path, or `standard input`.
    let name: String
    /// The decoder, after the last line: the header, the end, the latest time.
    private(set) var decoder: TraceDecoder
    /// The lines skipped (`--keep-going`), with why.
    private(set) var skipped: [TraceError] = []
    /// The number of the last line read.
    private(set) var lineCount = 0
    /// The inputs decoded.
    private(set) var inputCount = 0
    /// The number of the last line when it was cut off mid-line (the file ends inside it,
    /// without its newline, and it does not read): the trace was replayed to the line before.
    private(set) var cutLine: Int?

    /// The trace's header.
    var header: TraceHeader? { decoder.header }
    /// Where the trace ends: its `end` line, or its last line's time.
    var end: Duration { decoder.end ?? decoder.latestTime }

    /// Reads the trace at `path` (`-`: the command's standard input), handing each decoded
    /// line to `handle`, which may refuse it by throwing.
    ///
    /// - Returns: the trace read, or why it could not be: a message for standard error,
    ///   naming the file and, for a bad line, its number.
    static func read(_ path: String, limits: TraceLimits, keepGoing: Bool, io: some CommandIO,
                     handle: (TraceDecoder.Line, _ lineNumber: Int) throws(TraceError) -> Void) -> Result<TraceFile, Failure> {
        var file = TraceFile(name: path == "-" ? "standard input" : path, decoder: TraceDecoder(limits: limits))
        let opened = TraceLineReader.withFile(path, maximumLineBytes: limits.maximumLineBytes, io: io) { reader -> TraceError? in
            let stopped = reader.forEachLine(maximumLineBytes: limits.maximumLineBytes, keepGoing: keepGoing,
                                             skipped: &file.skipped, lineCount: &file.lineCount) { bytes, number throws(TraceError) in
                let decoded = try file.decoder.decode(bytes, lineNumber: number)
                if case .input = decoded { file.inputCount += 1 }
                try handle(decoded, number)
            }
            // A last line refused that the file ends inside of is a file cut off mid-write
            // (the trace format's cut-off file): the lines before it stand.
            guard reader.lastLineIsUnterminated, file.decoder.header != nil else { return stopped }
            if let stopped, stopped.line == file.lineCount {
                file.cutLine = stopped.line
                return nil
            }
            if stopped == nil, let last = file.skipped.last, last.line == file.lineCount {
                file.skipped.removeLast()
                file.cutLine = last.line
            }
            return stopped
        }
        switch opened {
        case .success(let error?): return .failure(file.failure("\(error)"))
        case .success(nil): break
        case .failure(let error): return .failure(Failure(message: "\(error)"))
        }
        guard file.decoder.header != nil else {
            guard let first = file.skipped.first else { return .failure(file.failure("the trace is empty: expected the header line")) }
            return .failure(file.failure("no valid header line (\(first))"))
        }
        return .success(file)
    }

    /// Why a trace could not be read, as standard error says it after the command's name.
    struct Failure: Error {
        let message: String
    }

    private func failure(_ message: String) -> Failure {
        Failure(message: "\(name): \(message)")
    }

    /// The skipped lines, for a summary: how many, then the first 20.
    var skippedSummary: String {
        guard !skipped.isEmpty else { return "" }
        var text = "skipped \(NumberFormatting.integer(skipped.count)) bad line\(skipped.count == 1 ? "" : "s") (--keep-going):\n"
        for error in skipped.prefix(20) { text += "  \(error)\n" }
        if skipped.count > 20 { text += "  ... and \(NumberFormatting.integer(skipped.count - 20)) more\n" }
        return text
    }
}
