import Foundation
import ImpressionTracking

/// What `simulate --shard i/n` prints: the shard's own report, plus a `shard` member
/// (a ``ShardRecord``) with the whole run's configuration and the counts `merge` needs
/// to rebuild the whole run's report exactly.
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
    package static func json(of simulation: Simulation, tally: SimulationTally, shard: Shard) throws(ShardSummaryError) -> String {
        let record = ShardRecord(shard: shard, configuration: simulation.configuration,
                                 feed: try ShardFeed.text(of: simulation), tally: tally)
        let encoder = JSONEncoder()
        // Sorted keys: the same run always writes the same bytes.
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let encoded: Data
        do {
            encoded = try encoder.encode(record)
        } catch {
            throw ShardSummaryError("cannot record the run's configuration: \(error)")
        }
        return simulation.report(from: tally).json { writer in
            writer.key("shard"); writer.raw(String(decoding: encoded, as: UTF8.self))
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

    /// Merges the shard summaries named `names`, reading each with `read` (given its
    /// position in `names`) when it is its turn: one file's bytes are held at a time,
    /// which matters when shards carry a large feed.
    ///
    /// - Throws: ``ShardSummaryError`` naming the file and the problem: not a shard
    ///   summary, shards of different runs or feeds, a shard missing or given twice,
    ///   counts that do not fit the run; or what `read` throws.
    package static func mergedReport(names: [String],
                                     reading read: (Int) throws(ShardSummaryError) -> Data) throws(ShardSummaryError) -> SimulationReport {
        guard !names.isEmpty else { throw ShardSummaryError("no shard summaries given") }
        var shards: [(name: String, record: ShardRecord)] = []
        var feed: String?
        for (position, name) in names.enumerated() {
            var record = try decode(read(position), name: name)
            if let first = shards.first {
                try checkSameRun(record, name: name, feed: feed, as: first.record, named: first.name)
                // The first shard's copy is enough: a large feed is held once.
                record.feed = nil
            } else {
                feed = record.feed
            }
            shards.append((name, record))
        }
        let first = shards[0]
        let configuration = first.record.configuration
        let count = first.record.count
        var byIndex = [Int?](repeating: nil, count: Shard(index: 0, count: count) == nil ? 0 : count)
        guard !byIndex.isEmpty else { throw ShardSummaryError("\(first.name): invalid shard count \(count)") }
        for (position, entry) in shards.enumerated() {
            guard byIndex.indices.contains(entry.record.index) else {
                throw ShardSummaryError("\(entry.name): shard index \(entry.record.index) is not in 0..<\(count)")
            }
            if let other = byIndex[entry.record.index] {
                throw ShardSummaryError("shard \(entry.record.index)/\(count) is given twice: \(shards[other].name) and \(entry.name)")
            }
            byIndex[entry.record.index] = position
        }
        let missing = byIndex.indices.filter { byIndex[$0] == nil }
        guard missing.isEmpty else {
            throw ShardSummaryError("missing shard\(missing.count == 1 ? "" : "s") \(missing.prefix(10).map { "\($0)/\(count)" }.joined(separator: ", "))"
                + (missing.count > 10 ? " and \(missing.count - 10) more" : ""))
        }
        let simulation = try ShardFeed.simulation(configuration: configuration, feed: feed, name: first.name)
        var total = simulation.emptyTally()
        for position in byIndex.compactMap({ $0 }) {
            let (name, record) = shards[position]
            let expected = Shard(index: record.index, count: count)?.sessions(of: configuration.sessionCount).count ?? -1
            total.append(try record.tally.tally(matching: total, sessions: expected,
                                                sectionCount: configuration.sectionCount, name: name))
        }
        return simulation.report(from: total)
    }

    /// The `shard` member of one file.
    private static func decode(_ data: Data, name: String) throws(ShardSummaryError) -> ShardRecord {
        do {
            return try JSONDecoder().decode(Summary.self, from: data).shard
        } catch let error as DecodingError {
            throw ShardSummaryError("\(name): not a shard summary of 'impressions simulate --shard': \(TraceDecoder.describe(error))")
        } catch {
            throw ShardSummaryError("\(name): not a shard summary of 'impressions simulate --shard': \(error)")
        }
    }

    /// Refuses a shard of another run than the first shard's: another configuration,
    /// shard count or feed (`feed` is the first shard's).
    private static func checkSameRun(_ record: ShardRecord, name: String, feed: String?,
                                     as first: ShardRecord, named firstName: String) throws(ShardSummaryError) {
        guard record.configuration != first.configuration || record.count != first.count || record.feed != feed else { return }
        var differences = differences(record.configuration, first.configuration)
        if record.count != first.count { differences.append("\(record.count) shards vs \(first.count)") }
        switch (record.feed, feed) {
        case (nil, nil): break
        case (nil, _?): differences.append("the synthetic feed vs a feed file's")
        case (_?, nil): differences.append("a feed file's feed vs the synthetic feed")
        case (let some?, let other?) where some != other:
            differences.append("another feed (the feed files differ from line \(firstDifferingLine(some, other)))")
        default: break
        }
        throw ShardSummaryError("\(name) is a shard of another run than \(firstName): " + differences.joined(separator: ", "))
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

    /// The part of a shard summary that merging reads.
    private struct Summary: Decodable {
        var shard: ShardRecord
    }

    /// What differs between two runs' configurations, e.g. `seed 5 vs 4`.
    private static func differences(_ some: SimulationConfiguration, _ other: SimulationConfiguration) -> [String] {
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
        return differences
    }
}
