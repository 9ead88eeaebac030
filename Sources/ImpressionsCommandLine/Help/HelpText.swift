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

    /// `impressions simulate --help`: its OPTIONS are its flags' (``SimulateOptions/flags``).
    package static var simulate: String {
        """
            OVERVIEW: Simulate sessions of users scrolling a synthetic feed (banners, cards,
            two-line modules, carousels, videos taller than the screen, ad slots) on virtual
            time, evaluate every policy on the same sessions, and print a comparison table.
            The same options and seed always print the same bytes, on any number of cores.
            With --traces, re-measures sessions recorded in an app (traces) instead: each
            replayed under every policy and counted as a simulated session is.

            \(usage("simulate", SimulateOptions.flags, [
                Synopsis(modes: [.generatedSessions, .layoutComparison], lineLengths: [2, 3, 3, 3, 2, 2, 1]),
                Synopsis(modes: [.recordedTraces], lineLengths: [3, 3, 2, 2, 2, 1]),
            ]))

            OPTIONS:
            \(options(SimulateOptions.flags, column: 20))

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

    /// `impressions replay --help`: its OPTIONS are its flags' (``ReplayOptions/flags``).
    package static var replay: String {
        """
            OVERVIEW: Replay a recorded session (a trace: JSON Lines, see docs/trace-format.md)
            under one or more policies. Prints one JSON object per impression on standard
            output, in time order, and a summary on standard error.

            \(usage("replay", ReplayOptions.flags, [Synopsis(operands: "<FILE | ->", lineLengths: [3, 2, 1, 2, 2, 2, 2])]))

            ARGUMENTS:
              FILE                The trace; - reads standard input.

            OPTIONS:
            \(options(ReplayOptions.flags, column: 22))

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
    }

    /// `impressions feed --help`: its OPTIONS are its flags' (``FeedOptions/flags``).
    package static var feed: String {
        """
            OVERVIEW: Write the synthetic feed 'impressions simulate' runs as a feed file
            (JSON, see docs/feed-format.md) on standard output: a starting point to edit
            into your app's feed for 'impressions simulate --feed FILE'. Simulating the
            file gives exactly the report the synthetic feed gives.

            \(usage("feed", FeedOptions.flags, [Synopsis(lineLengths: [3])]))

            OPTIONS:
            \(options(FeedOptions.flags, column: 16))

            EXAMPLE:
              impressions feed --export --seed 7 > feed.json
              impressions simulate --seed 7 --feed feed.json

            """
    }

    /// `impressions merge --help`: its OPTIONS are its flags' (``MergeOptions/flags``).
    package static var merge: String {
        """
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

            \(usage("merge", MergeOptions.flags, [Synopsis(operands: "<FILE> ...", lineLengths: [3])]))

            OPTIONS:
            \(options(MergeOptions.flags, column: 23))

            EXAMPLE:
              for i in 0 1 2 3; do impressions simulate --sessions 1000 --shard $i/4 > part-$i.json; done
              impressions merge part-*.json --sections-out sections.csv --report run.html
              for i in 0 1; do impressions audit traces/*.jsonl --claimed day.jsonl \\
                  --policy default --shard $i/2 > audit-$i.json; done
              impressions merge audit-*.json --report audit.html

            """
    }
}
