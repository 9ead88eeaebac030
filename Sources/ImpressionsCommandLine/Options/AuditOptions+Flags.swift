import ImpressionSimulation

extension AuditOptions {
    /// Every flag of `impressions audit`, in the order its help lists them (see
    /// ``CommandFlag``).
    static let flags: [CommandFlag<AuditOptions>] = [
        CommandFlag("--claimed", value: "FILE", usage: FlagUsage(value: "<FILE | ->", isRequired: true), help: """
            The claims: one JSON object per line, in time order, with
            "section" and "timeMs" (optional "ratio", "visit",
            "policy", "trace"); the lines 'impressions replay' prints
            are claims as they are. Lines naming another policy are
            left out (and counted). With several traces each claim
            names its "trace", and is timed from that trace's start
            (in time order within each trace: a day's log of
            interleaved sessions reads as it is); with one, "trace"
            is optional.
            """) { options, scanner throws(CommandLineError) in
            guard options.givenClaimedPath == nil else { throw scanner.fail("--claimed given twice: one claims file at a time") }
            options.givenClaimedPath = try scanner.value()
        },
        CommandFlag("--policy", value: "P", usage: FlagUsage(isRequired: true), help: """
            The definition to audit against, as for 'impressions
            simulate' (a preset or a rule); exactly one.
            """) { options, scanner throws(CommandLineError) in
            let text = try scanner.value()
            guard options.givenPolicy == nil else { throw scanner.fail("--policy given twice: an audit is against one policy") }
            do throws(PolicyParseError) {
                options.givenPolicy = try NamedPolicy(parsing: text)
            } catch {
                throw scanner.invalid(text, error.message)
            }
        },
        CommandFlag("--their-interval", value: "D", help: """
            The other code's sample interval: a claim up to D after
            the impression is on time, later is late, before is
            early (default: the trace's sample interval).
            """) { options, scanner throws(CommandLineError) in
            let text = try scanner.value()
            guard let seconds = NamedPolicy.parseSeconds(text), seconds >= 0, seconds <= 3600 else {
                throw scanner.invalid(text, "expected a duration in 0...3600 s (e.g. 200ms, 0.5s)")
            }
            options.theirInterval = .microseconds(Int64((seconds * 1_000_000).rounded()))
        },
        CommandFlag("--om-log", value: "FILE", usage: FlagUsage(value: "FILE.jsonl"), help: """
            Also audit an OM SDK's log of the one trace: one event per
            line ({"adSessionId", "timestamp" in ms from the trace's
            start, "type", "data"}, as 'impressions replay --geometry'
            writes them); lines of another type are skipped. Each
            geometryChange's data.adView.percentageInView is set
            against ours at the last sample at or before its
            timestamp (what the engine saw then); the report lists
            every one that differs by more than --om-tolerance, with
            our reasons, and a clean log in one line. A difference
            fails the audit. Refused (naming the file and line): a
            line that is not JSON, a field OM's typedefs do not name,
            an ad's times out of order, an adSessionId that is not a
            section of the trace, a percentage outside 0...100. One
            trace, not standard input, no --shard.
            """) { options, scanner throws(CommandLineError) in
            options.omLogPath = try scanner.value()
        },
        CommandFlag("--om-tolerance", value: "POINTS", help: """
            How far the OM log's percentageInView may be from ours,
            in percentage points, 0...100 (default 1: the SDK's and
            our flooring of a fraction at the same sample can part
            by one).
            """) { options, scanner throws(CommandLineError) in
            let text = try scanner.value()
            guard let points = Double(text), points.isFinite, (0...100).contains(points) else {
                throw scanner.invalid(text, "expected percentage points in 0...100 (e.g. 1, 0.5)")
            }
            options.omTolerance = points
        },
        CommandFlag("--shard", value: "I/N", help: """
            Audit only the I-th (from 0) of N slices of the traces,
            in name order, and print a shard for 'impressions
            merge', which prints exactly what the whole audit prints
            (text, or JSON with --json) with its exit status. Every
            shard needs the same traces, claims and options. A shard
            written exits 0.
            """, isShownInReports: false) { options, scanner throws(CommandLineError) in
            let text = try scanner.value()
            guard let shard = Shard(parsing: text) else {
                throw scanner.invalid(text, "expected i/n with 0 <= i < n <= 100000 (e.g. 0/4 ... 3/4)")
            }
            options.shard = shard
        },
        CommandFlag("--json", help: """
            Print the report as one JSON object; with several
            traces each discrepancy names its "trace".
            """, isShownInReports: false) { options, scanner throws(CommandLineError) in
            try scanner.noValue()
            options.json = true
        },
        CommandFlag("--report", value: "FILE", usage: FlagUsage(value: "FILE.html"), help: """
            Also write the report as one HTML page to open in a
            browser or pass on: the verdict, the counts per class,
            every discrepancy with its reason (with --shard, the
            slice's; 'merge --report' writes the whole audit's).
            """, isShownInReports: false) { options, scanner throws(CommandLineError) in
            options.reportPath = try scanner.value()
        },
        .keepGoing(\.keepGoing, help: """
            Skip bad lines and impossible claims (and count them)
            instead of stopping.
            """),
        .maximumLineBytes(\.limits, help: "The longest line accepted (default 16777216)."),
        .maximumSections(\.limits, help: "The most sections in one layout (default 100000)."),
    ]
}
