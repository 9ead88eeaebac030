import Foundation
import ImpressionSimulationAnalyses
import ImpressionSimulationCore
import ImpressionSimulationFormats
import ImpressionSimulationRendering
import ImpressionTracking

/// What `simulate --shard i/n` prints: the shard's own report, plus a `shard` member
/// (a ``ShardRecord``, or for an A/B comparison a ``ComparisonShardRecord``) with the
/// whole run's configuration and the counts `merge` needs to rebuild the whole run's
/// report exactly.
package enum ShardSummary {
    /// The report of `tally`, the sessions of `shard` run by `simulation`, as JSON with
    /// the `shard` member.
    ///
    /// A run on a feed its configuration does not generate (a feed file's) carries the
    /// feed, so that `merge` needs no file (see ``ShardFeed``).
    ///
    /// - Throws: ``ShardSummaryError`` when the configuration cannot be encoded (a
    ///   number that is not finite; a validated configuration has none), or the feed
    ///   cannot be written exactly as a feed file.
    /// A run over recorded traces names them all, `traces` in order, so that `merge`
    /// refuses shards of another list.
    package static func json(of simulation: Simulation, tally: SimulationTally, shard: Shard,
                             traces: [String]? = nil) throws(ShardSummaryError) -> String {
        var record = ShardRecord(shard: shard, configuration: simulation.configuration,
                                 feed: try ShardFeed.text(of: simulation), tally: tally)
        if let traces { record.tally.traces?.setRun(traces) }
        let encoded = try encode(record)
        return SimulationReport(tally: tally, of: simulation).json { writer in
            writer.key("shard"); writer.raw(encoded)
        }
    }

    /// `report`, the A/B report of `tallies` (the sessions of `shard` run on both arms of
    /// `comparison` with their per-session counts kept), as JSON with a `shard` member
    /// (a ``ComparisonShardRecord``): the arms' names, and each arm's configuration, feed
    /// and counts, from which `merge` rebuilds the whole comparison exactly.
    ///
    /// - Throws: ``ShardSummaryError`` as ``json(of:tally:shard:)`` does, for either arm.
    package static func json(of comparison: LayoutComparison, report: LayoutComparisonReport,
                             tallies: (SimulationTally, SimulationTally), shard: Shard) throws(ShardSummaryError) -> String {
        let arms = [(comparison.a, tallies.0), (comparison.b, tallies.1)]
        var records: [ShardRecord] = []
        for (simulation, tally) in arms {
            records.append(ShardRecord(shard: shard, configuration: simulation.configuration,
                                       feed: try ShardFeed.text(of: simulation), tally: tally))
        }
        let encoded = try encode(ComparisonShardRecord(names: [comparison.names.a, comparison.names.b], arms: records))
        return report.json { writer in
            writer.key("shard"); writer.raw(encoded)
        }
    }

    /// `record` as compact JSON, keys sorted: the same run always writes the same bytes.
    private static func encode(_ record: some Encodable) throws(ShardSummaryError) -> String {
        do {
            return try JSONValueEncoder().compactText(of: record)
        } catch {
            throw ShardSummaryError("cannot record the run's configuration: \(error)")
        }
    }

    /// Merges shard summaries (JSON texts, with the names they are reported under)
    /// into the JSON the whole run prints.
    ///
    /// - Throws: ``ShardSummaryError`` as ``mergedReport(_:)`` does.
    package static func merge(_ files: [(name: String, data: Data)]) throws(ShardSummaryError) -> String {
        try mergedReport(files).json()
    }

    /// Merges shard summaries into the whole run's report: its JSON, table and
    /// per-section CSV are those one run gives.
    ///
    /// - Throws: ``ShardSummaryError`` as ``mergedReport(names:reading:)`` does.
    package static func mergedReport(_ files: [(name: String, data: Data)]) throws(ShardSummaryError) -> SimulationReport {
        try mergedReport(names: files.map(\.name)) { index throws(ShardSummaryError) in files[index].data }
    }

    /// Merges the shard summaries named `names` of a single run, reading each with `read`
    /// (given its position in `names`) when it is its turn: one file's bytes are held at
    /// a time, which matters when shards carry a large feed.
    ///
    /// - Throws: ``ShardSummaryError`` naming the file and the problem: not a shard
    ///   summary, shards of different runs or feeds, a shard missing or given twice,
    ///   counts that do not fit the run, shards of an A/B comparison (see
    ///   ``merged(names:workers:reading:)``); or what `read` throws.
    package static func mergedReport(names: [String],
                                     reading read: (Int) throws(ShardSummaryError) -> Data) throws(ShardSummaryError) -> SimulationReport {
        let merged = try ShardMerge(files: names, reading: read)
        guard merged.names == nil, let run = merged.arms.first else {
            throw ShardSummaryError("\(names[0]): a shard of an A/B comparison, which has no single report")
        }
        return SimulationReport(tally: run.tally, of: run.simulation)
    }

    /// Merges the shard summaries named `names`, of a single run or of an A/B comparison
    /// (`simulate --feed a --feed b --shard i/n`), into what the unsharded run prints and
    /// writes; a comparison's bootstrap runs on up to `workers` child tasks (the same
    /// bytes for any number). Files are read as ``mergedReport(names:reading:)`` reads them.
    ///
    /// - Throws: ``ShardSummaryError`` as ``mergedReport(names:reading:)`` does, and for
    ///   shards of a single run and of a comparison together, or of comparisons of other
    ///   feeds or names, or of a run over traces that counted no session.
    package static func merged(names: [String], workers: Int,
                               reading read: (Int) throws(ShardSummaryError) -> Data) async throws(ShardSummaryError) -> MergedReport {
        let merged = try ShardMerge(files: names, reading: read)
        guard let arms = merged.names, merged.arms.count == 2 else {
            let report = SimulationReport(tally: merged.arms[0].tally, of: merged.arms[0].simulation)
            // As the run unsharded would: a report of no recorded session is not a result.
            if let recorded = report.recorded, report.configuration.sessionCount == 0 {
                var message = "no session counted (\(recorded.summary))"
                if let first = recorded.leftOut.first { message += ": \(first.trace): \(first.reason)" }
                throw ShardSummaryError(message)
            }
            return MergedReport(json: report.json(), sectionsCSV: report.sectionsCSV(), html: report.html(),
                                warning: report.feedMismatchWarning)
        }
        let (a, b) = (merged.arms[0], merged.arms[1])
        let comparison = LayoutComparison(a: a.simulation, b: b.simulation, names: (arms[0], arms[1]))
        let report = await comparison.report(a: a.tally, b: b.tally, workers: workers)
        return MergedReport(json: report.json(), sectionsCSV: report.sectionsCSV(), html: report.html())
    }

    /// Refuses a shard of another run than the first shard's: another configuration,
    /// shard count or feed (`feed` is the first shard's); `arm` names the arm of an A/B
    /// comparison the records are.
    static func checkSameRun(_ record: ShardRecord, name: String, feed: String?,
                             as first: ShardRecord, named firstName: String, arm: String? = nil) throws(ShardSummaryError) {
        try checkSameDefinitions(record, name: name, as: first, named: firstName, arm: arm)
        let (traces, firstTraces) = (record.tally.traces, first.tally.traces)
        let sameTraces = traces?.runTraces == firstTraces?.runTraces && traces?.runDigest == firstTraces?.runDigest
        guard record.configuration != first.configuration || record.count != first.count || record.feed != feed
            || !sameTraces else { return }
        var differences = differences(record.configuration, first.configuration)
        if !sameTraces {
            differences.append("traces \(traces.map { "\($0.runTraces) (list \($0.runDigest))" } ?? "none") vs "
                + "\(firstTraces.map { "\($0.runTraces) (list \($0.runDigest))" } ?? "none")")
        }
        if record.count != first.count { differences.append("\(record.count) shards vs \(first.count)") }
        switch (record.feed, feed) {
        case (nil, nil): break
        case (nil, _?): differences.append("the synthetic feed vs a feed file's")
        case (_?, nil): differences.append("a feed file's feed vs the synthetic feed")
        case (let some?, let other?) where some != other:
            differences.append("another feed (the feed files differ from line \(firstDifferingLine(some, other)))")
        default: break
        }
        throw ShardSummaryError("\(name) is a shard of another run than \(firstName): "
            + (arm.map { "feed \($0): " } ?? "") + differences.joined(separator: ", "))
    }

    /// Refuses a shard with a policy of the same name as one of the first shard's but
    /// another fingerprint: the two count otherwise, and their figures added up under one
    /// name would be neither's. Named before any other difference, since the names alone
    /// would hide it.
    private static func checkSameDefinitions(_ record: ShardRecord, name: String, as first: ShardRecord,
                                             named firstName: String, arm: String?) throws(ShardSummaryError) {
        let firstPolicies = Dictionary(zip(first.configuration.policies, first.policyFingerprints).map { ($0.name, ($0.policy, $1)) }) { one, _ in one }
        for (named, fingerprint) in zip(record.configuration.policies, record.policyFingerprints) {
            guard let (firstPolicy, firstFingerprint) = firstPolicies[named.name], firstFingerprint != fingerprint else { continue }
            throw ShardSummaryError("\(name) is a shard of another run than \(firstName): " + (arm.map { "feed \($0): " } ?? "")
                + "policy '\(named.name)' is fingerprint \(fingerprint) (\(named.policy)) in \(name) and "
                + "\(firstFingerprint) (\(firstPolicy)) in \(firstName): policies of one name must count alike to be merged")
        }
    }

    /// The first line (from 1) at which two texts differ.
    private static func firstDifferingLine(_ some: String, _ other: String) -> Int {
        var line = 1
        for (byte, otherByte) in zip(some.utf8, other.utf8) {
            guard byte == otherByte else { break }
            if byte == UInt8(ascii: "\n") { line += 1 }
        }
        return line
    }

    /// What differs between two runs' configurations, e.g. `seed 5 vs 4`.
    static func differences(_ some: SimulationConfiguration, _ other: SimulationConfiguration) -> [String] {
        var differences: [String] = []
        func compare<Value: Equatable>(_ label: String, _ field: KeyPath<SimulationConfiguration, Value>,
                                       shown: ((Value) -> String)? = { "\($0)" }) {
            guard some[keyPath: field] != other[keyPath: field] else { return }
            differences.append(shown.map { "\(label) \($0(some[keyPath: field])) vs \($0(other[keyPath: field]))" } ?? label)
        }
        compare("sessions", \.sessionCount)
        compare("sections", \.sectionCount)
        compare("session length", \.sessionDuration)
        compare("seed", \.seed)
        compare("policies", \.policies) { $0.map(\.description).joined(separator: "; ") }
        compare("sample interval", \.sampleInterval)
        compare("screen", \.screen) { "\($0.width)×\($0.height)" }
        // Too many numbers to print; the difference is enough to find.
        compare("other feed parameters", \.feed, shown: nil)
        compare("another user model", \.user, shown: nil)
        compare("depth buckets", \.depthBucketEnds)
        compare("layout", \.layoutScope)
        compare("exposure signals (--signals)", \.measuresExposureSignals) { $0 ? "measured" : "not measured" }
        return differences
    }
}
