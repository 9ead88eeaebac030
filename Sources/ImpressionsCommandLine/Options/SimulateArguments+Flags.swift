import ImpressionSimulation
import ImpressionTracking

extension SimulateArguments {
    /// Every flag of `impressions simulate`, in the order its help lists them: how each
    /// is read, described, refused, shown and recorded (see ``CommandFlag``);
    /// ``SimulateOptions/flags`` reads them into its arguments.
    static let flags: [CommandFlag<SimulateArguments>] = [
        CommandFlag("--sessions", value: "N", help: "Sessions to simulate, 1...1000000 (default 200).",
                    refusals: [.recordedTraces: "with --traces: the traces are the sessions"],
                    canonicalForm: .init { [String($0.sessions)] }) { options, scanner throws(CommandLineError) in
            options.sessions = try scanner.integer(in: SimulateOptions.sessionRange)
        },
        CommandFlag("--sections", value: "N", help: "Sections in the feed, 1...1000000 (default 2000).",
                    refusals: [.recordedTraces: "with --traces: the traces lay out their sections"],
                    canonicalForm: .init { $0.feedPath == nil ? [String($0.sections)] : [] }) { options, scanner throws(CommandLineError) in
            options.sections = try scanner.integer(in: SimulateOptions.sectionRange)
        },
        CommandFlag("--feed", value: "FILE",
                    usage: FlagUsage(value: "FILE.json", isAlternative: true, again: ("B.json", .layoutComparison)),
                    help: """
            Simulate the feed in FILE (your app's: sections, cells,
            carousels, repeats, inserts; see docs/feed-format.md)
            instead of the synthetic one. 'impressions feed --export'
            writes the synthetic one as a starting point. A bad file
            fails with the JSON path and the value, status 1. Not with
            --sections.
            Twice, --feed A.json --feed B.json: layouts A/B on the same
            users (the same gestures and lifecycle). Prints what differs
            between the feeds (sections moved, added, removed, by id),
            each feed's table, then per policy and kind of section the
            impressions per session on A and B, B - A and B / A - 1 with
            95% intervals (paired percentile bootstrap over sessions, 2000
            resamples seeded from --seed), whether B - A's interval
            excludes 0, its bootstrap p, and that p Holm-adjusted over
            every row (differs: Holm p <= 0.05); --json puts the
            reports under "a" and "b" and the differences under "ab".
            Not with --trace-out, --timeline or --impressions-out.
            """, canonicalForm: .init { $0.feedPath.map { [$0] } ?? [] }) { options, scanner throws(CommandLineError) in
            let path = try scanner.value()
            guard options.feedPaths.count < 2 else {
                throw scanner.fail("--feed given a third time ('\(path)'): at most two feeds, A and B")
            }
            options.feedPaths.append(path)
        },
        CommandFlag("--seconds", value: "S", help: """
            Length of a session: 60, 90s, 1.5m, 500ms; at most 86400 s
            (default 60); with a users file's session lengths, the cap.
            """, refusals: [.recordedTraces: "with --traces: each trace lasts what it recorded"],
            canonicalForm: .init { [TraceEncoder.milliseconds($0.sessionDuration) + "ms"] }) { options, scanner throws(CommandLineError) in
            let text = try scanner.value()
            guard let seconds = NamedPolicy.parseSeconds(text), seconds > 0, seconds <= SimulateOptions.maximumSeconds else {
                throw scanner.invalid(text, "expected a session length in seconds, more than 0 and at most 86400 (e.g. 60, 90s, 2m)")
            }
            options.sessionDuration = .microseconds(Int64((seconds * 1_000_000).rounded()))
        },
        CommandFlag("--users", value: "FILE", usage: FlagUsage(value: "FILE.json"), help: """
            The users' behaviour (reading pauses, flings, swipes, rare
            events, session lengths) from FILE (see
            docs/users-format.md), as 'impressions fit' writes it;
            a parameter left out keeps the built-in value.
            """, refusals: [.recordedTraces: "with --traces: the traces are real users"],
            // After --seed: the arguments name the sessions and their seed, then the users' model.
            canonicalForm: .init(position: 5) { $0.usersPath.map { [$0] } ?? [] }) { options, scanner throws(CommandLineError) in
            options.usersPath = try scanner.value()
        },
        CommandFlag("--seed", value: "X", help: """
            Seed of the feed and the sessions, decimal or 0x-hex
            (default 1).
            """, canonicalForm: .init { [String($0.seed)] }) { options, scanner throws(CommandLineError) in
            options.seed = try scanner.seed()
        },
        CommandFlag("--policy", value: "P", usage: FlagUsage(value: "P ..."), help: policyHelp,
                    canonicalForm: .init { $0.policyTexts }) { options, scanner throws(CommandLineError) in
            let text = try scanner.value()
            do throws(PolicyParseError) {
                options.policies.append(try NamedPolicy(parsing: text))
                options.policyTexts.append(text)
            } catch {
                throw scanner.invalid(text, error.message)
            }
        },
        CommandFlag("--workers", value: "N", help: """
            Concurrent workers, 1...1024 (default: one per core); the
            output does not depend on it.
            """, isShownInReports: false) { options, scanner throws(CommandLineError) in
            options.workers = try scanner.integer(in: SimulateOptions.workerRange)
        },
        CommandFlag("--layout", value: "L", usage: FlagUsage(value: "window|feed"), help: """
            window (default): the engine holds the sections near the
            screen, as a lazy list reports them; feed: every section.
            The impressions are the same; window is faster.
            """, refusals: [.recordedTraces: "with --traces: the traces lay out what the app laid out"],
            canonicalForm: .init { [$0.layoutScope == .wholeFeed ? "feed" : "window"] }) { options, scanner throws(CommandLineError) in
            let text = try scanner.value()
            switch text {
            case "window": options.layoutScope = .window(marginScreens: 2)
            case "feed": options.layoutScope = .wholeFeed
            default: throw scanner.invalid(text, "expected window or feed")
            }
        },
        CommandFlag("--json", help: "Print JSON instead of the table.", isShownInReports: false) { options, scanner throws(CommandLineError) in
            try scanner.noValue()
            options.json = true
        },
        CommandFlag("--signals", help: """
            Also measure the exposure signals of every visit that met
            each policy (time in view, at the ratio, longest run, at
            rest; mean and peak ratio and screen share; mean scroll
            speed: the ImpressionTracking manual defines each) and
            print their p50 and p90, all kinds together and per kind
            ("exposureSignals" in the JSON, with means; with
            --sections-out, five columns: visits, and per visit
            visit_time_in_view_ms, visit_time_at_rest_ms,
            visit_screen_share, visit_scroll_speed). Shards carry
            them: merge prints what one run prints. Signals
            describe exposure, not attention.
            """) { options, scanner throws(CommandLineError) in
            try scanner.noValue()
            options.measuresExposureSignals = true
        },
        CommandFlag("--trace-out", value: "DIR", help: """
            Also write each session as a trace, DIR/session-000000.jsonl
            (see docs/trace-format.md); 'impressions replay' reads them.
            """, isShownInReports: false, refusals: [
                .recordedTraces: "with --traces: the traces are already traces",
                .layoutComparison: "with two --feed files: record each feed's traces in a run of its own with the same "
                    + "--seed and options (the users are the same)",
            ]) { options, scanner throws(CommandLineError) in
            options.traceDirectory = try scanner.value()
        },
        CommandFlag("--timeline", value: "FILE", usage: FlagUsage(value: "FILE.svg"), help: """
            Also draw the first session's timeline under the first
            policy as an SVG picture.
            """, isShownInReports: false, refusals: [
                .recordedTraces: "with --traces: draw a trace's with 'impressions replay --timeline'",
                .layoutComparison: "with two --feed files: draw each feed's in a run of its own with the same --seed "
                    + "and options (the users are the same)",
            ]) { options, scanner throws(CommandLineError) in
            options.timelinePath = try scanner.value()
        },
        CommandFlag("--sections-out", value: "FILE", usage: FlagUsage(value: "FILE.csv"), help: """
            Also write per-section results as CSV, one row per
            section and policy: section,kind,position,policy,
            fingerprint,sessions,rendered,impressed,viewable_rate,
            mean_time_in_view_ms. rendered: sessions in which part of
            a cell was on screen at a sample while the screen was
            active; impressed: sessions in which it fired;
            viewable_rate: impressed / rendered; time in view:
            samples at which it met the policy's ratio x interval,
            averaged over the rendered sessions. The table and JSON
            sum them by kind of section. With two --feed files, an
            arm column (A or B) comes first.
            """, isShownInReports: false) { options, scanner throws(CommandLineError) in
            options.sectionsOutPath = try scanner.value()
        },
        .impressionsOut(\.impressionsOutPath, help: CommandFlag<SimulateArguments>.impressionsOutHelp + """

            A generated session is named seed-S-session-I (the seed
            and its index, as --trace-out's headers name it); a
            trace by its header's session. A shard writes the rows
            of its slice: the shards' files hold the one run's rows.
            """, refusals: [
                .layoutComparison: "with two --feed files: write each feed's rows in a run of its own with the same "
                    + "--seed and options (the users are the same)",
            ]),
        CommandFlag("--report", value: "FILE", usage: FlagUsage(value: "FILE.html"), help: """
            Also write the run as one HTML page to open in a browser
            (inline CSS and SVG, no script, nothing fetched): the
            parameters, the table, impressions by feed position,
            the first impression's distribution and the most and
            least viewable sections, a chart each; with two --feed
            files, the A/B differences with their intervals first.
            About 35 KB whatever the sessions and sections. Not with
            --shard.
            """, isShownInReports: false) { options, scanner throws(CommandLineError) in
            options.reportPath = try scanner.value()
        },
        CommandFlag("--shard", value: "I/N", help: """
            Run only slice I of N (I from 0) of the sessions and print
            its JSON with the counts 'impressions merge' needs; the
            merged shards print exactly what one run prints, JSON
            and --sections-out CSV. With --traces, slice I of the
            list of traces (files and directories, not -). With
            --feed, each shard carries the feed (about 120 bytes a
            section), so merging needs no file. With two --feed
            files, each shard runs both and carries every session's
            counts by policy and kind (about 26 bytes a session and
            policy) for the bootstrap.
            Batch scripts: docs/slurm, docs/kubernetes.
            """, isShownInReports: false) { options, scanner throws(CommandLineError) in
            let text = try scanner.value()
            guard let shard = Shard(parsing: text) else {
                throw scanner.invalid(text, "expected i/n with 0 <= i < n <= 100000 (e.g. 0/4 ... 3/4)")
            }
            options.shard = shard
        },
        CommandFlag("--traces", value: "PATH...", usage: FlagUsage(selects: .recordedTraces), help: """
            Re-measure recorded sessions instead of simulating users:
            each trace (docs/trace-format.md, as TraceRecorder or
            --trace-out writes them) is replayed under every policy
            and counted as a simulated session is. PATH is a trace
            file, a directory (its *.jsonl files, by name), or - for
            traces one after another on standard input (zcat
            day/*.gz | impressions simulate --traces -). With --feed
            FILE, sections are counted by the feed's positions and
            kinds; without, by id. With two policies or more, each
            one's difference from the first per session, with a
            paired bootstrap interval. The run samples at the first
            trace's interval. A trace without an end line or with
            a gap line is replayed to its last input and listed as
            cut short; of traces naming the same session in their
            headers, the first counts and the others are listed as
            duplicates. A bad trace stops the run (status 1, the
            file and line on standard error). With --shard I/N, a
            shard takes slice I of the list of traces (not of -);
            merged, the shards print what one run prints. Not with
            --sessions, --sections, --seconds, --users, --layout,
            --trace-out, --timeline or a second --feed.
            """, readFollowingOperand: { options, path in options.tracePaths.append(path) }) { options, scanner throws(CommandLineError) in
            options.tracePaths.append(try scanner.value())
        },
        .keepGoing(\.keepGoing, help: """
            With --traces: leave a bad trace out (a bad line, another
            sample interval, no header) and list it, with why.
            """, refusals: withoutTraces),
        .maximumLineBytes(\.limits, help: """
            With --traces: the longest line (default 16777216) and
            the most sections a layout may have (default 100000).
            """, refusals: withoutTraces),
        .maximumSections(\.limits, help: nil, refusals: withoutTraces),
    ]

    /// The refusal of the flags that say how recorded traces are read, by the runs that
    /// read none.
    private static let withoutTraces: [RunMode: String] = [
        .generatedSessions: "without --traces: it says how recorded traces are read",
        .layoutComparison: "without --traces: it says how recorded traces are read",
    ]

    /// The help of `--policy`: the forms of a policy, then the preset names of
    /// ``PolicyPresets``, wrapped to the help's 80 columns.
    private static var policyHelp: String {
        var presetLines = ["presets:"]
        for name in PolicyPresets.names {
            let addition = " " + name + ","
            if presetLines[presetLines.count - 1].count + addition.count > 60 { presetLines.append("        ") }
            presetLines[presetLines.count - 1] += addition
        }
        return """
            A policy to evaluate; repeat it to compare several
            (default: default, mrc-display, abema). P is a preset name,
            key=value pairs, or a preset then overrides:
              abema
              ratio=0.8,duration=2s,measure=area,recurrence=once-per-visit
              mrc-display,duration=2s,name=mrc-2s
              default,timing=cumulative,cooldown=30s
              ratio=1,focus=0.5,name=epoxy-focused
            keys: ratio (0...1 or 80%), duration (2s, 500ms),
            measure (height|area|width: width for sideways
            lists), focus (0.5: against at most that fraction
            of the viewport, Epoxy's focused-visible at ratio=1),
            recurrence (every-entry|
            once-per-visit|once-per-tracker), timing (continuous|
            cumulative|both-ends: cumulative adds up the visible
            time of a visit; both-ends checks when the wait
            starts and ends, React Native's minimumViewTime),
            cooldown (30s, 2m: no impression again sooner after
            one; at most 86400 s), min-opacity (0.1: cells less
            opaque, their containers' opacity included, count
            for nothing), rounding (exact|snap-near-ends|
            floor-to-percent|whole-points: Flutter's snap near
            0 and 1, the OM SDK's whole percent, React Native's
            floored edges), ratio-of (section|viewport: React
            Native's view-area coverage), wait-for-interaction
            (true: nothing counts before the user's first
            drag), name (the column title).

            """ + String(presetLines.joined(separator: "\n").dropLast())
    }
}

extension SimulateOptions {
    /// The flag of ``flags`` written `name`; `nil` for one `simulate` does not take.
    static func flag(named name: String) -> CommandFlag<SimulateOptions>? {
        flags.first { $0.name == name }
    }
}
