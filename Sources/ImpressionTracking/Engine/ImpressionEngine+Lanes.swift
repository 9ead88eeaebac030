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

    /// The ratio of the section in `slot` as this engine's policy measures it, from what
    /// `shared` knows of it; see ``VisibilityMeasurer/ratio(ofSlot:in:on:sharing:)``.
    mutating func ratio(ofSlot slot: Int, on screen: VisibilityMeasurer.Screen, with measurer: inout VisibilityMeasurer,
                        sharing shared: inout VisibilityMeasurer.SharedMeasures) -> Double? {
        measurer.ratio(ofSlot: slot, in: layout.geometry, on: screen, sharing: &shared)
    }

    /// Appends the impressions among the records of the last evaluation to `impressions`,
    /// tagged with `policy`, and their samples to `samples`.
    mutating func appendImpressions(policy: Int, to impressions: inout [PolicyImpression<ID>], samples: inout [Int]) {
        let reader = recordReader
        for record in sampler.records where record.kind == .impression {
            impressions.append(PolicyImpression(policy: policy, impression: reader.impression(from: record)))
            samples.append(record.sample)
        }
    }

    /// Hands the impressions of the last evaluation to `impression` and the stays its
    /// exits ended (the section and its visible samples) to `exit`, in order, tagged with
    /// `policy`.
    mutating func reportTally(policy: Int, impression: (_ policy: Int, _ impression: Impression<ID>) -> Void,
                              exit: (_ policy: Int, _ sectionID: ID, _ visibleSamples: Int) -> Void) {
        let reader = recordReader
        for record in sampler.records {
            switch record.kind {
            case .impression: impression(policy, reader.impression(from: record))
            case .exited: exit(policy, reader.sectionID(of: record), record.staySamples)
            case .entered: break
            }
        }
    }

    /// Appends the records of the last evaluation to `events`, as events tagged with
    /// `policy`, and their samples to `samples`.
    mutating func appendEvents(policy: Int, to events: inout [PolicyEvent<ID>], samples: inout [Int]) {
        let reader = recordReader
        for record in sampler.records {
            events.append(PolicyEvent(policy: policy, event: reader.event(from: record)))
            samples.append(record.sample)
        }
    }
}

extension ImpressionEngine {
    /// ``validatedLayout(_:containers:)``, read in place.
    mutating func laneValidatedLayout(_ sections: [TrackedSection<ID>], containers: [ScrollContainer])
        throws(InputError) -> (layout: SectionLayout<ID>, keepsSlots: Bool) {
        try validatedLayout(sections, containers: containers)
    }
}
