extension HelpText {
    /// `impressions audit --help`.
    package static let audit = """
        OVERVIEW: Check the impressions another SDK claimed for recorded sessions
        (traces, see docs/trace-format.md) against a policy: each trace is replayed
        under the policy, and every claim and every impression the policy gives is
        matched, early, late, missing, phantom or duplicate. Prints counts per class,
        precision (matched / claims), recall (matched / expected), added up over the
        traces, and one line per discrepancy, with what the engine saw at the claim's
        time (offscreen, below threshold with the ratio, obstructed, inactive, visible
        for less than the duration).

        USAGE: impressions audit <TRACE ... | -> --claimed <FILE | -> --policy P
                                 [--their-interval D] [--shard I/N] [--json]
                                 [--report FILE.html] [--keep-going]
                                 [--max-line-bytes N] [--max-sections N]

        ARGUMENTS:
          TRACE ...           The traces, e.g. a day's sessions; - reads one from
                              standard input. Claims name a trace by its file name
                              without the extension (traces/session-000003.jsonl is
                              session-000003), so no two may share one.

        OPTIONS:
          --claimed FILE      The claims: one JSON object per line, in time order, with
                              "section" and "timeMs" (optional "ratio", "visit",
                              "policy", "trace"); the lines 'impressions replay' prints
                              are claims as they are. Lines naming another policy are
                              left out (and counted). With several traces each claim
                              names its "trace", and is timed from that trace's start
                              (in time order within each trace: a day's log of
                              interleaved sessions reads as it is); with one, "trace"
                              is optional.
          --policy P          The definition to audit against, as for 'impressions
                              simulate' (a preset or a rule); exactly one.
          --their-interval D  The other code's sample interval: a claim up to D after
                              the impression is on time, later is late, before is
                              early (default: the trace's sample interval).
          --shard I/N         Audit only the I-th (from 0) of N slices of the traces,
                              in name order, and print a shard for 'impressions
                              merge', which prints exactly what the whole audit prints
                              (text, or JSON with --json) with its exit status. Every
                              shard needs the same traces, claims and options. A shard
                              written exits 0.
          --json              Print the report as one JSON object; with several
                              traces each discrepancy names its "trace".
          --report FILE       Also write the report as one HTML page to open in a
                              browser or pass on: the verdict, the counts per class,
                              every discrepancy with its reason (with --shard, the
                              slice's; 'merge --report' writes the whole audit's).
          --keep-going        Skip bad lines and impossible claims (and count them)
                              instead of stopping.
          --max-line-bytes N  The longest line accepted (default 16777216).
          --max-sections N    The most sections in one layout (default 100000).
          -h, --help          Show this help.

        Matching is per section, in time order, one to one: each impression takes the
        earliest claim at or up to D after it; a claim left over is late (an impression
        left over before it in the same visit), early (one after it in the same visit),
        a duplicate (a second claim in a visit where the policy's recurrence forbids
        it), or a phantom (nothing expected for it in that visit). Exit status 0 when
        no claim is early, phantom or duplicate (late and missing are reported, and do
        not fail), 1 when one is. A bad line in any file (malformed JSON, a missing
        field, times going backwards, a claim repeating an earlier line, a trace not
        given, no "trace" with several, a section in no layout of its trace, a time
        after its end) fails with the file and line number, status 1, and nothing on
        standard output; usage errors exit 2.

        EXAMPLES:
          impressions replay session.jsonl --policy default > ours.jsonl
          impressions audit session.jsonl --claimed ours.jsonl --policy default
          impressions audit session.jsonl --claimed sdk.jsonl --policy mrc-display \\
              --their-interval 200ms --json
          impressions audit traces/*.jsonl --claimed day.jsonl --policy default \\
              --report audit.html
          for i in 0 1 2 3; do impressions audit traces/*.jsonl --claimed day.jsonl \\
              --policy default --shard $i/4 > audit-$i.json; done
          impressions merge audit-*.json

        """
}
