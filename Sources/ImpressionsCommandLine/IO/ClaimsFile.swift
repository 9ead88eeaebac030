import ImpressionSimulation
import ImpressionTracking

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
    /// A 64-bit FNV-1a digest of the lines read: shards of one audit read the same file.
    private(set) var digest: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Reads the claims at `path` (`-`: the command's standard input) of the traces
    /// named `traceNames` (see ``ClaimDecoder/traceNames``).
    ///
    /// - Returns: the claims, or a message for standard error naming the file and, for
    ///   a bad line, its number.
    static func read(_ path: String, traceNames: Set<String>?, limits: TraceLimits, keepGoing: Bool,
                     io: some CommandIO) -> Result<ClaimsFile, TraceFile.Failure> {
        var file = ClaimsFile(name: path == "-" ? "standard input" : path)
        var decoder = ClaimDecoder(limits: limits, traceNames: traceNames)
        let opened = TraceLineReader.withFile(path, maximumLineBytes: limits.maximumLineBytes, io: io) { reader in
            reader.forEachLine(maximumLineBytes: limits.maximumLineBytes, keepGoing: keepGoing,
                               skipped: &file.skipped, lineCount: &file.lineCount) { bytes, number throws(TraceError) in
                for byte in bytes { file.digest = (file.digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
                file.digest = (file.digest ^ 0x0A) &* 0x100_0000_01b3
                if let claim = try decoder.decode(bytes, lineNumber: number) { file.claims.append(claim) }
            }
        }
        switch opened {
        case .success(let error?): return .failure(TraceFile.Failure(message: "\(file.name): \(error)"))
        case .success(nil): return .success(file)
        case .failure(let error): return .failure(TraceFile.Failure(message: "\(error)"))
        }
    }
}
