// What an ImpressionEngine with several policies asks of the engine holding the inputs,
// lifecycle, time and layout all its policies share (its base). Mutating, though most only
// read: a mutating call on a stored engine works in place, where a read may copy it whole.
extension SinglePolicyEngine {
    /// The last sample due at `time`, and the screen the samples due by then see when
    /// one is due, the engine is active and something can show (`nil` otherwise).
    mutating func dueSamples(through time: Duration) -> (lastDue: Int, screen: VisibilityMeasurer.Screen?) {
        let lastDue = lastSample(atOrBefore: time)
        guard lastDue >= nextSample, lifecycle.isActive else { return (lastDue, nil) }
        return (lastDue, screen)
    }

    /// Appends the slots near `screen`'s viewport to `candidates`.
    mutating func collectCandidates(on screen: VisibilityMeasurer.Screen, into candidates: inout [Int32]) {
        layout.geometry.index.collect(intersecting: screen.effectiveViewport, into: &candidates)
    }

    /// ``validatedLayout(_:containers:)``, read in place.
    mutating func validatedLayoutInPlace(_ sections: [TrackedSection<ID>], containers: [ScrollContainer])
        throws(InputError) -> (layout: SectionLayout<ID>, keepsSlots: Bool) {
        try validatedLayout(sections, containers: containers)
    }

    /// ``validatedLayout(_:containers:)``, resolving the layout under the default policy of
    /// each other way of measuring of a multi-policy engine in the same pass (see
    /// ``SectionLayout/measureGroups(sections:containers:defaultPolicy:otherGroupPolicies:sampleInterval:sameIDsAs:)``);
    /// this engine's policy measures as the first measure group. Touches no state.
    mutating func validatedMeasureGroups(_ sections: [TrackedSection<ID>], containers: [ScrollContainer],
                                       otherGroupPolicies: [ImpressionPolicy])
        throws(InputError) -> (layout: SectionLayout<ID>, otherGroups: [SectionGeometry], keepsSlots: Bool) {
        let keepsSlots = self.keepsSlots(of: sections)
        let (newLayout, otherGroups) = try SectionLayout.measureGroups(
            sections: sections, containers: containers, defaultPolicy: policy, otherGroupPolicies: otherGroupPolicies,
            sampleInterval: sampleInterval, sameIDsAs: keepsSlots ? layout : nil)
        return (newLayout, otherGroups, keepsSlots)
    }

    /// Becomes what one of a multi-policy engine's policies alone would be: this engine's
    /// inputs and time, with that policy's `geometry`, counters by slot, open runs and
    /// departed sections (a snapshot under that policy).
    mutating func showPolicy(geometry: SectionGeometry, states: [SectionState], slotsInRun: [Int32],
                           departed: DepartedSections<ID>) {
        layout.geometry = geometry
        sampler.states = states
        sampler.slotsInRun = slotsInRun
        self.departed = departed
    }
}
