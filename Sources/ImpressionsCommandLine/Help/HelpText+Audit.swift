extension HelpText {
    /// `impressions audit --help`: its OPTIONS are its flags' (``AuditOptions/flags``).
    package static var audit: String {
        """
            OVERVIEW: Check the impressions another SDK claimed for recorded sessions
            (traces, see docs/trace-format.md) against a policy: each trace is replayed
            under the policy, and every claim and every impression the policy gives is
            matched, early, late, missing, phantom or duplicate. Prints counts per class,
            precision (matched / claims), recall (matched / expected), added up over the
            traces, and one line per discrepancy, with what the engine saw at the claim's
            time (offscreen, below threshold with the ratio, obstructed, inactive, visible
            for less than the duration).

            \(usage("audit", AuditOptions.flags, [Synopsis(operands: "<TRACE ... | ->", lineLengths: [3, 2, 2, 2, 2])]))

            ARGUMENTS:
              TRACE ...           The traces, e.g. a day's sessions; - reads one from
                                  standard input. Claims name a trace by its file name
                                  without the extension (traces/session-000003.jsonl is
                                  session-000003), so no two may share one.

            OPTIONS:
            \(options(AuditOptions.flags, column: 22))

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
}
