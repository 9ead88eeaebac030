import ImpressionSimulationAnalyses

extension LayoutComparisonReport {
    /// The per-section results of both arms as one CSV: an `arm` column (`A` or `B`)
    /// first, then ``SimulationReport/sectionsCSV()``'s columns; A's rows, then B's.
    package func sectionsCSV() -> String {
        (["arm"] + a.sectionsCSVColumns).joined(separator: ",") + "\n"
            + a.sectionsCSVRows(leading: Self.letters[0] + ",") + b.sectionsCSVRows(leading: Self.letters[1] + ",")
    }
}
