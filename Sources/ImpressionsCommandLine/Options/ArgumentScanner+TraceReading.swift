import ImpressionSimulation

extension ArgumentScanner {
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
            limits.maximumLineBytes = try integer(in: 1...(1 << 30))
        case "--max-sections":
            limits.maximumSectionsPerLayout = try integer(in: 1...10_000_000)
        default:
            return false
        }
        return true
    }
}
