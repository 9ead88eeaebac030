import ImpressionSimulation
import ImpressionTracking

extension SweepOptions {
    /// Every flag of `impressions sweep`, in the order its help lists them (see
    /// ``CommandFlag``). The simulation's flags and the traces' are `simulate`'s own
    /// (``SimulateOptions/flags``), read into ``simulation``; only their descriptions and
    /// refusals are the sweep's.
    static let flags: [CommandFlag<SweepOptions>] = [
        CommandFlag("--measure", value: "M", usage: FlagUsage(value: "height|area|width"), help: """
            height (default), area or width: the measure of every
            definition of the grid.
            """) { options, scanner throws(CommandLineError) in
            let text = try scanner.value()
            guard let measure = ImpressionPolicy.Measure(name: text.lowercased()) else {
                throw scanner.invalid(text, "expected height, area or width")
            }
            options.gridMeasure = measure
        },
        CommandFlag("--ratios", value: "R", help: """
            The minimum visible ratios, the columns: a range
            start:end:step, end included when a step lands on it
            (0.1:1:0.1, 10%:100%:10%), or a list (0.25,0.5,75%,1).
            Each in (0, 1]. Default 0.1:1:0.1.
            """) { options, scanner throws(CommandLineError) in
            let text = try scanner.value()
            options.gridRatios = try SweepRangeParsing.ratios(text, scanner: scanner)
            options.gridTexts["--ratios"] = text
        },
        CommandFlag("--durations", value: "D", help: """
            The minimum durations, the rows: a range (0s:3s:0.5s,
            0:2:0.25) or a list (0,500ms,1s,2s); bare numbers are
            seconds. Each in 0...3600 s. Default 0s:3s:0.5s.
            At most 10000 definitions (ratios x durations).
            """) { options, scanner throws(CommandLineError) in
            let text = try scanner.value()
            options.gridDurations = try SweepRangeParsing.durations(text, scanner: scanner)
            options.gridTexts["--durations"] = text
        },
        CommandFlag("--presets", value: "P", usage: FlagUsage(value: "none|NAME,..."), help: """
            The presets to mark or list: none, or names separated by
            commas (default: every preset of the measure). A preset
            off the grid, or on a cell but differing in another knob
            (recurrence, timing, focus), is evaluated in the same run.
            """) { options, scanner throws(CommandLineError) in
            let text = try scanner.value()
            options.presets = try presetList(text, scanner: scanner)
        },
        simulation("--sessions", help: """
            The simulated sessions, as for 'impressions simulate'
            (default 200 sessions of 60 s on 2000 sections, seed 1).
            """, refusals: generatedOnly),
        simulation("--sections", refusals: generatedOnly),
        // One feed: the grid is the comparison, so two layouts are not swept at once.
        CommandFlag("--feed", value: "FILE", usage: FlagUsage(value: "FILE.json", isAlternative: true), help: nil) {
            options, scanner throws(CommandLineError) in
            try simulateFeed.read(&options, &scanner)
            guard options.simulation.mode != .layoutComparison else {
                throw scanner.fail("--feed given twice: sweep one feed at a time")
            }
        },
        simulation("--seconds", refusals: generatedOnly),
        simulation("--users", refusals: generatedOnly),
        simulation("--seed", refusals: generatedOnly),
        simulation("--workers"),
        // The layout's scope changes no count, so a sweep of traces lets it be.
        simulation("--layout"),
        simulation("--traces", value: "PATH ...", help: """
            Sweep the sessions recorded in traces instead, each trace
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
            """),
        simulation("--keep-going", help: "With --traces: as for 'impressions simulate --traces'.", refusals: nil),
        simulation("--max-line-bytes", refusals: nil),
        simulation("--max-sections", refusals: nil),
        CommandFlag("--json", help: """
            Print JSON instead of the table: every cell with ratio,
            durationSeconds, measure, impressions,
            impressionsPerSession, sessionsWithImpressions and the
            presets on it, then the presets with their own counts.
            """, isShownInReports: false) { options, scanner throws(CommandLineError) in
            try scanner.noValue()
            options.json = true
        },
        CommandFlag("--heatmap", value: "FILE", usage: FlagUsage(value: "FILE.svg"), help: """
            Also draw the grid as an SVG heatmap: cells coloured by
            impressions per session (a scale that reads in grey too),
            each labelled, presets outlined and named.
            """, isShownInReports: false) { options, scanner throws(CommandLineError) in
            options.heatmapPath = try scanner.value()
        },
        CommandFlag("--report", value: "FILE", usage: FlagUsage(value: "FILE.html"), help: """
            Also write the sweep as one HTML page to open in a browser
            (inline CSS and SVG, no script, nothing fetched): the
            parameters, the presets compared, the heatmap and the grid
            as a table.
            """, isShownInReports: false) { options, scanner throws(CommandLineError) in
            options.reportPath = try scanner.value()
        },
    ]

    /// `simulate`'s `--feed`, which reads the sweep's (given at most once).
    private static let simulateFeed = simulation("--feed")

    /// The refusal of the flags that describe generated sessions, by a sweep of traces.
    private static let generatedOnly: [RunMode: String] = [.recordedTraces: "and --traces: the traces are the sessions"]

    /// `simulate`'s flag `name`, read into ``simulation``: described by `help` (`nil` to
    /// join the entry before it), refused by `refusals` (`nil` for `simulate`'s refusals).
    private static func simulation(_ name: String, value valueName: String? = nil, help: String? = nil,
                                   refusals: [RunMode: String]? = [:]) -> CommandFlag<SweepOptions> {
        guard let flag = SimulateOptions.flag(named: name) else { preconditionFailure("simulate declares \(name)") }
        return flag.lifted(into: \SweepOptions.simulation, value: valueName, help: help, refusals: refusals ?? flag.refusals)
    }
}
