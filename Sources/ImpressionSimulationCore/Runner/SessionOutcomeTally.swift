import ImpressionTracking

/// The runner's one engine, holding every policy, and the tally of what a session gives
/// under each: its impressions, stays in view and exposure signals, the sections it
/// rendered, and the inputs the engine refused. ``SessionOutcome`` is made from it.
struct SessionOutcomeTally: SessionInputSink {
    /// `nil` without policies: then the session only renders.
    var engine: ImpressionEngine<Int>?
    var impressions: [[Impression<Int>]]
    /// Per policy, every stay in view that ended, in the order they ended; after
    /// ``finish(at:)``, one entry per section, ascending.
    var timeInView: [[SessionOutcome.TimeInView]]
    /// Per policy, the exposure signals of every visit in view that ended, when the
    /// engine measures them.
    var exposures: [[SessionOutcome.Exposure]]
    /// The sections rendered at the samples evaluated, with repeats; after
    /// ``finish(at:)``, ascending and distinct.
    var rendered: [Int] = []
    var rejectedInputs = 0
    /// Whether the engine refused an input of the current session event.
    private var eventRejected = false
    /// When the engine samples; the runner advances in time order.
    private var samples: SampleCursor
    /// The last sample evaluated; -1 before sample 0.
    private var evaluatedThrough = -1
    // The sections rendered at the last evaluated sample: a screen that did not change
    // adds nothing, so `rendered` stays short.
    private var lastRendered: [Int] = []
    private var nowRendered: [Int] = []
    /// Where the feed's sections on screen began at the last sample rendered.
    private var firstShown = 0

    init(engine: ImpressionEngine<Int>?, sampleInterval: Duration) {
        self.engine = engine
        samples = SampleCursor(grid: SampleGrid(interval: sampleInterval))
        let policyCount = engine?.policyCount ?? 0
        // Room for a session's worth at once: grown one doubling at a time from empty, each
        // policy's lists would be copied over again half a dozen times in a session.
        impressions = (0..<policyCount).map { _ in Array(reservingCapacity: Self.initialCapacity) }
        timeInView = (0..<policyCount).map { _ in Array(reservingCapacity: Self.initialCapacity) }
        exposures = Array(repeating: [], count: policyCount)
    }

    /// The room each policy's impressions and stays start with.
    private static var initialCapacity: Int { 32 }

    mutating func advance(to time: Duration, showing layout: FeedLayout, in viewport: Rect) {
        // The sections on screen are appended here rather than through a closure, whose
        // capture would copy the layout, retaining buffers every worker shares.
        if isRenderingSample(through: time) {
            layout.appendRenderedSections(in: viewport, to: &nowRendered, firstShown: &firstShown)
            noteRendered()
        }
        tallyReports(through: time)
    }

    /// Advances the engine to `time`; when a sample fell due and the screen is active,
    /// the sections `screen` has on screen are noted, which the samples due now all see.
    mutating func advance(to time: Duration, showing screen: inout TraceScreen) {
        if isRenderingSample(through: time) {
            screen.appendOnScreen(to: &nowRendered)
            noteRendered()
        }
        tallyReports(through: time)
    }

    /// Whether a sample fell due since the last one evaluated, at or before `time`, with
    /// the screen active: then the caller appends the sections on screen to
    /// `nowRendered` and calls ``noteRendered()``.
    private mutating func isRenderingSample(through time: Duration) -> Bool {
        // The engine's own sample arithmetic: the samples due now all see this screen.
        let lastDue = samples.lastSample(atOrBefore: time)
        guard lastDue > evaluatedThrough else { return false }
        evaluatedThrough = lastDue
        guard engine?.isActive == true else { return false }
        nowRendered.removeAll(keepingCapacity: true)
        return true
    }

    /// Advances the engine to `time`, adding what each policy reported to its
    /// impressions and stays.
    private mutating func tallyReports(through time: Duration) {
        guard engine != nil else { return }
        // The tallies are taken out while the engine advances in place, so the closures
        // write to nothing of the tally's: moving the engine out and back instead copies
        // it whole twice per advance.
        var impressions: [[Impression<Int>]] = []
        var timeInView: [[SessionOutcome.TimeInView]] = []
        var exposures: [[SessionOutcome.Exposure]] = []
        swap(&impressions, &self.impressions)
        swap(&timeInView, &self.timeInView)
        swap(&exposures, &self.exposures)
        engine!.advance(to: time, impression: { policy, impression in impressions[policy].append(impression) },
                        exit: { policy, section, samples, visit, signals in
                            timeInView[policy].append(.init(section: section, visibleSamples: samples))
                            if let signals { exposures[policy].append(.init(section: section, visit: visit, signals: signals)) }
                        })
        swap(&impressions, &self.impressions)
        swap(&timeInView, &self.timeInView)
        swap(&exposures, &self.exposures)
    }

    /// Adds the sections in `nowRendered` that were not on screen at the last sample.
    private mutating func noteRendered() {
        guard nowRendered != lastRendered else { return }
        for section in nowRendered where !lastRendered.contains(section) { rendered.append(section) }
        swap(&nowRendered, &lastRendered)
    }

    /// Closes the stays still open at the session's end, `duration`: the screen goes
    /// away, and the sample after the last one ends them (nothing fires while inactive).
    /// Then sorts and sums what the session rendered and each section's time in view.
    mutating func finish(at duration: Duration) {
        engine?.disappear()
        tallyReports(through: duration + samples.grid.interval)
        // What rendered, sorted and distinct first; each policy's stays are then looked
        // up in it, not appended under every policy and sorted again with the rest: that
        // sort would take every policy's stays, most of them already in `rendered`.
        rendered.sort()
        rendered.removeAdjacentDuplicates()
        // A visit's later exit reports its signals so far, the earlier's included: the last is the visit's.
        for policy in exposures.indices where !exposures[policy].isEmpty {
            var last: [SectionVisit: Int] = [:]
            for (index, exposure) in exposures[policy].enumerated() {
                last[SectionVisit(section: exposure.section, visit: exposure.visit)] = index
            }
            exposures[policy] = last.values.map { exposures[policy][$0] }
                .sorted { ($0.section, $0.visit) < ($1.section, $1.visit) }
        }
        var inViewOnly: [Int] = []
        for policy in timeInView.indices {
            timeInView[policy].sort { $0.section < $1.section }
            timeInView[policy].mergeBySection()
            // In view means rendered, even where the geometry check rounds otherwise.
            for stay in timeInView[policy] where !rendered.sortedContains(stay.section) {
                inViewOnly.append(stay.section)
            }
        }
        guard !inViewOnly.isEmpty else { return }
        rendered.append(contentsOf: inViewOnly)
        rendered.sort()
        rendered.removeAdjacentDuplicates()
    }

    /// Only the frames a sample sees: the same impressions from fewer inputs.
    var keepsEveryFrame: Bool { false }

    mutating func apply(_ input: EngineInput<Int>, at time: Duration) {
        do { try engine?.apply(input) } catch { eventRejected = true }
    }

    mutating func reject() { eventRejected = true }

    mutating func endEvent() {
        if eventRejected { rejectedInputs += 1 }
        eventRejected = false
    }
}

/// A section's visit, as a key.
private struct SectionVisit: Hashable {
    var section: Int
    var visit: Int
}

private extension Array where Element == SessionOutcome.TimeInView {
    /// Merges the stays of each section, in an array sorted by section, into one entry
    /// that sums their visible samples, in place.
    mutating func mergeBySection() {
        var kept = 0
        for index in indices {
            if kept > 0 && self[kept - 1].section == self[index].section {
                self[kept - 1].visibleSamples += self[index].visibleSamples
            } else {
                self[kept] = self[index]
                kept += 1
            }
        }
        removeLast(count - kept)
    }
}

extension Array {
    /// An empty array with room for `capacity` elements.
    fileprivate init(reservingCapacity capacity: Int) {
        self.init()
        reserveCapacity(capacity)
    }
}
