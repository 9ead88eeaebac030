import ImpressionSimulationAnalyses
import ImpressionSimulationCore
import ImpressionSimulationFormats

extension LayoutComparisonReport {
    /// The report as text: arm A's table, arm B's, then what differs between the feeds
    /// and the differences, one row per policy and kind of section: both means per
    /// session, `B - A` and `B / A - 1` with their 95 % intervals, whether the interval
    /// of `B - A` leaves out 0, and its bootstrap p-value, alone and Holm-adjusted over
    /// every row.
    package func table() -> String {
        var lines = feedDifferenceLines() + [""]
        for (index, report) in [a, b].enumerated() {
            lines.append("\(Self.letters[index]): \(name(index))")
            lines.append(report.table())
        }
        let sessions = policies.first?.impressions.sessions ?? a.configuration.sessionCount
        lines.append("A/B: B minus A, the same \(NumberFormatting.integer(sessions)) "
            + "user\(sessions == 1 ? "" : "s") on both feeds; impressions per session")
        lines.append("95% intervals: paired percentile bootstrap over sessions, "
            + "\(NumberFormatting.integer(bootstrap.resamples)) resamples, seed \(bootstrap.seed)")
        lines.append("")
        let widths = BoundWidths(comparisons)
        var rows = [SimulationReport.Row(label: "policy / kind", values: Self.columns)]
        for difference in policies {
            rows.append(.separator)
            rows.append(SimulationReport.Row(label: difference.policy.name + "  "
                + NumberFormatting.rule(difference.policy.policy), values: []))
            rows.append(Self.row("  all kinds", difference.impressions, widths: widths))
            for kind in kinds {
                guard let comparison = difference.byKind[kind] else { continue }
                rows.append(Self.row("  " + kind.name, comparison, widths: widths))
            }
        }
        lines += SimulationReport.render(rows)
        lines.append("")
        lines += readingNotes()
        return lines.joined(separator: "\n") + "\n"
    }

    /// What differs between the feeds, headed: the report's first lines.
    func feedDifferenceLines() -> [String] {
        ["Feeds: B against A, section by section (by id)"] + feeds.lines().map { "  " + $0 }
    }

    /// The columns after the label, in the text table and the page.
    static let columns = ["A", "B", "B - A", "95% interval", "B / A - 1", "95% interval", "excludes 0", "p", "Holm p", "differs"]

    /// Every compared row, in the table's order: each policy's total, then its kinds.
    var comparisons: [PairedComparison] {
        policies.flatMap { difference in [difference.impressions] + kinds.compactMap { difference.byKind[$0] } }
    }

    /// How many of the rows chance alone would mark "excludes 0" were the feeds alike
    /// in all of them: 5 % of the rows.
    var expectedByChance: Double {
        // Divided rather than multiplied by 0.05, which has no exact binary form: 14 rows
        // give 0.7, not 0.7000000000000001.
        Double(comparisons.count) / (1 / PairedComparison.level).rounded()
    }

    /// What the table's last columns mean, and the rule for a bound at 0: the lines
    /// under the text table and the page's.
    func readingNotes() -> [String] {
        let count = comparisons.count
        return [
            "\(NumberFormatting.integer(count)) rows tested at once: were the feeds alike in all of them, chance alone would "
                + "mark about \(NumberFormatting.decimal(expectedByChance, digits: 1)) of them \"excludes 0\" (5% of \(count)).",
            "p: bootstrap p-value, twice the smaller share of resamples at or below 0 and at or above 0, (count + 1) / (resamples + 1). "
                + "Holm p: p adjusted by Holm's step-down method over all \(count) rows; \"differs\" is Holm p at most 0.05, "
                + "which holds the chance of any false \"yes\" among them to 5%.",
            "Ties: a bound printed 0.00 without a sign is exactly 0; its interval touches 0 and does not leave it out (\"no\"). "
                + "A bound printed +0.00 or -0.00 only rounds to 0; its sign says its side.",
        ]
    }

    /// The widths of the intervals' bounds over a table's rows, so that every interval's
    /// bounds line up: its brackets, signs and decimal points one under the other.
    struct BoundWidths {
        var lower = 0, upper = 0, relativeLower = 0, relativeUpper = 0

        init(_ comparisons: [PairedComparison]) {
            for comparison in comparisons {
                lower = max(lower, signed(comparison.lower).count)
                upper = max(upper, signed(comparison.upper).count)
                if let relativeLower = comparison.relativeLower, let relativeUpper = comparison.relativeUpper {
                    self.relativeLower = max(self.relativeLower, signedPercent(relativeLower).count)
                    self.relativeUpper = max(self.relativeUpper, signedPercent(relativeUpper).count)
                }
            }
        }
    }

    /// The table's row of `comparison`: means, difference, interval, relative change,
    /// whether the interval leaves out 0, and the p-values (the page shows the same
    /// cells, in a fixed-width font). Bounds are padded with spaces to `widths`.
    static func row(_ label: String, _ comparison: PairedComparison, widths: BoundWidths) -> SimulationReport.Row {
        func padded(_ text: String, _ width: Int) -> String {
            String(repeating: " ", count: max(0, width - text.count)) + text
        }
        func interval(_ lower: String, _ upper: String, _ lowerWidth: Int, _ upperWidth: Int) -> String {
            "[" + padded(lower, lowerWidth) + ", " + padded(upper, upperWidth) + "]"
        }
        return SimulationReport.Row(label: label, values: [
            NumberFormatting.decimal(comparison.meanA, digits: 2),
            NumberFormatting.decimal(comparison.meanB, digits: 2),
            signed(comparison.difference),
            interval(signed(comparison.lower), signed(comparison.upper), widths.lower, widths.upper),
            comparison.relativeChange.map(signedPercent) ?? "-",
            comparison.relativeLower.flatMap { lower in
                comparison.relativeUpper.map {
                    interval(signedPercent(lower), signedPercent($0), widths.relativeLower, widths.relativeUpper)
                }
            } ?? "-",
            comparison.excludesZero ? "yes" : "no",
            NumberFormatting.decimal(comparison.pValue, digits: 3),
            comparison.holmPValue.map { NumberFormatting.decimal($0, digits: 3) } ?? "-",
            comparison.differsAfterHolm ? "yes" : "no",
        ])
    }

    /// `+0.25`, `-1.50`, `0.00`: two decimals, signed unless exactly zero, so that a
    /// bound that rounds to zero still shows its side (`-0.00`).
    static func signed(_ value: Double) -> String {
        signedText(value, NumberFormatting.decimal(value.magnitude, digits: 2))
    }

    /// `+12.5%`, `-3.0%`, `0.0%`, signed as ``signed(_:)``.
    static func signedPercent(_ ratio: Double) -> String {
        signedText(ratio, NumberFormatting.decimal(ratio.magnitude * 100, digits: 1)) + "%"
    }

    private static func signedText(_ value: Double, _ magnitude: String) -> String {
        value == 0 ? magnitude : (value > 0 ? "+" : "-") + magnitude
    }
}
