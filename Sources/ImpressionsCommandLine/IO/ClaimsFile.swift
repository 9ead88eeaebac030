import ImpressionSimulation

/// A claims file read line by line, as ``TraceFile`` reads a trace: each line checked by
/// a ``ClaimDecoder``; a bad line stops the reading with its number, or with
/// `--keep-going` is skipped and counted.
struct ClaimsFile {
    /// How the file is named in messages: its path, or `standard input`.
    let name: String
    /// The claims read, in file order.
    private(set) var claims: [ClaimedImpression] = []
    /// The lines skipped (`--keep-going`), with why.
    private(set) var skipped: [TraceError] = []
    /// The number of the last line read.
    private(set) var lineCount = 0

    /// Reads the claims at `path` (`-`: the command's standard input).
    ///
    /// - Returns: the claims, or a message for standard error naming the file and, for
    ///   a bad line, its number.
    static func read(_ path: String, limits: TraceLimits, keepGoing: Bool, io: some CommandIO) -> Result<ClaimsFile, TraceFile.Failure> {
        var file = ClaimsFile(name: path == "-" ? "standard input" : path)
        var decoder = ClaimDecoder(limits: limits)
        let opened = TraceLineReader.withFile(path, maximumLineBytes: limits.maximumLineBytes, io: io) { reader in
            reader.forEachLine(maximumLineBytes: limits.maximumLineBytes, keepGoing: keepGoing,
                               skipped: &file.skipped, lineCount: &file.lineCount) { bytes, number throws(TraceError) in
                if let claim = try decoder.decode(bytes, lineNumber: number) { file.claims.append(claim) }
            }
        }
        switch opened {
        case .success(let error?): return .failure(TraceFile.Failure(message: "\(file.name): \(error)"))
        case .success(nil): return .success(file)
        case .failure(let error): return .failure(TraceFile.Failure(message: "\(error)"))
        }
    }

    /// Sets a claim aside after reading, with why (`--keep-going`): a claim the trace
    /// shows to be wrong (an unknown section, a time after the end).
    mutating func skip(_ error: TraceError) {
        skipped.append(error)
        skipped.sort { $0.line < $1.line }
    }
}
