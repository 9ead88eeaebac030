import ImpressionSimulation

/// The `--help` texts of the `impressions` command.
package enum HelpText {
    /// Each subcommand's help by name, for `impressions help NAME`.
    static let subcommands = ["simulate": simulate, "feed": feed, "replay": replay, "fit": fit, "merge": merge, "audit": audit,
                              "sweep": sweep]

    /// `impressions --help`: the subcommands.
    package static let tool = """
        OVERVIEW: Simulate users scrolling a feed, on virtual time, or re-measure sessions
        recorded in an app, and count the view impressions each definition (policy) gives
        on the same sessions.

        USAGE: impressions <subcommand> [options]

        SUBCOMMANDS:
          simulate    Run simulated sessions over a synthetic feed, or yours, or
                      re-measure recorded sessions (--traces), and compare policies.
          sweep       Count impressions over a grid of definitions (ratios x
                      durations) on the same sessions: a table, JSON, a heatmap.
          feed        Write the synthetic feed as a feed file, to edit into your own.
          replay      Replay a recorded session (a trace) under policies.
          audit       Check another SDK's impressions against a trace, under a policy.
          fit         Estimate the users' behaviour from traces, for simulate --users.
          merge       Combine the shards of 'simulate --shard' or 'audit --shard' into
                      the whole run's output.
          help        Show the help of a subcommand: impressions help simulate

        OPTIONS:
          -h, --help  Show this help.

        Run 'impressions <subcommand> --help' for the options of a subcommand.

        """

    /// `impressions simulate --help`, with the preset names of ``PolicyPresets``.
    package static var simulate: String {
        // The presets, wrapped to the help's 80 columns under the option's text.
        var presetLines = ["presets:"]
        for name in PolicyPresets.names {
            let addition = " " + name + ","
            if presetLines[presetLines.count - 1].count + addition.count > 60 { presetLines.append("        ") }
            presetLines[presetLines.count - 1] += addition
        }
        let presets = String(presetLines.joined(separator: "\n                    ").dropLast())
        return """
            OVERVIEW: Simulate sessions of users scrolling a synthetic feed (banners, cards,
            two-line modules, carousels, videos taller than the screen, ad slots) on virtual
            time, evaluate every policy on the same sessions, and print a comparison table.
            The same options and seed always print the same bytes, on any number of cores.
            With --traces, re-measures sessions recorded in an app (traces) instead: each
            replayed under every policy and counted as a simulated session is.

            USAGE: impressions simulate [--sessions N] [--sections N | --feed FILE.json]
                                        [--feed B.json] [--seconds S] [--users FILE.json]
                                        [--seed X] [--policy P ...] [--workers N]
                                        [--layout window|feed] [--json] [--signals]
                                        [--trace-out DIR] [--timeline FILE.svg]
                                        [--sections-out FILE.csv] [--report FILE.html]
                                        [--shard I/N]
                   impressions simulate --traces PATH... [--feed FILE.json] [--seed X]
                                        [--policy P ...] [--workers N] [--json]
                                        [--signals] [--sections-out FILE.csv]
                                        [--report FILE.html] [--shard I/N]
                                        [--keep-going] [--max-line-bytes N]
                                        [--max-sections N]

            OPTIONS:
              --sessions N      Sessions to simulate, 1...1000000 (default 200).
              --sections N      Sections in the feed, 1...1000000 (default 2000).
              --feed FILE       Simulate the feed in FILE (your app's: sections, cells,
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
                                Not with --trace-out or --timeline.
              --seconds S       Length of a session: 60, 90s, 1.5m, 500ms; at most 86400 s
                                (default 60); with a users file's session lengths, the cap.
              --users FILE      The users' behaviour (reading pauses, flings, swipes, rare
                                events, session lengths) from FILE (see
                                docs/users-format.md), as 'impressions fit' writes it;
                                a parameter left out keeps the built-in value.
              --seed X          Seed of the feed and the sessions, decimal or 0x-hex
                                (default 1).
              --policy P        A policy to evaluate; repeat it to compare several
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
                                cumulative: the visible time of a visit adds up),
                                cooldown (30s, 2m: no impression again sooner after
                                one; at most 86400 s), min-opacity (0.1: cells less
                                opaque, their containers' opacity included, count
                                for nothing), name (the column title).
                                \(presets)
              --workers N       Concurrent workers, 1...1024 (default: one per core); the
                                output does not depend on it.
              --layout L        window (default): the engine holds the sections near the
                                screen, as a lazy list reports them; feed: every section.
                                The impressions are the same; window is faster.
              --json            Print JSON instead of the table.
              --signals         Also measure the exposure signals of every visit that met
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
              --trace-out DIR   Also write each session as a trace, DIR/session-000000.jsonl
                                (see docs/trace-format.md); 'impressions replay' reads them.
              --timeline FILE   Also draw the first session's timeline under the first
                                policy as an SVG picture.
              --sections-out FILE
                                Also write per-section results as CSV, one row per
                                section and policy: section,kind,position,policy,
                                sessions,rendered,impressed,viewable_rate,
                                mean_time_in_view_ms. rendered: sessions in which part of
                                a cell was on screen at a sample while the screen was
                                active; impressed: sessions in which it fired;
                                viewable_rate: impressed / rendered; time in view:
                                samples at which it met the policy's ratio x interval,
                                averaged over the rendered sessions. The table and JSON
                                sum them by kind of section. With two --feed files, an
                                arm column (A or B) comes first.
              --report FILE     Also write the run as one HTML page to open in a browser
                                (inline CSS and SVG, no script, nothing fetched): the
                                parameters, the table, impressions by feed position,
                                the first impression's distribution and the most and
                                least viewable sections, a chart each; with two --feed
                                files, the A/B differences with their intervals first.
                                About 35 KB whatever the sessions and sections. Not with
                                --shard.
              --shard I/N       Run only slice I of N (I from 0) of the sessions and print
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
              --traces PATH...  Re-measure recorded sessions instead of simulating users:
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
              --keep-going      With --traces: leave a bad trace out (a bad line, another
                                sample interval, no header) and list it, with why.
              --max-line-bytes N, --max-sections N
                                With --traces: the longest line (default 16777216) and
                                the most sections a layout may have (default 100000).
              -h, --help        Show this help.

            A progress bar is drawn on standard error when it is a terminal.

            EXAMPLES:
              impressions simulate
              impressions simulate --sessions 1000 --seed 7 --policy default --policy abema
              impressions simulate --policy ratio=0.8,duration=2s,measure=area --json
              impressions simulate --sessions 10 --trace-out traces --timeline first.svg
              impressions simulate --sessions 1000 --sections-out sections.csv
              impressions simulate --report report.html
              impressions simulate --feed my-feed.json --policy default --policy abema
              impressions simulate --feed my-feed.json --users users.json --seconds 30m
              impressions simulate --feed ad-at-3.json --feed ad-at-5.json --sessions 1000
              impressions simulate --traces beta/ --feed feed.json --policy default --policy abema
              impressions simulate --sessions 100000 --shard $JOB_COMPLETION_INDEX/8 > part.json
              impressions simulate --feed my-feed.json --shard $SLURM_ARRAY_TASK_ID/4 > part.json

            """
    }

    /// `impressions replay --help`.
    package static let replay = """
        OVERVIEW: Replay a recorded session (a trace: JSON Lines, see docs/trace-format.md)
        under one or more policies. Prints one JSON object per impression on standard
        output, in time order, and a summary on standard error.

        USAGE: impressions replay <FILE | -> [--policy P ...] [--keep-going]
                                  [--timeline FILE.svg] [--timeline-rows N]
                                  [--report FILE.html] [--player FILE.html]
                                  [--snapshot-at T] [--signals]
                                  [--max-line-bytes N] [--max-sections N]

        ARGUMENTS:
          FILE                The trace; - reads standard input.

        OPTIONS:
          --policy P          A policy, as for 'impressions simulate' (default: default,
                              mrc-display, abema); repeat it to compare several.
          --keep-going        Skip bad lines (and count them) instead of stopping.
          --timeline FILE     Draw the timeline under the first policy as an SVG picture.
          --timeline-rows N   Sections drawn, the most relevant first, 1...500 (default 40).
          --signals           Give each impression line its exposure signals up to the
                              sample it fired at ("signals": timeInViewMs, timeAtRatioMs,
                              longestRunMs, timeInViewAtRestMs, meanVisibleRatio,
                              peakVisibleRatio, meanScreenShare, peakScreenShare,
                              meanScrollSpeed; the ImpressionTracking manual defines them).
          --report FILE       Also write the replay as an HTML page for a browser
                              (inline CSS and SVG, no script, nothing fetched):
                              the trace, each policy's impressions, the timeline.
          --player FILE       Write the session player: one self-contained HTML page
                              that plays the session back, sample by sample, under
                              every policy (the sections as rectangles, the viewport
                              moving over them, how each section shows, its ratio
                              and its counting, each impression as it fires). At
                              most 36,000 samples (an hour at 100 ms) and 48 MiB of
                              session data; a longer trace is refused, naming the
                              limit.
          --snapshot-at T     Instead of the impressions, print what the player shows
                              just after the sample at time T (e.g. 12.35s): one JSON
                              object per section on or near the screen, per policy,
                              with how it shows ("visibility") and where its counting
                              stands ("counting"), and both in the page's words
                              ("shown": "below threshold, counted").
          --max-line-bytes N  The longest line accepted (default 16777216); a longer one
                              fails as soon as it passes the limit (with --keep-going,
                              it is skipped to its newline).
          --max-sections N    The most sections in one layout (default 100000).
          -h, --help          Show this help.

        A bad line (unknown version, malformed JSON, a missing field, a number that is not
        finite, a time going backwards, a layout the engine refuses, a limit passed) stops
        the replay with its line number on standard error, status 1, and nothing on
        standard output.

        EXAMPLES:
          impressions replay traces/session-000000.jsonl --policy default --policy abema
          impressions replay recorded.jsonl --player session.html
          cat trace.jsonl | impressions replay - --timeline trace.svg > impressions.jsonl
          impressions replay trace.jsonl --report replay.html > impressions.jsonl

        """

    /// `impressions feed --help`.
    package static let feed = """
        OVERVIEW: Write the synthetic feed 'impressions simulate' runs as a feed file
        (JSON, see docs/feed-format.md) on standard output: a starting point to edit
        into your app's feed for 'impressions simulate --feed FILE'. Simulating the
        file gives exactly the report the synthetic feed gives.

        USAGE: impressions feed --export [--sections N] [--seed X]

        OPTIONS:
          --export      Write the feed (required).
          --sections N  Sections in the feed, 1...1000000 (default 2000).
          --seed X      Seed of the feed, as for simulate (default 1).
          -h, --help    Show this help.

        EXAMPLE:
          impressions feed --export --seed 7 > feed.json
          impressions simulate --seed 7 --feed feed.json

        """

    /// `impressions merge --help`.
    package static let merge = """
        OVERVIEW: Combine the JSON printed by 'impressions simulate --shard I/N' for every
        I into exactly the JSON the whole run prints. The shards must come from the same
        arguments; each must be given once, in any order. Shards of a --feed run carry
        the feed, so no feed file is needed; shards of different feeds are refused.
        Shards of a layouts A/B run (two --feed files) merge into its JSON, bootstrap
        intervals included; they do not mix with a single run's. Files are read one at
        a time.

        Shards of 'impressions audit --shard I/N' merge into exactly what the whole
        audit prints (its text, or its JSON when the shards were run with --json), with
        its exit status: 0 when no claim is early, phantom or duplicate, 1 when one is.
        They must come from the same traces, claims and options, and do not mix with
        simulate's shards.

        USAGE: impressions merge <FILE> ... [--sections-out FILE.csv] [--report FILE.html]

        OPTIONS:
          --sections-out FILE  Also write the whole run's per-section results as CSV,
                               exactly as 'simulate --sections-out' writes them.
          --report FILE        Also write the whole run as one HTML page, as
                               'simulate --report' (or, for an audit's shards,
                               'audit --report') writes it, without the command
                               line, which the shards do not record.
          -h, --help           Show this help.

        EXAMPLE:
          for i in 0 1 2 3; do impressions simulate --sessions 1000 --shard $i/4 > part-$i.json; done
          impressions merge part-*.json --sections-out sections.csv --report run.html
          for i in 0 1; do impressions audit traces/*.jsonl --claimed day.jsonl \\
              --policy default --shard $i/2 > audit-$i.json; done
          impressions merge audit-*.json --report audit.html

        """
}
