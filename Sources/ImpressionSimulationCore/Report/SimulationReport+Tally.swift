import ImpressionTracking

// A report is built from a tally: the counts, merged in session order, become the
// per-session rates, percentiles and per-section results the renderings show. Built here,
// beside the report, so that a run, a shard's merge and an A/B comparison all make the
// same report from the same counts.
extension SimulationReport {
    /// The report of the sessions `tally` counted in `simulation`: a whole run's, a
    /// shard's, or shards' merged.
    package init(tally: SimulationTally, of simulation: Simulation) {
        let (feed, kindOfSection) = (simulation.feed, simulation.kindOfSection)
        let sessions = tally.sessions
        var configuration = simulation.configuration
        configuration.sessionCount = sessions
        func perSession(_ count: Int) -> Double { sessions == 0 ? 0 : Double(count) / Double(sessions) }
        let sections = Self.sectionResults(from: tally.sections, catalog: tally.catalog, feed: feed, configuration: configuration)
        let summaries = zip(configuration.policies, tally.policies).enumerated().map { policyIndex, pair in
            let (named, policyTally) = pair
            var byKind = Array(repeating: SectionViewability(), count: SectionKind.allCases.count)
            var outsideFeed = SectionViewability()
            for section in sections {
                if section.section < kindOfSection.count {
                    let kind = Int(kindOfSection[section.section])
                    byKind[kind] = byKind[kind] + section.byPolicy[policyIndex]
                } else {
                    outsideFeed = outsideFeed + section.byPolicy[policyIndex]
                }
            }
            let times = policyTally.firstImpressionTimes.sorted()
            var summary = PolicySummary(
                policy: named,
                impressions: policyTally.impressions,
                impressionsPerSession: perSession(policyTally.impressions),
                distinctSections: policyTally.distinctSections,
                distinctSectionsPerSession: perSession(policyTally.distinctSections),
                sessionsWithImpressions: times.count,
                firstImpressionMedian: nearestRank(times, percent: 50),
                firstImpressionP90: nearestRank(times, percent: 90),
                impressionsByDepth: policyTally.byDepth,
                impressionsByKind: policyTally.byKind,
                viewabilityByKind: byKind,
                firstImpressionPercentiles: times.isEmpty ? [] : (0...100).compactMap { nearestRank(times, percent: $0) },
                exposure: policyTally.exposure.map { ExposureDistributions($0, sampleInterval: configuration.sampleInterval) })
            // The tally counts by kind the impressions of the feed's sections only: the rest are outside it.
            summary.impressionsOutsideFeed = policyTally.impressions - policyTally.byKind.reduce(0, +)
            summary.viewabilityOutsideFeed = outsideFeed
            return summary
        }
        // Positions are reported 1-based; a session that saw nothing counts as 0.
        let deepest = tally.deepestSections.map { $0 + 1 }.sorted()
        if let recorded = tally.recorded, sessions > 0 {
            // Recorded sessions last what they last: the report's length is their mean.
            configuration.sessionDuration = .nanoseconds(recorded.sessionNanoseconds / Int64(sessions))
        }
        self.init(
            configuration: configuration,
            sectionsByKind: SectionKind.allCases.map { kind in feed.sections.count { $0.kind == kind } },
            depthBuckets: simulation.depthBuckets,
            deepestPositionMean: perSession(deepest.reduce(0, +)),
            deepestPositionMedian: nearestRank(deepest, percent: 50) ?? 0,
            deepestPositionP90: nearestRank(deepest, percent: 90) ?? 0,
            rejectedInputs: tally.rejectedInputs,
            policies: summaries,
            sections: sections)
        recorded = tally.recorded
        if tally.recorded != nil, let counts = tally.sessionCounts, configuration.policies.count > 1 {
            policyDifferences = Self.policyDifferences(counts, seed: configuration.seed)
        }
    }

    /// Each policy after the first against the first, on the same sessions: the mean
    /// difference in impressions per session with its paired bootstrap interval.
    private static func policyDifferences(_ counts: SessionCounts, seed: UInt64) -> [PairedComparison] {
        let first = counts.perSession(policy: 0, kind: nil)
        return PairedBootstrap(seed: seed).compare((1..<counts.policyCount).map { policy in
            (a: first, b: counts.perSession(policy: policy, kind: nil))
        })
    }

    /// Every section's counts under every policy, as ``SimulationReport/sections`` holds them.
    ///
    /// With recorded sessions, the sections met outside the feed follow the feed's, by
    /// id, those with a count only: which ones a trace laid out but never showed depends
    /// on which traces were counted, and a report must not depend on how they were split.
    private static func sectionResults(from tally: SectionTally, catalog: SectionCatalog?, feed: Feed,
                                       configuration: SimulationConfiguration) -> [SectionResult] {
        var numbered: [(number: Int, name: String, kind: SectionKind?)] = feed.sections.indices.map { section in
            (section, feed.sections[section].id, feed.sections[section].kind)
        }
        if let catalog {
            let counted = catalog.extraIDs.enumerated().filter { offset, _ in
                let number = catalog.feedCount + offset
                return tally.counts(ofSection: number, policy: 0).rendered > 0 || configuration.policies.indices.contains { policy in
                    let counts = tally.counts(ofSection: number, policy: policy)
                    return counts.impressed > 0 || counts.visibleSamples > 0
                }
            }
            numbered += counted.sorted { $0.element < $1.element }.map { (catalog.feedCount + $0.offset, $0.element, nil) }
        }
        let interval = configuration.sampleInterval
        return numbered.enumerated().map { position, entry in
            let section = entry.number
            return SectionResult(section: position, name: entry.name, kind: entry.kind,
                          byPolicy: configuration.policies.indices.map { policy in
                let counts = tally.counts(ofSection: section, policy: policy)
                return SectionViewability(rendered: counts.rendered, impressed: counts.impressed,
                                          timeInView: interval * counts.visibleSamples)
            }, exposureByPolicy: tally.measuresExposure ? configuration.policies.indices.map { policy in
                guard let (visits, sums) = tally.exposure(ofSection: section, policy: policy), visits > 0 else {
                    return SectionResult.Exposure(visits: 0, means: nil)
                }
                return SectionResult.Exposure(visits: visits, means: zip(SectionTally.exposureSignals, sums).map { signal, sum in
                    signal.value(ofUnits: Double(sum) / Double(visits), sampleInterval: interval)
                })
            } : nil)
        }
    }
}
