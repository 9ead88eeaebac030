import ImpressionSimulationAnalyses
import ImpressionSimulationCore
import ImpressionSimulationFormats
import ImpressionTracking

extension SimulationReport {
    /// The report as a text table: one column per policy, one row per figure.
    ///
    /// Deterministic: the same report always gives the same bytes.
    public func table() -> String {
        var lines = summaryLines()
        lines.append("")

        var rows: [Row] = []
        rows.append(Row(label: "policy", values: policies.map(\.policy.name)))
        rows.append(Row(label: "rule", values: policies.map { NumberFormatting.rule($0.policy.policy) }))
        rows.append(Row(label: "recurrence", values: policies.map { NumberFormatting.recurrence($0.policy.policy.recurrence) }))
        rows.append(.separator)
        rows.append(Row(label: "impressions", values: policies.map { NumberFormatting.integer($0.impressions) }))
        rows.append(Row(label: "  per session", values: policies.map { NumberFormatting.decimal($0.impressionsPerSession) }))
        rows.append(Row(label: "distinct sections per session",
                        values: policies.map { NumberFormatting.decimal($0.distinctSectionsPerSession) }))
        rows.append(Row(label: "first impression p50",
                        values: policies.map { $0.firstImpressionMedian.map(NumberFormatting.seconds) ?? "-" }))
        rows.append(Row(label: "first impression p90",
                        values: policies.map { $0.firstImpressionP90.map(NumberFormatting.seconds) ?? "-" }))
        rows.append(Row(label: "sessions without impressions",
                        values: policies.map { NumberFormatting.integer(configuration.sessionCount - $0.sessionsWithImpressions) }))
        if groupsByKind { rows += positionAndKindRows() }
        lines += Self.render(rows)
        lines.append("")
        lines += Self.fingerprintLines(policies.map(\.policy))
        if !policyDifferences.isEmpty {
            lines.append("")
            lines += differenceLines()
        }
        if groupsByKind {
            lines.append("")
            lines += Self.render(kindRows())
        }
        if policies.contains(where: { $0.exposure != nil }) {
            lines.append("")
            lines += Self.render(exposureRows())
        }
        if let recorded { lines += recorded.lines() }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Each policy's `ImpressionPolicy.fingerprint` under its name, a line each after a
    /// heading: what a column counted, whatever it is called, in a form a script reads
    /// (the fingerprint is the line's last word, a name may hold spaces). Under the
    /// table rather than a row of it, so that the columns keep the width of their figures.
    static func fingerprintLines(_ policies: [NamedPolicy]) -> [String] {
        let width = policies.map(\.name.count).max() ?? 0
        return ["definition fingerprints"] + policies.map { named in
            "  " + named.name + String(repeating: " ", count: width - named.name.count) + "  " + named.policy.fingerprint
        }
    }

    /// Whether the report counts by feed position and kind: always in a simulation;
    /// over recorded sessions, when a feed names their sections. Without one, a run over
    /// traces knows no positions or kinds, and no form of its report shows them.
    package var groupsByKind: Bool { recorded == nil || sectionsByKind.contains { $0 > 0 } }

    /// Each policy after the first against the first on the same sessions, a line each:
    /// `abema minus default: -8.70 impressions per session [-9.10, -8.30]`.
    func differenceLines() -> [String] {
        guard let first = policies.first else { return [] }
        let sessions = configuration.sessionCount
        var lines = ["paired differences, the same \(sessions == 1 ? "session" : NumberFormatting.integer(sessions) + " sessions") "
            + "(95 % bootstrap intervals)"]
        for (summary, difference) in zip(policies.dropFirst(), policyDifferences) {
            lines.append("  \(summary.policy.name) minus \(first.policy.name): "
                + "\(LayoutComparisonReport.signed(difference.difference)) impressions per session "
                + "[\(LayoutComparisonReport.signed(difference.lower)), "
                + "\(LayoutComparisonReport.signed(difference.upper))]")
        }
        return lines
    }

    /// The rows that count by feed position and kind of section, each block ending with
    /// the sections outside the feed when there are some, so that it adds up to the
    /// impressions.
    private func positionAndKindRows() -> [Row] {
        let outsideFeed = countsOutsideFeed
            ? [Row(label: "  " + Self.outsideFeedLabel, values: policies.map { NumberFormatting.integer($0.impressionsOutsideFeed) })]
            : []
        var rows: [Row] = []
        rows.append(.separator)
        rows.append(Row(label: "by feed position", values: policies.map { _ in "" }))
        // Buckets beyond the deepest impression are folded into one row of zeros.
        let lastCounted = depthBuckets.indices.last { bucket in policies.contains { $0.impressionsByDepth[bucket] > 0 } }
        for (bucketIndex, bucket) in depthBuckets.enumerated() {
            if let lastCounted, bucketIndex <= lastCounted || bucketIndex == depthBuckets.count - 1 {
                rows.append(Row(label: "  " + bucket.label,
                                values: policies.map { NumberFormatting.integer($0.impressionsByDepth[bucketIndex]) }))
            } else if bucketIndex == (lastCounted ?? -1) + 1, let last = depthBuckets.last {
                let folded = DepthBucket(first: bucket.first, last: last.last)
                rows.append(Row(label: "  " + folded.label, values: policies.map { _ in "0" }))
                break
            }
        }
        rows += outsideFeed
        rows.append(.separator)
        rows.append(Row(label: "by section kind", values: policies.map { _ in "" }))
        for (kindIndex, kind) in SectionKind.allCases.enumerated() {
            rows.append(Row(label: "  " + kind.name,
                            values: policies.map { NumberFormatting.integer($0.impressionsByKind[kindIndex]) }))
        }
        return rows + outsideFeed
    }

    /// The line of the sections outside the feed, under the kinds and the positions.
    static let outsideFeedLabel = "outside the feed"

    /// With `--signals`, as the table and the page show it: the visits, each signal's
    /// median and 90th percentile over the visits that met each policy, then time in view
    /// and screen share per section kind (the JSON has every signal per kind). A line
    /// without values heads the lines indented under it.
    func exposureLines() -> [(label: String, indented: Bool, values: [String]?)] {
        func cell(_ group: ExposureDistributions.Group?, _ signal: ExposureSignal) -> String {
            guard let statistics = group?[signal] else { return "-" }
            let digits = signal == .meanScrollSpeed ? 0 : 2
            return NumberFormatting.decimal(statistics.median, digits: digits) + " / "
                + NumberFormatting.decimal(statistics.p90, digits: digits)
        }
        var lines: [(label: String, indented: Bool, values: [String]?)] = []
        lines.append(("visits that met the policy", false,
                      policies.map { $0.exposure.map { NumberFormatting.integer($0.all.visits) } ?? "-" }))
        for signal in ExposureSignal.allCases {
            lines.append((signal.label, true, policies.map { cell($0.exposure?.all, signal) }))
        }
        for signal in [ExposureSignal.timeInView, .meanScreenShare] where groupsByKind {
            lines.append((signal.label + " by section kind", false, nil))
            for (kindIndex, kind) in SectionKind.allCases.enumerated() {
                lines.append((kind.name, true, policies.map { cell($0.exposure?.byKind[kindIndex], signal) }))
            }
            if countsOutsideFeed {
                lines.append((Self.outsideFeedLabel, true, policies.map { cell($0.exposure?.outsideFeed, signal) }))
            }
        }
        return lines
    }

    private func exposureRows() -> [Row] {
        [Row(label: "exposure per visit, p50 / p90", values: policies.map(\.policy.name)), .separator]
            + exposureLines().map { line in
                Row(label: (line.indented ? "  " : "") + line.label, values: line.values ?? policies.map { _ in "" })
            }
    }

    /// The lines above the table: the run (sessions, length, feed size, seed, interval),
    /// the feed's composition, how deep sessions got, and any refused inputs.
    func summaryLines() -> [String] {
        if let recorded { return recordedSummaryLines(recorded) }
        let configuration = configuration
        var lines: [String] = []
        let sections = sectionsByKind.reduce(0, +)
        let sessionNoun = configuration.sessionCount == 1 ? "session" : "sessions"
        // With a users file's session lengths, the duration is their cap.
        let length = configuration.user.sessionLength.map { length in
            "up to \(NumberFormatting.compactSeconds(configuration.sessionDuration)) (log-normal, median "
                + "\(NumberFormatting.compactSeconds(length.median)), sigma \(TraceEncoder.number(length.sigma)))"
        } ?? NumberFormatting.compactSeconds(configuration.sessionDuration)
        lines.append("\(NumberFormatting.integer(configuration.sessionCount)) \(sessionNoun) of \(length) on a feed of "
            + "\(NumberFormatting.integer(sections)) sections, seed \(configuration.seed), "
            + "sampled every \(NumberFormatting.interval(configuration.sampleInterval))")
        let composition = zip(SectionKind.allCases, sectionsByKind)
            .map { "\(NumberFormatting.integer($1)) \($0.name)" }
            .joined(separator: ", ")
        lines.append("feed: \(composition)")
        lines.append("deepest position reached: mean \(NumberFormatting.decimal(deepestPositionMean)), "
            + "median \(deepestPositionMedian), p90 \(deepestPositionP90)")
        if rejectedInputs > 0 {
            lines.append("warning: the engines refused \(NumberFormatting.integer(rejectedInputs)) inputs")
        }
        return lines
    }

    /// The lines above the table of a run over traces: the sessions and their time, the
    /// traces read and not counted, the feed that names their sections, how deep they got,
    /// and whether the feed is likely another's than the traces'.
    private func recordedSummaryLines(_ recorded: RecordedSessions) -> [String] {
        let sessions = configuration.sessionCount
        // The mean of no session would be a generated run's default length, not a figure.
        let mean = sessions == 0 ? "" : " (mean \(NumberFormatting.compactSeconds(configuration.sessionDuration)))"
        var lines = ["\(NumberFormatting.integer(sessions)) recorded session\(sessions == 1 ? "" : "s"), "
            + "\(NumberFormatting.compactSeconds(recorded.sessionTime)) in all\(mean), sampled every "
            + "\(NumberFormatting.interval(configuration.sampleInterval))"]
        lines.append(recorded.summary)
        if groupsByKind {
            let composition = zip(SectionKind.allCases, sectionsByKind).map { "\(NumberFormatting.integer($1)) \($0.name)" }
            lines.append("feed: \(composition.joined(separator: ", "))")
            lines.append("deepest position reached: mean \(NumberFormatting.decimal(deepestPositionMean)), "
                + "median \(deepestPositionMedian), p90 \(deepestPositionP90)")
            if let warning = feedMismatchWarning { lines.append(warning) }
        } else {
            lines.append("sections: \(NumberFormatting.integer(sections.count)) ids, by id (a feed file given with --feed "
                + "groups them by kind and position)")
        }
        return lines
    }

    /// The per-kind summary, a table of its own so that its widths leave the main
    /// table's lines as they were: section-sessions rendered, the viewable rate and the
    /// mean time in view per rendered section-session, under each policy; and the same
    /// for the sections outside the feed, when there are some.
    private func kindRows() -> [Row] {
        func outsideFeed(_ value: (SectionViewability) -> String) -> [Row] {
            guard countsOutsideFeed else { return [] }
            return [Row(label: "  " + Self.outsideFeedLabel, values: policies.map { value($0.viewabilityOutsideFeed) })]
        }
        var rows: [Row] = []
        rows.append(Row(label: "by section kind", values: policies.map(\.policy.name)))
        rows.append(.separator)
        rows.append(Row(label: "rendered (section-sessions)", values: policies.map { _ in "" }))
        for kind in SectionKind.allCases {
            rows.append(Row(label: "  " + kind.name,
                            values: policies.map { NumberFormatting.integer($0.viewability(of: kind).rendered) }))
        }
        rows += outsideFeed { NumberFormatting.integer($0.rendered) }
        rows.append(Row(label: "viewable rate (impressed / rendered)", values: policies.map { _ in "" }))
        for kind in SectionKind.allCases {
            rows.append(Row(label: "  " + kind.name, values: policies.map { summary in
                summary.viewability(of: kind).viewableRate.map { NumberFormatting.decimal($0 * 100) + "%" } ?? "-"
            }))
        }
        rows += outsideFeed { $0.viewableRate.map { NumberFormatting.decimal($0 * 100) + "%" } ?? "-" }
        rows.append(Row(label: "mean time in view per rendered", values: policies.map { _ in "" }))
        for kind in SectionKind.allCases {
            rows.append(Row(label: "  " + kind.name, values: policies.map { summary in
                summary.viewability(of: kind).meanTimeInView.map { NumberFormatting.decimal($0.inSeconds, digits: 2) + " s" } ?? "-"
            }))
        }
        rows += outsideFeed { $0.meanTimeInView.map { NumberFormatting.decimal($0.inSeconds, digits: 2) + " s" } ?? "-" }
        return rows
    }

    /// The rows as lines: labels left, values right-aligned in columns two apart.
    static func render(_ rows: [Row]) -> [String] {
        var lines: [String] = []
        let columnCount = rows.map(\.values.count).max() ?? 0
        let labelWidth = rows.map(\.label.count).max() ?? 0
        let columnWidths = (0..<columnCount).map { column in
            rows.compactMap { $0.values.indices.contains(column) ? $0.values[column].count : nil }.max() ?? 0
        }
        let totalWidth = labelWidth + columnWidths.reduce(0) { $0 + $1 + 2 }
        for row in rows {
            if row.isSeparator {
                lines.append(String(repeating: "-", count: totalWidth))
                continue
            }
            var line = row.label + String(repeating: " ", count: labelWidth - row.label.count)
            for (column, width) in columnWidths.enumerated() {
                let value = row.values.indices.contains(column) ? row.values[column] : ""
                line += "  " + String(repeating: " ", count: width - value.count) + value
            }
            while line.hasSuffix(" ") { line.removeLast() }
            lines.append(line)
        }
        return lines
    }

    /// A line of a table: a label and one value per column, or a rule across it.
    struct Row {
        var label: String
        var values: [String]
        var isSeparator = false

        static let separator = Row(label: "", values: [], isSeparator: true)
    }
}
