import ImpressionTracking

extension CommandFlag {
    /// `--impressions-out FILE`, of every command that measures sessions: write one row
    /// per impression (ImpressionTracking's `ImpressionRow`) to FILE, as `help` says,
    /// setting the options' `keyPath`. The file's extension picks the format: a name
    /// that picks none is a usage error naming it.
    static func impressionsOut(_ keyPath: any WritableKeyPath<Options, String?> & Sendable, help: String?,
                               refusals: [RunMode: String] = [:]) -> CommandFlag {
        CommandFlag("--impressions-out", value: "FILE", usage: FlagUsage(value: "FILE.jsonl|FILE.csv"), help: help,
                    isShownInReports: false, refusals: refusals) { options, scanner throws(CommandLineError) in
            let path = try scanner.value()
            guard ImpressionRow.Format(path: path) != nil else {
                throw scanner.invalid(path, "expected a file name ending in .jsonl or .ndjson (JSON lines) or .csv")
            }
            options[keyPath: keyPath] = path
        }
    }

    /// What `--impressions-out` writes, for each command's help.
    static var impressionsOutHelp: String {
        """
        Also write one row per impression to FILE, streamed as
        the run makes them: id, session, section, policy,
        fingerprint, sample, time_ms, visit, visible_ratio,
        visible_ms, and with --signals the exposure signals
        (time_in_view_ms ... mean_scroll_speed). JSON lines for
        FILE.jsonl or .ndjson, CSV with a header for FILE.csv;
        another name is a usage error. id is the impression's
        stable id: a tracker's and its re-measured trace's are
        equal. A FILE that cannot be written fails before the
        run.
        """
    }
}
