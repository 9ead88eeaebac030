import ImpressionSimulationCore
import ImpressionTracking
/// The `shard` member of a shard summary: which slice of which run, and the integer
/// counts of its sessions, from which `merge` rebuilds the whole run's report exactly
/// (percentiles cannot be merged, the values behind them can).
///
/// The run is its ``SimulationConfiguration``, decoded as it was encoded, and, when the
/// configuration's seed does not generate its feed (a feed file's), the feed itself
/// (see ``ShardFeed``); shards of one run carry equal configurations and feeds.
package struct ShardRecord: Codable {
    /// The largest count a shard may hold: far more than any run makes (a trillion), and
    /// small enough that a merge's sums, and a count of samples times the interval, can
    /// never overflow.
    package static let maximumCount = 1 << 40

    var index: Int
    var count: Int
    /// The whole run's configuration, not the slice's.
    var configuration: SimulationConfiguration
    /// Each policy's ``ImpressionPolicy/fingerprint``, in the configuration's order: what
    /// each name counted when the shard ran, so that `merge` refuses a shard whose policy
    /// of the same name counts otherwise, and one written where the same knobs had
    /// another fingerprint. Optional: when a shard has none, its policies'
    /// are those of its configuration.
    var fingerprints: [String]?
    /// The run's feed as a feed file (``FeedFile/encode(_:)``), so that a shard needs no
    /// file to be merged; absent (and the key left out, so synthetic shards are as they
    /// were) when the configuration generates the feed.
    var feed: String?
    var tally: Tally

    init(shard: Shard, configuration: SimulationConfiguration, feed: String?, tally: SimulationTally) {
        index = shard.index
        count = shard.count
        self.configuration = configuration
        fingerprints = configuration.policies.map(\.policy.fingerprint)
        self.feed = feed
        self.tally = Tally(tally)
    }

    /// Each policy's fingerprint as the shard recorded it, or as its configuration gives
    /// it in a shard that recorded none.
    var policyFingerprints: [String] { fingerprints ?? configuration.policies.map(\.policy.fingerprint) }

    /// Refuses a record whose fingerprints are not its policies': another count of them,
    /// or a policy whose knobs give another fingerprint here than where the shard ran
    /// (its figures would be merged under a definition that did not count them).
    ///
    /// - Throws: ``ShardSummaryError`` naming the file (`name`), the policy and both fingerprints.
    func checkFingerprints(name: String) throws(ShardSummaryError) {
        guard let fingerprints else { return }
        let policies = configuration.policies
        guard fingerprints.count == policies.count else {
            throw ShardSummaryError("\(name): holds \(fingerprints.count) policy fingerprints for \(policies.count) policies")
        }
        for (named, recorded) in zip(policies, fingerprints) where named.policy.fingerprint != recorded {
            throw ShardSummaryError("\(name): policy '\(named.name)' has fingerprint \(recorded) in the shard, but its "
                + "knobs give \(named.policy.fingerprint) here: the shard was run by a version that counts them otherwise")
        }
    }

    /// A ``SimulationTally`` with its per-session values as `[[value, count], ...]`
    /// histograms: a shard of a million sessions holds a few thousand pairs, not a
    /// million numbers.
    struct Tally: Codable {
        var sessions: Int
        var rejectedInputs: Int
        var deepestSections: [[Int64]]
        var policies: [Policy]
        /// `[section, rendered, impressed, visibleSamples, impressed, visibleSamples, ...]`
        /// (a pair per policy) for each section with a count, ascending: the shard's
        /// ``SectionTally``, without the sections it never reached.
        var sections: [[Int]]
        /// Each session's impressions by policy and kind (``SessionCounts/columns``), in
        /// the slice's session order: kept by an A/B shard for the paired bootstrap;
        /// absent (and the key left out) in a single run's.
        var sessionCounts: [[Int]]?
        /// With exposure signals measured: `[section, visits, sums..., visits, sums..., ...]`
        /// (``SectionTally/exposureSignals``' sums, a group per policy) for each section
        /// with a visit, ascending; absent otherwise.
        var sectionExposure: [[Int]]?
        /// In a run over recorded traces: what only such a run counts; absent otherwise.
        var traces: Traces?

        /// What a shard of a run over recorded traces holds beyond a simulation's.
        struct Traces: Codable {
            /// The ids of the sections outside the feed, numbered from the feed's count in
            /// ``sections`` as this shard numbered them.
            var extraSectionIDs: [String]
            /// What the shard's traces read: every trace of its slice, counted or not.
            var recorded: RecordedSessions
            /// Per policy, each session's impressions of sections outside the feed (``SessionCounts/kindlessColumns``).
            var kindless: [[Int]]
            /// The whole run's list of traces, which every shard of it shares: how many,
            /// and a 64-bit FNV-1a digest of their names, each ended by a newline.
            var runTraces = 0
            var runDigest = ""

            /// Sets ``runTraces`` and ``runDigest`` from the run's trace names, in order.
            mutating func setRun(_ names: [String]) {
                var digest: UInt64 = 0xcbf2_9ce4_8422_2325
                for name in names {
                    for byte in name.utf8 + [0x0A] { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
                }
                runTraces = names.count
                runDigest = String(digest, radix: 16)
            }
        }

        struct Policy: Codable {
            var impressions: Int
            var distinctSections: Int
            var byDepth: [Int]
            var byKind: [Int]
            var firstImpressionNanoseconds: [[Int64]]
            /// With exposure signals measured, per kind and signal (``ExposureSignal``), the
            /// visits' `[[value, count], ...]` histogram in the signal's units, then, when a
            /// recorded section outside the feed had a visit, the same for those sections;
            /// absent otherwise.
            var exposure: [[[[Int]]]]?
        }

        init(_ tally: SimulationTally) {
            sessions = tally.sessions
            rejectedInputs = tally.rejectedInputs
            deepestSections = Self.histogram(tally.deepestSections.map(Int64.init))
            policies = tally.policies.map { policy in
                Policy(impressions: policy.impressions, distinctSections: policy.distinctSections,
                       byDepth: policy.byDepth, byKind: policy.byKind,
                       firstImpressionNanoseconds: Self.histogram(policy.firstImpressionTimes.map(\.wholeNanoseconds)),
                       exposure: policy.exposure.map { exposure in
                           exposure.recordedHistograms.map { kind in
                               kind.map { histogram in histogram.keys.sorted().map { [$0, histogram[$0] ?? 0] } }
                           }
                       })
            }
            let counts = tally.sections
            sections = (0..<counts.count).compactMap { section in
                var row = [section, counts.counts(ofSection: section, policy: 0).rendered]
                for policy in 0..<counts.policyCount {
                    let policyCounts = counts.counts(ofSection: section, policy: policy)
                    row += [policyCounts.impressed, policyCounts.visibleSamples]
                }
                return row.dropFirst().allSatisfy { $0 == 0 } ? nil : row
            }
            sessionCounts = tally.sessionCounts?.columns
            if let recorded = tally.recorded, let catalog = tally.catalog {
                traces = Traces(extraSectionIDs: catalog.extraIDs, recorded: recorded,
                                kindless: tally.sessionCounts?.kindlessColumns ?? [])
            }
            if counts.measuresExposure {
                sectionExposure = (0..<counts.count).compactMap { section in
                    var row = [section]
                    for policy in 0..<counts.policyCount {
                        guard let (visits, sums) = counts.exposure(ofSection: section, policy: policy) else { return nil }
                        row += [visits] + sums
                    }
                    return row.dropFirst().allSatisfy { $0 == 0 } ? nil : row
                }
            }
        }

        /// The tally, checked against the run's shape and the shard's session count.
        func tally(matching empty: SimulationTally, sessions expected: Int, sectionCount: Int,
                   name: String) throws(ShardSummaryError) -> SimulationTally {
            func fail(_ problem: String) -> ShardSummaryError { ShardSummaryError("\(name): \(problem)") }
            guard (traces != nil) == (empty.recorded != nil) else {
                throw fail(empty.recorded != nil ? "has no traces member, which a run over recorded traces has"
                                                 : "has a traces member, which only a run over recorded traces has")
            }
            // A run over traces has as many sessions as its slice's traces that counted.
            if let traces {
                guard (0...traces.recorded.traces).contains(sessions) else {
                    throw fail("holds \(sessions) sessions from \(traces.recorded.traces) traces")
                }
            } else {
                guard sessions == expected else {
                    throw fail("holds \(sessions) sessions, its slice of the run has \(expected)")
                }
            }
            guard policies.count == empty.policies.count else {
                throw fail("has \(policies.count) policies, the run has \(empty.policies.count)")
            }
            var tally = empty
            tally.sessions = sessions
            tally.rejectedInputs = rejectedInputs
            tally.deepestSections = try Self.expand(deepestSections, atMost: sessions, what: "deepestSections", fail: fail).map { Int($0) }
            guard tally.deepestSections.count == sessions else { throw fail("deepestSections does not hold one value per session") }
            // Positions in the feed, which the report counts from 1: no value past the feed.
            guard tally.deepestSections.allSatisfy({ (-1..<sectionCount).contains($0) }) else {
                throw fail("deepestSections must be positions in the feed, 0..<\(sectionCount), or -1 for a session that reached none")
            }
            for (index, policy) in policies.enumerated() {
                guard policy.byDepth.count == empty.policies[index].byDepth.count,
                      policy.byKind.count == empty.policies[index].byKind.count else {
                    throw fail("policy \(index) does not have the run's depth buckets and kinds")
                }
                guard ([policy.impressions, policy.distinctSections] + policy.byDepth + policy.byKind)
                    .allSatisfy({ (0...ShardRecord.maximumCount).contains($0) }) else {
                    throw fail("policy \(index) has a count outside 0...\(ShardRecord.maximumCount)")
                }
                // Both count the impressions of the feed's sections; the rest, only in a run over
                // traces, are outside the feed.
                let inFeed = policy.byKind.reduce(0, +)
                guard policy.byDepth.reduce(0, +) == inFeed, traces == nil ? inFeed == policy.impressions : inFeed <= policy.impressions
                else {
                    throw fail("policy \(index)'s byDepth and byKind must each add up to its impressions"
                        + (traces == nil ? "" : ", less those of sections outside the feed"))
                }
                tally.policies[index].impressions = policy.impressions
                tally.policies[index].distinctSections = policy.distinctSections
                tally.policies[index].byDepth = policy.byDepth
                tally.policies[index].byKind = policy.byKind
                tally.policies[index].firstImpressionTimes = try Self.expand(
                    policy.firstImpressionNanoseconds, atMost: sessions, what: "firstImpressionNanoseconds", fail: fail
                ).map { .nanoseconds($0) }
                switch (empty.policies[index].exposure != nil, policy.exposure) {
                case (false, nil): break
                case (false, _?): throw fail("policy \(index) has exposure signals, which its run does not measure")
                case (true, nil): throw fail("policy \(index) has no exposure signals, which its run measures (--signals)")
                case (true, let histograms?):
                    // Only a run over recorded traces meets sections of no kind, outside its feed.
                    guard traces != nil || histograms.count == SectionKind.allCases.count else {
                        throw fail("policy \(index) has exposure signals of sections outside the feed, which only a run "
                            + "over recorded traces has")
                    }
                    guard let exposure = ExposureTally(histograms: histograms, maximum: ShardRecord.maximumCount) else {
                        throw fail("policy \(index)'s exposure must be, per kind and signal, [value, count] pairs, values "
                            + "ascending, every signal of a kind counting the same visits, within 0...\(ShardRecord.maximumCount)")
                    }
                    tally.policies[index].exposure = exposure
                }
            }
            guard (sectionExposure != nil) == empty.sections.measuresExposure else {
                throw fail(empty.sections.measuresExposure ? "has no sectionExposure, which its run measures (--signals)"
                                                          : "has sectionExposure, which its run does not measure")
            }
            let extraIDs = traces?.extraSectionIDs ?? []
            tally.sections = try sectionTally(policyCount: policies.count, sectionCount: sectionCount + extraIDs.count, fail: fail)
            if empty.sessionCounts != nil { tally.sessionCounts = try perSessionCounts(fail: fail) }
            if let traces, var catalog = empty.catalog?.emptied() {
                guard Set(extraIDs).count == extraIDs.count, extraIDs.allSatisfy({ catalog.feedPositions[$0] == nil }) else {
                    throw fail("traces.extraSectionIDs must be distinct ids, none of them the feed's")
                }
                for id in extraIDs { _ = catalog.number(of: id) }
                tally.catalog = catalog
                tally.recorded = traces.recorded
                guard tally.sessionCounts?.setKindless(traces.kindless) == true else {
                    throw fail("traces.kindless must hold, for each policy, one count per session (\(sessions))")
                }
            }
            return tally
        }

        /// ``sessionCounts``, checked: one column per policy and kind, one count per
        /// session, and each column adding up to the policy's impressions of that kind.
        private func perSessionCounts(fail: (String) -> ShardSummaryError) throws(ShardSummaryError) -> SessionCounts {
            guard let columns = sessionCounts else {
                throw fail("has no per-session counts (sessionCounts), which an A/B comparison's bootstrap needs")
            }
            guard let counts = SessionCounts(policyCount: policies.count, sessions: sessions, columns: columns) else {
                throw fail("sessionCounts must hold, for each policy and kind, one count per session (\(sessions))")
            }
            let kinds = SectionKind.allCases.count
            for (index, policy) in policies.enumerated() {
                for kind in 0..<kinds where columns[index * kinds + kind].reduce(0, +) != policy.byKind[kind] {
                    throw fail("sessionCounts of policy \(index), \(SectionKind.allCases[kind].name), "
                        + "do not add up to its \(policy.byKind[kind]) impressions of that kind")
                }
            }
            return counts
        }

        /// The ``sections`` rows as a tally, each checked: a section of the feed, after the
        /// previous row's, with a pair per policy, and counts of at most one per session.
        private func sectionTally(policyCount: Int, sectionCount: Int,
                                  fail: (String) -> ShardSummaryError) throws(ShardSummaryError) -> SectionTally {
            var counts = SectionTally(policyCount: policyCount, measuresExposure: sectionExposure != nil)
            var previous = -1
            for row in sections {
                guard row.count == 2 + 2 * policyCount, row[0] > previous, row[0] < sectionCount else {
                    throw fail("sections must be [section, rendered, impressed, visibleSamples, ...] rows, "
                        + "one pair per policy, sections ascending within the feed")
                }
                let impressed = stride(from: 2, to: row.count, by: 2).map { row[$0] }
                let visibleSamples = stride(from: 3, to: row.count, by: 2).map { row[$0] }
                guard (0...sessions).contains(row[1]), impressed.allSatisfy({ (0...row[1]).contains($0) }),
                      visibleSamples.allSatisfy({ (0...ShardRecord.maximumCount).contains($0) }) else {
                    throw fail("section \(row[0]) has counts that do not fit \(sessions) sessions")
                }
                counts.set(section: row[0], rendered: row[1], impressed: impressed, visibleSamples: visibleSamples)
                previous = row[0]
            }
            previous = -1
            let stride = 1 + SectionTally.exposureSignals.count
            for row in sectionExposure ?? [] {
                guard row.count == 1 + stride * policyCount, row[0] > previous, row[0] < sectionCount,
                      row.dropFirst().allSatisfy({ (0...ShardRecord.maximumCount).contains($0) }) else {
                    throw fail("sectionExposure must be [section, visits, sums..., ...] rows, a group of \(stride) per "
                        + "policy, sections ascending within the feed, counts within 0...\(ShardRecord.maximumCount)")
                }
                for policy in 0..<policyCount {
                    let group = Array(row[(1 + policy * stride)..<(1 + (policy + 1) * stride)])
                    counts.setExposure(section: row[0], policy: policy, visits: group[0], sums: Array(group.dropFirst()))
                }
                previous = row[0]
            }
            return counts
        }

        /// `[[value, count], ...]`, values ascending.
        private static func histogram(_ values: [Int64]) -> [[Int64]] {
            var counts: [Int64: Int64] = [:]
            for value in values { counts[value, default: 0] += 1 }
            return counts.keys.sorted().map { [$0, counts[$0] ?? 0] }
        }

        /// The values of a `[[value, count], ...]` histogram, refusing more than `limit`.
        private static func expand(_ histogram: [[Int64]], atMost limit: Int, what: String,
                                   fail: (String) -> ShardSummaryError) throws(ShardSummaryError) -> [Int64] {
            var values: [Int64] = []
            for pair in histogram {
                guard pair.count == 2, pair[1] >= 0, pair[1] <= Int64(limit - values.count) else {
                    throw fail("\(what) must be [value, count] pairs adding up to at most \(limit) values")
                }
                values.append(contentsOf: repeatElement(pair[0], count: Int(pair[1])))
            }
            return values
        }
    }
}
