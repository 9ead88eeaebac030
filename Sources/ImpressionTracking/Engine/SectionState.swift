/// A section's counters, stamped with sample indices so that stale counts reset without
/// visiting every section: only sections near the viewport are touched on a sample.
struct SectionState: Sendable, Hashable {
    /// Consecutive visible samples ending at `lastVisibleSample`.
    var consecutiveSamples = 0
    /// The last sample at which the section was visible; `Int.min` for never (not -1,
    /// which is "the sample just before the first" and would open a run at sample 0).
    var lastVisibleSample = Int.min
    /// Whether it fired during the run of samples ending at `lastVisibleSample`.
    var firedDuringRun = false
    /// The visit in which it last fired; 0 for never.
    var lastFiredVisit = 0
    /// The visit whose visible samples `exposureSamples` adds up.
    var exposureVisit = 0
    /// Visible samples in `exposureVisit`, over the runs that have ended.
    var exposureSamples = 0

    /// Whether a run is open at `sample`: visible at the sample just before, possibly in
    /// a visit that has ended since (then the run is void and its exit is due).
    func hasOpenRun(at sample: Int) -> Bool {
        lastVisibleSample == sample - 1
    }

    /// Whether the run of visible samples ending at `lastVisibleSample` goes on into
    /// `sample`: it was visible at the sample just before, and no visit started since.
    func continuesRun(into sample: Int, runsValidFrom: Int) -> Bool {
        hasOpenRun(at: sample) && lastVisibleSample >= runsValidFrom
    }

    /// Starts a run at `sample`, in `visit`.
    mutating func startRun(at sample: Int, visit: Int) {
        consecutiveSamples = 1
        firedDuringRun = false
        lastVisibleSample = sample
        if exposureVisit != visit {
            exposureVisit = visit
            exposureSamples = 0
        }
    }

    /// Ends the current run, adding it to the visit's exposure.
    mutating func endRun() {
        exposureSamples = exposureSamples.addingReportingOverflow(consecutiveSamples).overflow
            ? Int.max : exposureSamples + consecutiveSamples
    }
}
