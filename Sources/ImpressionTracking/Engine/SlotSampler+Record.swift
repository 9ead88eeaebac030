extension SlotSampler {
    /// What happened to a slot at a sample, in numbers.
    ///
    /// The engine turns records into impressions and events, with ids and durations, only
    /// when there are any.
    struct Record: Sendable {
        enum Kind: Int, Sendable {
            case exited = 0, entered = 1, impression = 2
        }

        var sample: Int
        var kind: Kind
        /// The slot; negative for a section that left the layout (the engine numbers those).
        var slot: Int
        /// Entry and impression: the visible ratio at the sample; 0 for an exit.
        var ratio: Double = 0
        /// The visible samples of the run the record is about, up to its sample: 1 at an
        /// entry, the count it fired with at an impression, the whole run at an exit.
        var runSamples: Int = 0
        /// Exit: the visible samples of the run's visit, over every run of it ended so far,
        /// this one included; 0 otherwise.
        var exposureSamples: Int = 0
        /// Exit: the visit the run belonged to; otherwise the current visit.
        var visit: Int

        /// An exit's stay, in samples: every visible sample of the run counts one interval
        /// (``VisibilityEvent/exited(sectionID:time:stayDuration:totalVisibleDuration:visit:)``).
        var staySamples: Int { runSamples }

        /// An impression's visible duration, in intervals: `n` visible samples span `n - 1`
        /// of them (``Impression/visibleDuration``).
        var intervalsBeforeFiring: Int { runSamples - 1 }

        /// The entry of a section at `sample`, the first of its run.
        static func entry(ofSlot slot: Int, at sample: Int, ratio: Double, visit: Int) -> Record {
            .init(sample: sample, kind: .entered, slot: slot, ratio: ratio, runSamples: 1, visit: visit)
        }

        /// The impression of a section at `sample`, where its run is `runSamples` long.
        static func impression(ofSlot slot: Int, at sample: Int, ratio: Double, runSamples: Int,
                               visit: Int) -> Record {
            .init(sample: sample, kind: .impression, slot: slot, ratio: ratio, runSamples: runSamples, visit: visit)
        }

        /// The exit, at `sample`, of the run `state` just ended.
        static func exit(ofSlot slot: Int, ending state: SectionState, at sample: Int) -> Record {
            .init(sample: sample, kind: .exited, slot: slot, runSamples: state.consecutiveSamples,
                  exposureSamples: state.exposureSamples, visit: state.exposureVisit)
        }

        /// Sample, then exits before entries before impressions, then slot.
        func precedes(_ other: Record) -> Bool {
            if sample != other.sample { return sample < other.sample }
            if kind != other.kind { return kind.rawValue < other.kind.rawValue }
            return slot < other.slot
        }
    }
}
