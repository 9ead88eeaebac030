extension FeedOptions {
    /// Every flag of `impressions feed`, in the order its help lists them (see
    /// ``CommandFlag``).
    static let flags: [CommandFlag<FeedOptions>] = [
        CommandFlag("--export", usage: FlagUsage(isRequired: true), help: "Write the feed (required).") { options, scanner throws(CommandLineError) in
            try scanner.noValue()
            options.export = true
        },
        CommandFlag("--sections", value: "N", help: "Sections in the feed, 1...1000000 (default 2000).") {
            options, scanner throws(CommandLineError) in
            options.sections = try scanner.integer(in: SimulateOptions.sectionRange)
        },
        CommandFlag("--seed", value: "X", help: "Seed of the feed, as for simulate (default 1).") {
            options, scanner throws(CommandLineError) in
            options.seed = try scanner.seed()
        },
    ]
}
