/// A section's counters, stamped with sample indices so that stale counts reset without
/// visiting every section: only sections near the viewport are touched on a sample.
struct SectionCounters: Sendable, Hashable {
    // The fields a steady sample reads and writes come first, so that it touches one
    // cache line of the counters, not two (with many policies the counters miss the cache).
    /// The last sample at which the section was visible; `Int.min` for never (not -1,
    /// which is "the sample just before the first" and would open a run at sample 0).
    var lastVisibleSample = Int.min
    /// Consecutive visible samples ending at `lastVisibleSample`.
    var consecutiveSamples = 0
    /// The highest ratio measured while active; 0 while nothing has shown. Statistics
    /// (``SectionStatistics``), like ``entries``, ``endedRunsSamples`` and ``firstAppearance``.
    var highestRatio = 0.0
    /// The visit in which it last fired; 0 for never. See ``lastFiredVisit``.
    private var lastFiredVisit32: Int32 = 0
    /// The visit whose visible samples `exposureSamples` adds up. See ``exposureVisit``.
    private var exposureVisit32: Int32 = 0
    /// Whether the run of samples ending at `lastVisibleSample` is spent: it completed the
    /// duration there, and fired or was held back by the cooldown.
    var completedDuringRun = false
    /// Whether that completion fired (rather than being held back by the cooldown): what
    /// a snapshot calls counted. Beside `completedDuringRun`, in its padding.
    var completionFired = false
    /// Runs started, up to `Int32.max`; 32 bits fit in the word the two flags above begin.
    /// A run starts at most once per call to `advance`, so the bound takes 2^31 calls, out
    /// of reach of any session.
    var entries: Int32 = 0
    /// The sample at which it last fired, when `lastFiredVisit` is not 0 (visits start
    /// at 1): what the cooldown counts from.
    var lastFiredSample = 0
    /// Visible samples in `exposureVisit`, over the runs that have ended.
    var exposureSamples = 0
    /// What cumulative timing adds to the current run: the visible samples of the ended
    /// runs of `exposureVisit` since the sum last restarted (at the first entry after a
    /// spent run). At most `exposureSamples`.
    var accumulatedSamples = 0
    /// Visible samples of every run that has ended, over every visit.
    var endedRunsSamples = 0
    /// The engine's time when a layout first held the section.
    var firstAppearance = Duration.zero
    // The exposure signals (``SignalCounters``) are not here: an engine that measures them
    // keeps them in a table of their own, parallel to these counters, and one that does
    // not has no room for them.

    /// The visit in which it last fired; 0 for never.
    ///
    /// Visits are kept in 32 bits, as ``entries`` is, so that both visits and both flags
    /// share two words: a visit starts at most once per lifecycle call, so 2^31 visits
    /// take 2^31 calls, out of reach of any session. Past it a visit reads as the last
    /// representable one.
    var lastFiredVisit: Int {
        @inline(__always) get { Int(lastFiredVisit32) }
        @inline(__always) set { lastFiredVisit32 = Int32(clamping: newValue) }
    }

    /// The visit whose visible samples `exposureSamples` adds up, in 32 bits as
    /// ``lastFiredVisit`` is.
    var exposureVisit: Int {
        @inline(__always) get { Int(exposureVisit32) }
        @inline(__always) set { exposureVisit32 = Int32(clamping: newValue) }
    }

    /// Fresh counters for a section a layout holds for the first time at `time`.
    init(firstAppearance: Duration) {
        self.firstAppearance = firstAppearance
    }

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
        lastVisibleSample = sample
        if exposureVisit != visit {
            exposureVisit = visit
            exposureSamples = 0
            accumulatedSamples = 0
        } else if completedDuringRun {
            accumulatedSamples = 0
        }
        completedDuringRun = false
        completionFired = false
        if entries < Int32.max { entries += 1 }
    }

    /// Ends the current run, adding it to the visit's exposure and cumulative sum.
    mutating func endRun() {
        exposureSamples = Self.saturatingSum(exposureSamples, consecutiveSamples)
        accumulatedSamples = Self.saturatingSum(accumulatedSamples, consecutiveSamples)
        endedRunsSamples = Self.saturatingSum(endedRunsSamples, consecutiveSamples)
    }

    /// The samples that count towards the duration when the open run has `runSamples`:
    /// the run's, plus, with cumulative timing, those of the visit's earlier runs since
    /// the sum restarted.
    func countedSamples(run runSamples: Int, accumulating: Bool) -> Int {
        accumulating ? Self.saturatingSum(accumulatedSamples, runSamples) : runSamples
    }

    /// Whether a cooldown of `cooldownSamples` since the last impression still runs at
    /// `sample`; impressions before the first remembered visit (a reset) are forgotten.
    func isCoolingDown(at sample: Int, cooldownSamples: Int, firstRememberedVisit: Int) -> Bool {
        cooldownSamples > 0 && lastFiredVisit >= firstRememberedVisit
            && sample - lastFiredSample < cooldownSamples
    }

    static func saturatingSum(_ lhs: Int, _ rhs: Int) -> Int {
        let (sum, overflow) = lhs.addingReportingOverflow(rhs)
        return overflow ? Int.max : sum
    }
}
