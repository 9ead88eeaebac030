import ImpressionSimulation

extension CommandFlag {
    /// The values `--max-line-bytes` accepts: a line of a byte up to a gibibyte.
    static var lineBytesRange: ClosedRange<Int> { 1...(1 << 30) }
    /// The values `--max-sections` accepts.
    static var sectionsPerLayoutRange: ClosedRange<Int> { 1...10_000_000 }

    /// `--keep-going`, of every command that reads traces: go on past a bad trace, line
    /// or claim, and count it, as `help` says, setting the options' `keyPath`.
    static func keepGoing(_ keyPath: any WritableKeyPath<Options, Bool> & Sendable, help: String?,
                          refusals: [RunMode: String] = [:]) -> CommandFlag {
        CommandFlag("--keep-going", help: help, refusals: refusals) { options, scanner throws(CommandLineError) in
            try scanner.noValue()
            options[keyPath: keyPath] = true
        }
    }

    /// `--max-line-bytes N`, of every command that reads traces: the longest line its
    /// decoder accepts, in the options' limits at `keyPath`.
    static func maximumLineBytes(_ keyPath: any WritableKeyPath<Options, TraceLimits> & Sendable, help: String?,
                                 refusals: [RunMode: String] = [:]) -> CommandFlag {
        CommandFlag("--max-line-bytes", value: "N", help: help, refusals: refusals) { options, scanner throws(CommandLineError) in
            options[keyPath: keyPath].maximumLineBytes = try scanner.integer(in: lineBytesRange)
        }
    }

    /// `--max-sections N`, of every command that reads traces: the most sections in one
    /// layout its decoder accepts, in the options' limits at `keyPath`.
    static func maximumSections(_ keyPath: any WritableKeyPath<Options, TraceLimits> & Sendable, help: String?,
                                refusals: [RunMode: String] = [:]) -> CommandFlag {
        CommandFlag("--max-sections", value: "N", help: help, refusals: refusals) { options, scanner throws(CommandLineError) in
            options[keyPath: keyPath].maximumSectionsPerLayout = try scanner.integer(in: sectionsPerLayoutRange)
        }
    }
}
