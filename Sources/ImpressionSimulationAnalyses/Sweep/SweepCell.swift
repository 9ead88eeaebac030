import ImpressionTracking

/// One definition of a sweep and what it counted on the sweep's sessions.
package struct SweepCell: Sendable, Hashable {
    /// The minimum visible ratio, the column.
    package var ratio: Double
    /// The minimum duration, the row.
    package var duration: Duration
    /// The grid's measure.
    package var measure: ImpressionPolicy.Measure
    /// The impressions over every session.
    package var impressions: Int
    /// The sessions with at least one impression.
    package var sessionsWithImpressions: Int
    /// ``impressions`` divided by the number of sessions; 0 without sessions.
    package var impressionsPerSession: Double
    /// The names of the presets that fall on this cell (same measure, ratio and
    /// duration), in the order given.
    package var presets: [String]

    /// Creates a cell; ``Sweep`` makes them.
    package init(ratio: Double, duration: Duration, measure: ImpressionPolicy.Measure, impressions: Int,
                 sessionsWithImpressions: Int, impressionsPerSession: Double, presets: [String] = []) {
        self.ratio = ratio
        self.duration = duration
        self.measure = measure
        self.impressions = impressions
        self.sessionsWithImpressions = sessionsWithImpressions
        self.impressionsPerSession = impressionsPerSession
        self.presets = presets
    }
}
