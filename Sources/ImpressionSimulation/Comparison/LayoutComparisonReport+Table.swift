extension LayoutComparisonReport {
    /// The report as text: arm A's table, arm B's, then the differences, one row per
    /// policy and kind of section: both means per session, `B - A` and `B / A - 1` with
    /// their 95 % intervals, and whether the interval of `B - A` leaves out 0.
    package func table() -> String {
        var lines: [String] = []
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
        var rows = [SimulationReport.Row(label: "policy / kind", values: ["A", "B", "B - A", "95% interval",
                                                                           "B / A - 1", "95% interval", "excludes 0"])]
        for difference in policies {
            rows.append(.separator)
            rows.append(SimulationReport.Row(label: difference.policy.name + "  "
                + NumberFormatting.rule(difference.policy.policy), values: []))
            rows.append(Self.row("  all kinds", difference.impressions))
            for kind in kinds {
                guard let comparison = difference.byKind[kind] else { continue }
                rows.append(Self.row("  " + kind.name, comparison))
            }
        }
        lines += SimulationReport.render(rows)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The table's row of `comparison`: means, difference, interval, relative change, and
    /// whether the interval leaves out 0 (the HTML report shows the same cells).
    static func row(_ label: String, _ comparison: PairedComparison) -> SimulationReport.Row {
        SimulationReport.Row(label: label, values: [
            NumberFormatting.decimal(comparison.meanA, digits: 2),
            NumberFormatting.decimal(comparison.meanB, digits: 2),
            signed(comparison.difference),
            "[" + signed(comparison.lower) + ", " + signed(comparison.upper) + "]",
            comparison.relativeChange.map(signedPercent) ?? "-",
            comparison.relativeLower.flatMap { lower in
                comparison.relativeUpper.map { "[" + signedPercent(lower) + ", " + signedPercent($0) + "]" }
            } ?? "-",
            comparison.excludesZero ? "yes" : "no",
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
