extension HelpText {
    /// `impressions sweep --help`.
    package static let sweep = """
        OVERVIEW: How sensitive is the count to the definition? Evaluate a grid of
        definitions of one measure (minimum visible ratios x minimum durations) on the
        same sessions, simulated as 'impressions simulate' runs them or recorded in
        traces, and print impressions per session for each: rows are durations, columns
        ratios. Presets of the measure are marked * on the cell they fall on (same
        measure, ratio and duration); the others are listed below with their own counts
        from the same run. The same options and seed always print the same bytes.

        USAGE: impressions sweep [--measure height|area|width] [--ratios R]
                                 [--durations D] [--presets none|NAME,...]
                                 [--sessions N] [--sections N | --feed FILE.json]
                                 [--seconds S] [--users FILE.json] [--seed X]
                                 [--workers N] [--layout window|feed]
                                 [--traces PATH ...] [--keep-going] [--json]
                                 [--heatmap FILE.svg] [--report FILE.html]

        OPTIONS:
          --measure M       height (default), area or width: the measure of every
                            definition of the grid.
          --ratios R        The minimum visible ratios, the columns: a range
                            start:end:step, end included when a step lands on it
                            (0.1:1:0.1, 10%:100%:10%), or a list (0.25,0.5,75%,1).
                            Each in (0, 1]. Default 0.1:1:0.1.
          --durations D     The minimum durations, the rows: a range (0s:3s:0.5s,
                            0:2:0.25) or a list (0,500ms,1s,2s); bare numbers are
                            seconds. Each in 0...3600 s. Default 0s:3s:0.5s.
                            At most 10000 definitions (ratios x durations).
          --presets P       The presets to mark or list: none, or names separated by
                            commas (default: every preset of the measure). A preset
                            off the grid, or on a cell but differing in another knob
                            (recurrence, timing, focus), is evaluated in the same run.
          --sessions N, --sections N, --feed FILE, --seconds S, --users FILE,
          --seed X, --workers N, --layout L
                            The simulated sessions, as for 'impressions simulate'
                            (default 200 sessions of 60 s on 2000 sections, seed 1).
          --traces PATH ... Sweep the sessions recorded in traces instead, each trace
                            a session, read as 'impressions simulate --traces' reads
                            them: files, directories of *.jsonl, or - for traces one
                            after another on standard input; the paths may follow one
                            --traces. Traces cut short are counted, duplicates of a
                            session left out, and both listed; a bad trace stops the
                            sweep, naming its file and line. With --feed FILE, as
                            for 'simulate --traces': the file names the traces'
                            sections (a bad file stops the sweep) and the sweep's
                            source line names it; the counts are the traces' own.
                            Not with the simulation's other options but --workers.
          --keep-going, --max-line-bytes N, --max-sections N
                            With --traces: as for 'impressions simulate --traces'.
          --json            Print JSON instead of the table: every cell with ratio,
                            durationSeconds, measure, impressions,
                            impressionsPerSession, sessionsWithImpressions and the
                            presets on it, then the presets with their own counts.
          --heatmap FILE    Also draw the grid as an SVG heatmap: cells coloured by
                            impressions per session (a scale that reads in grey too),
                            each labelled, presets outlined and named.
          --report FILE     Also write the sweep as one HTML page to open in a browser
                            (inline CSS and SVG, no script, nothing fetched): the
                            parameters, the presets compared, the heatmap and the grid
                            as a table.
          -h, --help        Show this help.

        EXAMPLES:
          impressions sweep --heatmap sweep.svg
          impressions sweep --report sweep.html
          impressions sweep --measure area --ratios 0.05:1:0.05 --durations 0s:4.5s:0.5s
          impressions sweep --ratios 25%,50%,100% --durations 0,1s,2s --traces traces/*.jsonl

        """
}
