/// A section's counters, stamped with sample indices so that stale counts reset without
/// visiting every section: only sections near the viewport are touched on a sample.
struct SectionState: Sendable, Hashable {
    /// Consecutive visible samples ending at `lastVisibleSample`.
    var consecutiveSamples = 0
    /// The last sample at which the section was visible; -1 for never.
    var lastVisibleSample = -1
    /// Whether it fired during the run of samples ending at `lastVisibleSample`.
    var firedDuringRun = false
    /// The visit in which it last fired; 0 for never.
    var lastFiredVisit = 0

    /// Whether the run of visible samples ending at `lastVisibleSample` goes on into
    /// `sample`: it was visible at the sample just before, and no visit started since.
    func continuesRun(into sample: Int, runsValidFrom: Int) -> Bool {
        lastVisibleSample == sample - 1 && lastVisibleSample >= runsValidFrom
    }
}
