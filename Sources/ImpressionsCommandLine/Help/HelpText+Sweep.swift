extension HelpText {
    /// `impressions sweep --help`: its OPTIONS are its flags' (``SweepOptions/flags``).
    package static var sweep: String {
        """
        OVERVIEW: How sensitive is the count to the definition? Evaluate a grid of
        definitions of one measure (minimum visible ratios x minimum durations) on the
        same sessions, simulated as 'impressions simulate' runs them or recorded in
        traces, and print impressions per session for each: rows are durations, columns
        ratios. Presets of the measure are marked * on the cell they fall on (same
        measure, ratio and duration); the others are listed below with their own counts
        from the same run. The same options and seed always print the same bytes.

        \(usage("sweep", SweepOptions.flags, [Synopsis(lineLengths: [2, 2, 2, 3, 2, 2, 3, 2])]))

        OPTIONS:
        \(options(SweepOptions.flags, column: 20))

        EXAMPLES:
          impressions sweep --heatmap sweep.svg
          impressions sweep --report sweep.html
          impressions sweep --measure area --ratios 0.05:1:0.05 --durations 0s:4.5s:0.5s
          impressions sweep --ratios 25%,50%,100% --durations 0,1s,2s --traces traces/*.jsonl

        """
    }
}
