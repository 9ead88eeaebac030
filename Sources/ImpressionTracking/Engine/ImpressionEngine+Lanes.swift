// What a MultiPolicyEngine asks of the engines that hold its policies' counters (its
// lanes). Mutating, though most only read: a mutating call on an array element works in
// place, where a read may copy the whole engine (a copy per sample, measured in perf).
extension ImpressionEngine {
    /// The last sample due at `time`, and the screen the samples due by then see when
    /// one is due, the engine is active and something can show (`nil` otherwise).
    mutating func dueSamples(through time: Duration) -> (lastDue: Int, screen: VisibilityMeasurer.Screen?) {
        let lastDue = lastSample(atOrBefore: time)
        guard configurationError == nil, lastDue >= nextSample, lifecycle.isActive else { return (lastDue, nil) }
        return (lastDue, screen)
    }

    /// Appends the slots near `screen`'s viewport to `candidates`.
    mutating func collectCandidates(on screen: VisibilityMeasurer.Screen, into candidates: inout [Int32]) {
        layout.geometry.index.collect(intersecting: screen.effectiveViewport, into: &candidates)
    }

    /// Measures the ratio of each of `measured.candidates` as this engine's policy does,
    /// into `measured`'s `column` (NaN where nothing shows).
    mutating func measure(on screen: VisibilityMeasurer.Screen, column: Int, into measured: inout SlotSampler.MeasuredSample,
                          with measurer: inout VisibilityMeasurer) {
        let stride = measured.stride
        for index in measured.candidates.indices {
            let ratio = measurer.ratio(ofSlot: Int(measured.candidates[index]), in: layout.geometry, on: screen)
            measured.ratios[index &* stride &+ column] = ratio ?? .nan
        }
    }

    /// ``recordedImpressions()``, read in place.
    mutating func laneImpressions() -> [Impression<ID>] { recordedImpressions() }

    /// ``recordedEvents()``, read in place.
    mutating func laneEvents() -> [VisibilityEvent<ID>] { recordedEvents() }
}

extension ImpressionEngine {
    /// ``validatedLayout(_:containers:)``, read in place.
    mutating func laneValidatedLayout(_ sections: [TrackedSection<ID>], containers: [ScrollContainer])
        throws(InputError) -> (layout: SectionLayout<ID>, keepsSlots: Bool) {
        try validatedLayout(sections, containers: containers)
    }
}
