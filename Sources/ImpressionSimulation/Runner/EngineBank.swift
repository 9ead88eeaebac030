import ImpressionTracking

/// The runner's engines, one per policy, fed in lockstep, and what the session rendered.
struct EngineBank: SessionInputSink {
    var engines: [ImpressionEngine<Int>]
    var impressions: [[Impression<Int>]]
    /// Per policy, every stay in view that ended, in the order they ended; after
    /// ``finish(at:)``, one entry per section, ascending.
    var timeInView: [[SessionOutcome.TimeInView]]
    /// The sections rendered at the samples evaluated, with repeats; after
    /// ``finish(at:)``, ascending and distinct.
    var rendered: [Int] = []
    var rejectedInputs = 0
    /// Whether an engine refused an input of the current session event.
    private var eventRejected = false
    private let sampleInterval: Duration
    /// The last sample evaluated; -1 before sample 0.
    private var evaluatedThrough: Int128 = -1
    // The sections rendered at the last evaluated sample: a screen that did not change
    // adds nothing, so `rendered` stays short.
    private var lastRendered: [Int] = []
    private var nowRendered: [Int] = []

    init(engines: [ImpressionEngine<Int>], sampleInterval: Duration) {
        self.engines = engines
        self.sampleInterval = sampleInterval
        impressions = Array(repeating: [], count: engines.count)
        timeInView = Array(repeating: [], count: engines.count)
    }

    mutating func advance(to time: Duration, showing layout: FeedLayout, in viewport: Rect) {
        // The engines' own sample arithmetic: the samples due now all see this screen.
        let lastDue = time < .zero ? -1 : time.attoseconds / sampleInterval.attoseconds
        if lastDue > evaluatedThrough {
            evaluatedThrough = lastDue
            // Every engine gets the same lifecycle calls: the first says for all.
            if engines.first?.isActive == true { noteRendered(layout, viewport) }
        }
        for index in engines.indices { collect(engines[index].advanceWithEvents(to: time), policy: index) }
    }

    private mutating func noteRendered(_ layout: FeedLayout, _ viewport: Rect) {
        nowRendered.removeAll(keepingCapacity: true)
        layout.appendRenderedSections(in: viewport, to: &nowRendered)
        guard nowRendered != lastRendered else { return }
        for section in nowRendered where !lastRendered.contains(section) { rendered.append(section) }
        swap(&nowRendered, &lastRendered)
    }

    private mutating func collect(_ events: [VisibilityEvent<Int>], policy: Int) {
        for event in events {
            switch event {
            case .impression(let impression): impressions[policy].append(impression)
            case .exited(let section, _, let stay, _, _):
                let samples = Int(stay.attoseconds / sampleInterval.attoseconds)
                timeInView[policy].append(.init(section: section, visibleSamples: samples))
            case .entered: break
            }
        }
    }

    /// Closes the stays still open at the session's end, `duration`: the screen goes
    /// away, and the sample after the last one ends them (nothing fires while inactive).
    /// Then sorts and sums what the session rendered and each section's time in view.
    mutating func finish(at duration: Duration) {
        for index in engines.indices {
            engines[index].disappear()
            collect(engines[index].advanceWithEvents(to: duration + sampleInterval), policy: index)
        }
        for policy in timeInView.indices {
            var stays = timeInView[policy]
            stays.sort { $0.section < $1.section }
            var merged: [SessionOutcome.TimeInView] = []
            for stay in stays {
                if merged.last?.section == stay.section {
                    merged[merged.count - 1].visibleSamples += stay.visibleSamples
                } else {
                    merged.append(stay)
                    // In view means rendered, even where the geometry check rounds otherwise.
                    rendered.append(stay.section)
                }
            }
            timeInView[policy] = merged
        }
        rendered.sort()
        var distinct: [Int] = []
        for section in rendered where section != distinct.last { distinct.append(section) }
        rendered = distinct
    }

    /// Only the frames a sample sees: the same impressions from fewer inputs.
    var keepsEveryFrame: Bool { false }

    mutating func apply(_ input: EngineInput<Int>, at time: Duration) {
        for index in engines.indices {
            do { try engines[index].apply(input) } catch { eventRejected = true }
        }
    }

    mutating func reject() { eventRejected = true }

    mutating func endEvent() {
        if eventRejected { rejectedInputs += 1 }
        eventRejected = false
    }
}
