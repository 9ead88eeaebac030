import ImpressionTracking

/// Integer counts over a run of consecutive sessions; tallies of consecutive runs merge
/// in order, so the total does not depend on how sessions were split between workers.
///
/// Opaque outside the library: the command line passes it from
/// ``Simulation/tally(sessions:workers:keepingSessionCounts:progress:)`` to
/// ``SimulationReport/init(tally:of:)`` and to ``ShardSummary``, and reads only
/// ``sessions``.
package struct SimulationTally: Sendable {
    package struct PolicyTally: Sendable {
        package var impressions = 0
        package var distinctSections = 0
        package var byDepth: [Int]
        package var byKind: [Int]
        /// The time of each session's first impression, in session order, for the
        /// sessions that had one.
        package var firstImpressionTimes: [Duration] = []
        /// The exposure signals of its visits, when the run measures them.
        package var exposure: ExposureTally?
    }

    /// The sessions counted.
    package var sessions = 0
    package var rejectedInputs = 0
    package var policies: [PolicyTally]
    /// The deepest position (0-based) each session reached, in session order; -1 for none.
    package var deepestSections: [Int] = []
    /// What each section rendered, and under each policy was impressed and in view.
    package var sections: SectionTally
    /// Each session's impressions by policy and kind, when kept for a paired comparison;
    /// `nil` otherwise, and then costs nothing.
    package var sessionCounts: SessionCounts?
    /// In a run over recorded traces: the numbers of the sections met outside the feed
    /// (``SectionCatalog``); `nil` in a simulation.
    package var catalog: SectionCatalog?
    /// In a run over recorded traces: what it read; `nil` in a simulation.
    package var recorded: RecordedSessions?
    /// In a run that writes its impressions' rows (`--impressions-out`): those of its
    /// sessions not yet written; `nil` otherwise, and then costs nothing.
    package var rows: ImpressionRows?

    init(policyCount: Int, depthBucketCount: Int, keepingSessionCounts: Bool = false, measuringExposure: Bool = false) {
        sections = SectionTally(policyCount: policyCount, measuresExposure: measuringExposure)
        sessionCounts = keepingSessionCounts ? SessionCounts(policyCount: policyCount) : nil
        policies = Array(repeating: PolicyTally(byDepth: Array(repeating: 0, count: depthBucketCount),
                                                byKind: Array(repeating: 0, count: SectionKind.allCases.count),
                                                exposure: measuringExposure ? ExposureTally() : nil),
                         count: policyCount)
    }

    /// Adds one session; `depthBucketOfSection` and `kindOfSection` map feed positions
    /// to bucket and kind indices.
    mutating func add(_ outcome: SessionOutcome, depthBucketOfSection: [Int32], kindOfSection: [Int32],
                      sampleInterval: Duration) {
        sessions += 1
        rejectedInputs += outcome.rejectedInputs
        deepestSections.append(outcome.deepestSection ?? -1)
        sections.add(outcome, sampleInterval: sampleInterval)
        sessionCounts?.add(outcome, kindOfSection: kindOfSection)
        for (policyIndex, exposures) in outcome.exposures.enumerated() where policies.indices.contains(policyIndex) {
            for exposure in exposures {
                // A recorded section outside the feed has no kind, but its visits are visits.
                let kind = kindOfSection.indices.contains(exposure.section) ? Int(kindOfSection[exposure.section])
                                                                            : ExposureTally.kindless
                policies[policyIndex].exposure?.add(exposure.signals, kind: kind, sampleInterval: sampleInterval)
            }
        }
        var sectionIDs: [Int] = []
        for (policyIndex, impressions) in outcome.impressions.enumerated() where policyIndex < policies.count {
            guard let first = impressions.first else { continue }
            policies[policyIndex].impressions += impressions.count
            policies[policyIndex].firstImpressionTimes.append(first.time)
            sectionIDs.removeAll(keepingCapacity: true)
            for impression in impressions {
                let section = impression.sectionID
                // A recorded section outside the feed has no position or kind, but counts as a section.
                if depthBucketOfSection.indices.contains(section) {
                    policies[policyIndex].byDepth[Int(depthBucketOfSection[section])] += 1
                    policies[policyIndex].byKind[Int(kindOfSection[section])] += 1
                }
                sectionIDs.append(section)
            }
            sectionIDs.sort()
            var distinct = 0
            var previous: Int?
            for section in sectionIDs where section != previous {
                distinct += 1
                sections.addImpressed(section, policy: policyIndex)
                previous = section
            }
            policies[policyIndex].distinctSections += distinct
        }
    }

    /// Appends the tally of the sessions that follow this one's.
    package mutating func append(_ next: SimulationTally) {
        sessions += next.sessions
        rejectedInputs += next.rejectedInputs
        deepestSections.append(contentsOf: next.deepestSections)
        if let nextCatalog = next.catalog, !nextCatalog.extraIDs.isEmpty, catalog != nil {
            // The next tally numbered the sections outside the feed on its own: by id, they are this one's.
            let feedCount = nextCatalog.feedCount
            let numbers = nextCatalog.extraIDs.map { catalog!.number(of: $0) }
            sections.add(next.sections) { $0 < feedCount ? $0 : numbers[$0 - feedCount] }
        } else {
            sections.add(next.sections)
        }
        if let nextRecorded = next.recorded { recorded?.append(nextRecorded) }
        if let nextRows = next.rows { rows?.append(nextRows) }
        if let counts = next.sessionCounts { sessionCounts?.append(counts) }
        for index in policies.indices where index < next.policies.count {
            let other = next.policies[index]
            policies[index].impressions += other.impressions
            policies[index].distinctSections += other.distinctSections
            for bucket in policies[index].byDepth.indices { policies[index].byDepth[bucket] += other.byDepth[bucket] }
            for kind in policies[index].byKind.indices { policies[index].byKind[kind] += other.byKind[kind] }
            policies[index].firstImpressionTimes.append(contentsOf: other.firstImpressionTimes)
            if let exposure = other.exposure { policies[index].exposure?.add(exposure) }
        }
    }
}

/// The nearest-rank percentile of sorted values: the smallest value with at least
/// `percent` % of the values at or below it.
func nearestRank<T>(_ sorted: [T], percent: Int) -> T? {
    guard !sorted.isEmpty else { return nil }
    return sorted[nearestRank(count: sorted.count, percent: percent) - 1]
}

/// The nearest rank (from 1) of the `percent` percentile of `count` values, `count > 0`.
func nearestRank(count: Int, percent: Int) -> Int {
    min(count, max(1, (count * percent + 99) / 100))
}
