import ImpressionSimulation

extension SimulateOptions {
    /// Reads one of the flags that say which sessions a simulated run has and how it
    /// runs, shared by `simulate` and `sweep`: `--sessions`, `--sections`, `--feed`,
    /// `--users`, `--seconds`, `--seed`, `--workers`, `--layout`.
    ///
    /// - Returns: whether `flag` was one of them.
    /// - Throws: ``CommandLineError`` for a bad value.
    mutating func readRunFlag(_ flag: String, scanner: inout ArgumentScanner) throws(CommandLineError) -> Bool {
        switch flag {
        case "--sessions":
            sessions = try scanner.integer(in: Self.sessionRange)
        case "--sections":
            sections = try scanner.integer(in: Self.sectionRange)
        case "--feed":
            let path = try scanner.value()
            guard feedPaths.count < 2 else {
                throw scanner.fail("--feed given a third time ('\(path)'): at most two feeds, A and B")
            }
            feedPaths.append(path)
        case "--users":
            usersPath = try scanner.value()
        case "--seconds":
            let text = try scanner.value()
            guard let seconds = NamedPolicy.parseSeconds(text), seconds > 0, seconds <= Self.maximumSeconds else {
                throw scanner.invalid(text, "expected a session length in seconds, more than 0 and at most 86400 (e.g. 60, 90s, 2m)")
            }
            sessionDuration = .microseconds(Int64((seconds * 1_000_000).rounded()))
        case "--seed":
            seed = try scanner.seed()
        case "--workers":
            workers = try scanner.integer(in: Self.workerRange)
        case "--layout":
            let text = try scanner.value()
            switch text {
            case "window": layoutScope = .window(marginScreens: 2)
            case "feed": layoutScope = .wholeFeed
            default: throw scanner.invalid(text, "expected window or feed")
            }
        default:
            return false
        }
        return true
    }
}
