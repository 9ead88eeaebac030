/// The `--help` texts of the `impressions` command.
package enum HelpText {
    package static let tool = """
        OVERVIEW: Simulate users scrolling a feed, on virtual time, and count the view
        impressions each definition (policy) gives on the same sessions.

        USAGE: impressions <subcommand> [options]

        SUBCOMMANDS:
          simulate    Run simulated sessions over a synthetic feed and compare policies.
          help        Show the help of a subcommand: impressions help simulate

        OPTIONS:
          -h, --help  Show this help.

        Run 'impressions <subcommand> --help' for the options of a subcommand.

        """

    package static var simulate: String {
        // The presets, wrapped to the help's 80 columns under the option's text.
        var presetLines = ["presets:"]
        for name in NamedPolicy.presetNames {
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

            USAGE: impressions simulate [--sessions N] [--sections N] [--seconds S]
                                        [--seed X] [--policy P ...] [--workers N]
                                        [--layout window|feed] [--json]

            OPTIONS:
              --sessions N      Sessions to simulate, 1...1000000 (default 200).
              --sections N      Sections in the feed, 1...1000000 (default 2000).
              --seconds S       Length of a session: 60, 90s, 1.5m, 500ms; at most 86400 s
                                (default 60).
              --seed X          Seed of the feed and the sessions, decimal or 0x-hex
                                (default 1).
              --policy P        A policy to evaluate; repeat it to compare several
                                (default: default, mrc-display, abema). P is a preset name,
                                key=value pairs, or a preset then overrides:
                                  abema
                                  ratio=0.8,duration=2s,measure=area,recurrence=once-per-visit
                                  mrc-display,duration=2s,name=mrc-2s
                                keys: ratio (0...1 or 80%), duration (2s, 500ms),
                                measure (height|area), recurrence (every-entry|
                                once-per-visit|once-per-tracker), name (the column title).
                                \(presets)
              --workers N       Concurrent workers, 1...1024 (default: one per core); the
                                output does not depend on it.
              --layout L        window (default): the engine holds the sections near the
                                screen, as a lazy list reports them; feed: every section.
                                The impressions are the same; window is faster.
              --json            Print JSON instead of the table.
              -h, --help        Show this help.

            A progress bar is drawn on standard error when it is a terminal.

            EXAMPLES:
              impressions simulate
              impressions simulate --sessions 1000 --seed 7 --policy default --policy abema
              impressions simulate --policy ratio=0.8,duration=2s,measure=area --json

            """
    }
}
