import ImpressionSimulationCore

/// Two layouts of a feed, A and B, simulated on the same users: "if the ad moves from
/// position 3 to 5, how many viewable impressions do we lose?"
///
/// ```swift
/// let comparison = try LayoutComparison(configuration: SimulationConfiguration(sessionCount: 1000),
///                                       a: adAtThree, b: adAtFive)
/// let report = await comparison.run()
/// print(report.table())
/// ```
///
/// Session `i` of each arm is ``SessionGenerator/session(seed:index:)`` with the run's
/// seed and `i` on the arm's own feed: the same user, drawing the same numbers (common
/// random numbers), so the two arms differ only by what the layouts make of the same
/// gestures and lifecycle. Every policy runs on both. The difference `B - A` of each
/// policy's impressions per session, in total and by kind of section, gets a 95 %
/// interval from a ``PairedBootstrap`` over sessions seeded by ``bootstrapSeed(runSeed:)``.
package struct LayoutComparison: Sendable {
    /// Arm A's run.
    package let a: Simulation
    /// Arm B's run: the same configuration on feed B.
    package let b: Simulation
    /// How the arms are named in reports: their feed files, say.
    package let names: (a: String, b: String)
    /// The bootstrap of the differences.
    package let bootstrap: PairedBootstrap

    /// Prepares both arms of `configuration` (its sessions, seed, policies and user
    /// model), one on feed `a` and one on feed `b`, as ``Simulation/init(configuration:feed:)``
    /// does.
    ///
    /// - Throws: ``SimulationError`` naming the arm and the first bad value.
    package init(configuration: SimulationConfiguration, a feedA: Feed, b feedB: Feed,
                 names: (a: String, b: String) = ("A", "B"),
                 resamples: Int = PairedBootstrap.defaultResamples) throws(SimulationError) {
        func arm(_ label: String, _ feed: Feed) throws(SimulationError) -> Simulation {
            do throws(SimulationError) {
                return try Simulation(configuration: configuration, feed: feed)
            } catch {
                throw SimulationError("feed \(label): \(error)")
            }
        }
        self.init(a: try arm("A", feedA), b: try arm("B", feedB), names: names, resamples: resamples)
    }

    /// Compares two prepared arms of one configuration, as
    /// ``init(configuration:a:b:names:resamples:)`` prepares them: what `merge` rebuilds
    /// from the shards of a comparison. The bootstrap is seeded from A's seed.
    package init(a: Simulation, b: Simulation, names: (a: String, b: String),
                 resamples: Int = PairedBootstrap.defaultResamples) {
        self.a = a
        self.b = b
        self.names = names
        bootstrap = PairedBootstrap(resamples: resamples, seed: Self.bootstrapSeed(runSeed: a.configuration.seed))
    }

    /// The seed of the bootstrap of a run seeded by `runSeed`: the first number of its
    /// stream `UInt64.max`, which no session uses (sessions are streams from 0).
    package static func bootstrapSeed(runSeed: UInt64) -> UInt64 {
        var random = SplitMix64(seed: runSeed, stream: .max)
        return random.next()
    }

    /// Runs every session on both feeds, up to `workers` concurrent child tasks, and
    /// compares them; the report is the same for any number of workers.
    ///
    /// `progress` is called with the sessions done (on both feeds) and the total, from the
    /// calling task. Cancelling the calling task stops starting sessions: the report then
    /// covers the first sessions, the same ones in both arms.
    package func run(workers: Int = Simulation.defaultWorkerCount,
                     progress: (@Sendable (_ completed: Int, _ total: Int) -> Void)? = nil) async -> LayoutComparisonReport {
        let (tallyA, tallyB) = await tallies(sessions: 0..<a.configuration.sessionCount, workers: workers, progress: progress)
        return await report(a: tallyA, b: tallyB, workers: workers)
    }

    /// Both arms' tallies of the sessions in `range` (every session, or a shard's), with
    /// each session's counts kept.
    package func tallies(sessions range: Range<Int>, workers: Int,
                         progress: (@Sendable (_ completed: Int, _ total: Int) -> Void)? = nil)
        async -> (SimulationTally, SimulationTally) {
        let (a, b) = (a, b)
        // A chunk runs its sessions on both feeds, so a cancelled run stays paired.
        return await SessionChunks.tally(
            sessions: range, workers: workers,
            empty: (a.emptyTally(keepingSessionCounts: true), b.emptyTally(keepingSessionCounts: true)),
            progress: progress,
            chunk: { sessions in
                (a.tally(sessions: sessions, keepingSessionCounts: true), b.tally(sessions: sessions, keepingSessionCounts: true))
            },
            append: { total, next in
                total.0.append(next.0)
                total.1.append(next.1)
            })
    }

    /// The report of both arms' tallies: each arm's own, and the paired differences,
    /// bootstrapped on up to `workers` child tasks (the same report for any number).
    package func report(a tallyA: SimulationTally, b tallyB: SimulationTally, workers: Int) async -> LayoutComparisonReport {
        let reportA = SimulationReport(tally: tallyA, of: a)
        let reportB = SimulationReport(tally: tallyB, of: b)
        // The kinds either feed has; the others are 0 on both sides.
        let kinds = SectionKind.allCases.enumerated().filter { index, _ in
            reportA.sectionsByKind[index] > 0 || reportB.sectionsByKind[index] > 0
        }.map(\.element)
        let countsA = tallyA.sessionCounts ?? SessionCounts(policyCount: a.configuration.policies.count)
        let countsB = tallyB.sessionCounts ?? SessionCounts(policyCount: b.configuration.policies.count)
        let measuredKinds: [SectionKind?] = [nil] + kinds
        var measures: [(a: [Int], b: [Int])] = []
        for policy in a.configuration.policies.indices {
            for kind in measuredKinds {
                measures.append((countsA.perSession(policy: policy, kind: kind), countsB.perSession(policy: policy, kind: kind)))
            }
        }
        var compared = await bootstrap.compare(measures, workers: workers)
        // Every row of the report is tested at once: one family for Holm.
        for (index, adjusted) in PairedComparison.holmAdjusted(compared.map(\.pValue)).enumerated() {
            compared[index].holmPValue = adjusted
        }
        let differences = a.configuration.policies.enumerated().map { policy, named in
            let first = policy * measuredKinds.count
            var byKind: [SectionKind: PairedComparison] = [:]
            for (offset, kind) in kinds.enumerated() { byKind[kind] = compared[first + 1 + offset] }
            return PolicyDifference(policy: named, impressions: compared[first], byKind: byKind)
        }
        return LayoutComparisonReport(names: [names.a, names.b], a: reportA, b: reportB, kinds: kinds,
                                      bootstrap: bootstrap, policies: differences, feeds: FeedDifference(a: a.feed, b: b.feed))
    }
}
