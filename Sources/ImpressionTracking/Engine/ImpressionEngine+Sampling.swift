extension ImpressionEngine {
    // MARK: - Time

    /// Evaluates, in order, every sample at or before `time` not yet evaluated, and
    /// returns the impressions they completed.
    ///
    /// Advancing to an earlier time than ``time`` evaluates nothing: time never runs
    /// backwards. Samples between two inputs see the same state, so they are evaluated
    /// together: a jump of an hour costs about as much as one sample.
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    public mutating func advance(to time: Duration) -> [Impression<ID>] {
        guard evaluateDueSamples(through: time, recordingVisibility: false) else { return [] }
        return recordedImpressions()
    }

    /// The impressions among the records of the last evaluation.
    func recordedImpressions() -> [Impression<ID>] {
        var impressions: [Impression<ID>] = []
        for record in sampler.records where record.kind == .impression {
            impressions.append(impression(from: record))
        }
        return impressions
    }

    /// Like ``advance(to:)``, and also reports when sections become visible and stop
    /// being visible (with their exposure time); see ``VisibilityEvent``.
    // Specialised: the simulation calls it at every sample, and unspecialised it spends
    // its time looking up generic metadata.
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    public mutating func advanceWithEvents(to time: Duration) -> [VisibilityEvent<ID>] {
        guard evaluateDueSamples(through: time, recordingVisibility: true) else { return [] }
        return recordedEvents()
    }

    /// The records of the last evaluation, as events.
    func recordedEvents() -> [VisibilityEvent<ID>] {
        var events: [VisibilityEvent<ID>] = []
        events.reserveCapacity(sampler.records.count)
        for record in sampler.records { events.append(event(from: record)) }
        return events
    }

    /// The time of the next sample that can report anything if no input arrives: the
    /// next sample after an input, else the sample at which a visible section completes
    /// its run; `nil` when nothing can happen before the next input.
    ///
    /// Between inputs, nothing but impressions can happen (entries and exits follow
    /// inputs), so a driver may sleep until this time instead of ticking every interval:
    /// ``ImpressionTracker/run()`` does.
    public var nextEventTime: Duration? {
        guard configurationError == nil else { return nil }
        if changedSinceSample { return sampleInterval * nextSample }
        return sampler.nextFiringSample.map { sampleInterval * $0 }
    }

    /// Evaluates the samples due by `time` into `sampler.records`, in order; returns
    /// whether there are any.
    ///
    /// - Parameters:
    ///   - measured: the ratios a multi-policy engine measured for every policy, this
    ///     engine's in `column`; `nil` to measure here.
    mutating func evaluateDueSamples(through time: Duration, recordingVisibility: Bool,
                                     measured: SlotSampler.MeasuredSample? = nil, column: Int = 0) -> Bool {
        sampler.records.removeAll(keepingCapacity: true)
        guard configurationError == nil else { return false }
        if time > self.time { self.time = time }
        // A multi-policy engine worked out the due samples and the screen once for all.
        let lastDueSample = measured?.lastDueSample ?? lastSample(atOrBefore: time)
        guard lastDueSample >= nextSample else { return false }
        let firstSample = nextSample
        nextSample = lastDueSample &+ 1
        changedSinceSample = false
        let screen = measured != nil ? nil : lifecycle.isActive ? self.screen : nil
        let screenShows = measured?.screenShows ?? (screen != nil)
        // Nothing can be seen and no run is open: nothing to do, whatever the feed size.
        if !screenShows && sampler.slotsInRun.isEmpty && !departed.hasOpenRuns {
            sampler.nextFiringSample = nil
            return false
        }
        departed.endOpenRuns(at: firstSample, retention, recordingVisibility: recordingVisibility, into: &sampler.records)
        let visits = SlotSampler.Visits(current: visit, runsValidFrom: runsValidFrom, firstRemembered: firstRememberedVisit)
        if let measured {
            sampler.evaluate(from: firstSample, through: lastDueSample, measured: measured, column: column,
                             geometry: layout.geometry, visits: visits, recordingVisibility: recordingVisibility)
        } else {
            sampler.evaluate(from: firstSample, through: lastDueSample, on: screen, geometry: layout.geometry,
                             visits: visits, recordingVisibility: recordingVisibility)
        }
        guard !sampler.records.isEmpty else { return false }
        sampler.sortRecords()
        return true
    }

    /// What the screen shows now, or `nil` when nothing can be visible.
    var screen: VisibilityMeasurer.Screen? {
        guard let viewport else { return nil }
        let effective = viewport.inset(by: viewportInsets)
        guard !effective.isEmpty else { return nil }
        return .init(effectiveViewport: effective, viewportOrigin: Point(x: viewport.x, y: viewport.y),
                     obstructions: obstructions)
    }

    /// The index of the last sample at or before `time`, or -1 before the first.
    func lastSample(atOrBefore time: Duration) -> Int {
        guard time >= .zero else { return -1 }
        let index = time.attoseconds / sampleInterval.attoseconds
        // Int.max - 1 keeps `nextSample = index + 1` representable.
        return index >= Int128(Int.max - 1) ? Int.max - 1 : Int(index)
    }

    private func sectionID(of record: SlotSampler.Record) -> ID {
        switch record.subject {
        case .slot(let slot): layout.ids[slot]
        case .departed(let index): departed.id(ofExit: index)
        }
    }

    private func impression(from record: SlotSampler.Record) -> Impression<ID> {
        Impression(sectionID: sectionID(of: record), time: sampleInterval * record.sample,
                   visibleRatio: record.ratio, visibleDuration: sampleInterval * record.intervalsBeforeFiring, visit: record.visit)
    }

    private func event(from record: SlotSampler.Record) -> VisibilityEvent<ID> {
        switch record.kind {
        case .exited:
            .exited(sectionID: sectionID(of: record), time: sampleInterval * record.sample,
                    stayDuration: sampleInterval * record.staySamples,
                    totalVisibleDuration: sampleInterval * record.exposureSamples, visit: record.visit)
        case .entered:
            .entered(sectionID: sectionID(of: record), time: sampleInterval * record.sample,
                     visibleRatio: record.ratio, visit: record.visit)
        case .impression:
            .impression(impression(from: record))
        }
    }
}
