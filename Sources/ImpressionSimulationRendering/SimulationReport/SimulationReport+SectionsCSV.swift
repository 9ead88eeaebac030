import ImpressionSimulationCore
import ImpressionSimulationFormats
import ImpressionTracking

extension SimulationReport {
    /// The columns of ``sectionsCSV()``, in order.
    package static let sectionsCSVHeader = [
        "section", "kind", "position", "policy", "fingerprint", "sessions", "rendered", "impressed",
        "viewable_rate", "mean_time_in_view_ms",
    ]

    /// The per-section results as CSV: a header row, then one row per section and
    /// policy, sections top to bottom, policies in order; what
    /// `impressions simulate --sections-out` writes.
    ///
    /// `section` is the section's name (its id in a feed file, else its position from 0),
    /// `position` its 1-based position, `fingerprint` the policy's
    /// `ImpressionPolicy.fingerprint` (a column, as in the impression rows, so that a
    /// loader keys on it with the other columns), `sessions` the
    /// run's; a recorded section outside the feed (every section of a run over traces
    /// without a feed) has its id, and an empty `kind` and `position`: it has neither; `rendered`, `impressed` and the rate and mean time are those of
    /// ``SectionViewability``, the rate to 6 decimals and the time in milliseconds to 3;
    /// both are empty for a section never rendered. Text fields are quoted as RFC 4180
    /// says when they hold a comma, a quote or a line break; lines end with `\n`. DuckDB's
    /// `read_csv` and pandas' `read_csv` load it as is. The same report always gives
    /// the same bytes.
    public func sectionsCSV() -> String {
        sectionsCSVColumns.joined(separator: ",") + "\n" + sectionsCSVRows(leading: "")
    }

    /// With exposure signals measured, the columns after ``sectionsCSVHeader``: the visits
    /// that met the policy, and per visit the mean time in view (any pixel) and at rest in
    /// milliseconds, screen share and scroll speed in points per second.
    package static let sectionsCSVExposureHeader = [
        "visits", "visit_time_in_view_ms", "visit_time_at_rest_ms", "visit_screen_share", "visit_scroll_speed",
    ]

    /// This report's columns: ``sectionsCSVHeader``, then the exposure columns when it has them.
    package var sectionsCSVColumns: [String] {
        Self.sectionsCSVHeader + (sections.first?.exposureByPolicy != nil ? Self.sectionsCSVExposureHeader : [])
    }

    /// The rows of ``sectionsCSV()`` without the header, each starting with `leading`
    /// (fields and their commas, such as `A,`).
    func sectionsCSVRows(leading: String) -> String {
        var text = ""
        let sessions = String(configuration.sessionCount)
        let policyNames = policies.map { Self.csvField($0.policy.name) + "," + $0.policy.policy.fingerprint }
        for result in sections {
            let lead = leading + Self.csvField(result.name) + "," + Self.csvField(result.kind?.name ?? "") + ","
                + (result.position.map(String.init) ?? "") + ","
            for (policy, (policyName, counts)) in zip(policyNames, result.byPolicy).enumerated() {
                text += lead + policyName + "," + sessions + "," + String(counts.rendered) + ","
                    + String(counts.impressed) + ","
                    + (counts.viewableRate.map { NumberFormatting.plainDecimal($0, digits: 6) } ?? "") + ","
                    + (counts.meanTimeInView.map { NumberFormatting.plainDecimal($0.inSeconds * 1000, digits: 3) } ?? "")
                if let exposure = result.exposureByPolicy?[policy] {
                    // Times in milliseconds, as the other time; a section without visits has empty means.
                    let signals = SectionTally.exposureSignals
                    text += "," + String(exposure.visits) + zip(signals, exposure.means ?? []).map { signal, mean in
                        "," + NumberFormatting.plainDecimal(signal.isTime ? mean * 1000 : mean, digits: 3)
                    }.joined() + (exposure.means == nil ? String(repeating: ",", count: signals.count) : "")
                }
                text += "\n"
            }
        }
        return text
    }

    /// `value` as an RFC 4180 field: as is, or in double quotes with its quotes doubled
    /// when it holds a comma, a quote or a line break.
    static func csvField(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else {
            return value
        }
        var quoted = "\""
        for character in value {
            if character == "\"" { quoted += "\"\"" } else { quoted.append(character) }
        }
        return quoted + "\""
    }
}
