extension MergeOptions {
    /// Every flag of `impressions merge`, in the order its help lists them (see
    /// ``CommandFlag``): where the merged run is written besides standard output.
    static let flags: [CommandFlag<MergeOptions>] = [
        CommandFlag("--sections-out", value: "FILE", usage: FlagUsage(value: "FILE.csv"), help: """
            Also write the whole run's per-section results as CSV,
            exactly as 'simulate --sections-out' writes them.
            """) { options, scanner throws(CommandLineError) in
            options.sectionsOutPath = try scanner.value()
        },
        CommandFlag("--report", value: "FILE", usage: FlagUsage(value: "FILE.html"), help: """
            Also write the whole run as one HTML page, as
            'simulate --report' (or, for an audit's shards,
            'audit --report') writes it, without the command
            line, which the shards do not record.
            """) { options, scanner throws(CommandLineError) in
            options.reportPath = try scanner.value()
        },
    ]
}
