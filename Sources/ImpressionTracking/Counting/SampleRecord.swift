/// What happened to a slot at a sample, in numbers.
///
/// The engine turns records into impressions and events, with ids and durations, only
/// when there are any.
struct SampleRecord: Sendable {
    enum Kind: Int, Sendable {
        case exited = 0, entered = 1, impression = 2
    }

    /// Whom a record is about: a slot of the layout, or a section that left it.
    enum Subject: Sendable, Hashable {
        /// The section at this slot of the layout.
        case slot(Int)
        /// The section at this index among those whose runs the engine ended because
        /// they left the layout.
        case departed(Int)

        /// Departed sections first, in the order they left, then slots in layout order.
        func precedes(_ other: Subject) -> Bool {
            switch (self, other) {
            case (.departed(let index), .departed(let otherIndex)): index < otherIndex
            case (.departed, .slot): true
            case (.slot, .departed): false
            case (.slot(let slot), .slot(let otherSlot)): slot < otherSlot
            }
        }
    }

    // Laid out so that a record takes 56 bytes: the loop appends them and sorts them.
    var sample: Int
    /// Entry and impression: the visible ratio at the sample; 0 for an exit.
    var ratio: Double
    /// The visible samples of the run the record is about, up to its sample: 1 at an
    /// entry, the count it fired with at an impression (with cumulative timing, the
    /// visit's samples since the sum restarted), the whole run at an exit.
    var runSamples: Int
    /// Exit: the visible samples of the run's visit, over every run of it ended so far,
    /// this one included; 0 otherwise.
    var exposureSamples: Int
    /// Exit: the visit the run belonged to; otherwise the current visit.
    var visit: Int
    /// Whom the record is about.
    var subject: Subject
    var kind: Kind
    /// With exposure signals, where those of the record's visit are among the evaluation's
    /// (``CounterTable/recordSignals``): up to the sample before an exit, up to an
    /// impression's sample; -1 without. Inline, they would make every record, with
    /// signals or not, three times as large.
    var signalsIndex: Int32 = -1

    /// An exit's stay, in samples: every visible sample of the run counts one interval
    /// (``VisibilityEvent/exited(sectionID:time:stayDuration:totalVisibleDuration:visit:)``).
    var staySamples: Int { runSamples }

    /// An impression's visible duration, in intervals: `n` visible samples span `n - 1`
    /// of them (``Impression/visibleDuration``).
    var intervalsBeforeFiring: Int { runSamples - 1 }

    private init(sample: Int, kind: Kind, subject: Subject, ratio: Double = 0, runSamples: Int,
                 exposureSamples: Int = 0, visit: Int) {
        self.sample = sample
        self.kind = kind
        self.subject = subject
        self.ratio = ratio
        self.runSamples = runSamples
        self.exposureSamples = exposureSamples
        self.visit = visit
    }

    /// The entry of a section at `sample`, the first of its run.
    static func entry(ofSlot slot: Int, at sample: Int, ratio: Double, visit: Int) -> SampleRecord {
        .init(sample: sample, kind: .entered, subject: .slot(slot), ratio: ratio, runSamples: 1, visit: visit)
    }

    /// The impression of a section at `sample`, where `countedSamples` visible samples
    /// count towards the duration.
    static func impression(ofSlot slot: Int, at sample: Int, ratio: Double, countedSamples: Int,
                           visit: Int) -> SampleRecord {
        .init(sample: sample, kind: .impression, subject: .slot(slot), ratio: ratio, runSamples: countedSamples, visit: visit)
    }

    /// The exit, at `sample`, of the run `state` just ended.
    static func exit(of subject: Subject, ending state: SectionCounters, at sample: Int) -> SampleRecord {
        .init(sample: sample, kind: .exited, subject: subject, runSamples: state.consecutiveSamples,
              exposureSamples: state.exposureSamples, visit: state.exposureVisit)
    }

    /// Sample, then exits before entries before impressions, then departed sections
    /// in the order they left, then slot.
    func precedes(_ other: SampleRecord) -> Bool {
        if sample != other.sample { return sample < other.sample }
        if kind != other.kind { return kind.rawValue < other.kind.rawValue }
        return subject.precedes(other.subject)
    }
}
