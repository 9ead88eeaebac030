import ImpressionSimulation

extension ImpressionsCommand {
    /// `impressions feed --export`: the synthetic feed `simulate` runs, as a feed file on
    /// standard output, to edit into the app's own (`simulate --feed FILE`).
    static func feed(_ options: FeedOptions, io: some CommandIO) -> Int32 {
        io.writeOutput(FeedFile.encode(options.feed))
        return 0
    }
}
