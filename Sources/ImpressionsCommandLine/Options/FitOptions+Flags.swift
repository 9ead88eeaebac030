extension FitOptions {
    /// Every flag of `impressions fit`, in the order its help lists them (see
    /// ``CommandFlag``): how its traces are read.
    static let flags: [CommandFlag<FitOptions>] = [
        .keepGoing(\.keepGoing, help: "Skip bad lines (and count them) instead of stopping."),
        .maximumLineBytes(\.limits, help: "The longest line accepted (default 16777216), as for replay."),
        .maximumSections(\.limits, help: "The most sections in one layout (default 100000)."),
    ]
}
