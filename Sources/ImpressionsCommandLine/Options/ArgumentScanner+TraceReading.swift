import ImpressionSimulation

extension ArgumentScanner {
    /// The values `--max-line-bytes` accepts: a line of a byte up to a gibibyte.
    static let lineBytesRange = 1...(1 << 30)
    /// The values `--max-sections` accepts.
    static let sectionsPerLayoutRange = 1...10_000_000

    /// Reads one of the flags of every command that reads traces (`replay`, `fit`):
    /// `--keep-going`, `--max-line-bytes N`, `--max-sections N`.
    ///
    /// - Returns: whether `flag` was one of them.
    /// - Throws: ``CommandLineError`` for a bad value.
    mutating func traceReadingFlag(_ flag: String, keepGoing: inout Bool, limits: inout TraceLimits) throws(CommandLineError) -> Bool {
        switch flag {
        case "--keep-going":
            try noValue()
            keepGoing = true
        case "--max-line-bytes":
            limits.maximumLineBytes = try integer(in: Self.lineBytesRange)
        case "--max-sections":
            limits.maximumSectionsPerLayout = try integer(in: Self.sectionsPerLayoutRange)
        default:
            return false
        }
        return true
    }
}
