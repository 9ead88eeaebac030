extension SinglePolicyEngine {
    // MARK: - Time

    /// Evaluates, in order, every sample at or before `time` not yet evaluated, and
    /// returns the impressions they completed.
    ///
    /// Advancing to an earlier time than ``time`` evaluates nothing: time never runs
    /// backwards. Samples between two inputs see the same state, so they are evaluated
    /// together: a jump of an hour costs about as much as one sample.
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    mutating func advance(to time: Duration) -> [Impression<ID>] {
        guard evaluateDueSamples(through: time, recordingVisibility: false) else { return [] }
        return recordedImpressions()
    }

    /// The impressions among the records of the last evaluation.
    func recordedImpressions() -> [Impression<ID>] {
        var impressions: [Impression<ID>] = []
        let reader = recordReader
        for record in sampler.records where record.kind == .impression {
            impressions.append(reader.impression(from: record))
        }
        return impressions
    }

    /// Like ``advance(to:)``, and also reports when sections become visible and stop
    /// being visible (with their exposure time); see ``VisibilityEvent``.
    // Specialised: the simulation calls it at every sample, and unspecialised it spends
    // its time looking up generic metadata.
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    mutating func advanceWithEvents(to time: Duration) -> [VisibilityEvent<ID>] {
        guard evaluateDueSamples(through: time, recordingVisibility: true) else { return [] }
        return recordedEvents()
    }

    /// The records of the last evaluation, as events.
    func recordedEvents() -> [VisibilityEvent<ID>] {
        var events: [VisibilityEvent<ID>] = []
        events.reserveCapacity(sampler.records.count)
        let reader = recordReader
        for record in sampler.records { events.append(reader.event(from: record)) }
        return events
    }

    /// The time of the next sample that can report anything if no input arrives: the
    /// next sample after an input, else the sample at which a visible section completes
    /// its run; `nil` when nothing can happen before the next input.
    ///
    /// Between inputs, nothing but impressions can happen (entries and exits follow
    /// inputs), so a driver may sleep until this time instead of ticking every interval:
    /// ``ImpressionTracker/run()`` does.
    var nextEventTime: Duration? {
        if changedSinceSample { return duration(ofSamples: nextSample) }
        return sampler.nextFiringSample.map { duration(ofSamples: $0) }
    }

    /// Evaluates the samples due by `time` into `sampler.records`, in order; returns
    /// whether there are any.
    mutating func evaluateDueSamples(through time: Duration, recordingVisibility: Bool) -> Bool {
        sampler.records.clear()
        guard let (first, last, visits) = takeDueSamples(through: time, lastDue: lastSample(atOrBefore: time)) else {
            return false
        }
        let screen = lifecycle.isActive ? self.screen : nil
        // Nothing can be seen and no run is open: nothing to do, whatever the feed size.
        if screen == nil && sampler.slotsInRun.isEmpty && !departed.hasOpenRuns {
            sampler.nextFiringSample = nil
            return false
        }
        departed.endOpenRuns(at: first, retention, recordingVisibility: recordingVisibility, into: &sampler.records)
        sampler.evaluate(from: first, through: last, on: screen, geometry: layout.geometry, visits: visits,
                         recordingVisibility: recordingVisibility)
        guard !sampler.records.isEmpty else { return false }
        sampler.sortRecords()
        return true
    }

    /// Moves the engine's time to `time` and takes the samples due by then, up to
    /// `lastDue`: the first and last of them and what the visits mean for them, or `nil`
    /// when none is due. The samples are then evaluated; a multi-policy engine evaluates
    /// its policies' in its own loop.
    @inline(__always)
    mutating func takeDueSamples(through time: Duration, lastDue: Int)
        -> (first: Int, last: Int, visits: SlotSampler.Visits)? {
        if time > self.time { self.time = time }
        guard lastDue >= nextSample else { return nil }
        let first = nextSample
        nextSample = lastDue &+ 1
        changedSinceSample = false
        return (first, lastDue, SlotSampler.Visits(current: visit, runsValidFrom: runsValidFrom,
                                                   firstRemembered: firstRememberedVisit))
    }

    /// What the screen shows now, or `nil` when nothing can be visible.
    // Inlined, as `lastSample(atOrBefore:)` and `retention` are: called from a mutating
    // method, an outlined read copies the whole engine, every table retained and
    // released, at every sample.
    @inline(__always)
    var screen: VisibilityMeasurer.Screen? {
        guard let viewport else { return nil }
        let effective = viewport.inset(by: viewportInsets)
        guard !effective.isEmpty else { return nil }
        return .init(effectiveViewport: effective, viewportOrigin: Point(x: viewport.x, y: viewport.y),
                     obstructions: obstructions)
    }

    /// The index of the last sample at or before `time`, or -1 before the first.
    @inline(__always)
    func lastSample(atOrBefore time: Duration) -> Int {
        guard time >= .zero else { return -1 }
        let index = time.totalAttoseconds / sampleIntervalAttoseconds
        // Int.max - 1 keeps `nextSample = index + 1` representable.
        return index >= Int128(Int.max - 1) ? Int.max - 1 : Int(index)
    }

    /// What the records of the last evaluation say, in ids and durations.
    var recordReader: RecordReader<ID> {
        RecordReader(ids: layout.ids, departedExits: departed.exitedSections, sampleInterval: sampleInterval,
                     sampleIntervalAttoseconds: sampleIntervalAttoseconds)
    }

    /// `sampleInterval * samples`; see ``RecordReader/duration(ofSamples:interval:attoseconds:)``.
    @inline(__always)
    func duration(ofSamples samples: Int) -> Duration {
        RecordReader<ID>.duration(ofSamples: samples, interval: sampleInterval, attoseconds: sampleIntervalAttoseconds)
    }
}
