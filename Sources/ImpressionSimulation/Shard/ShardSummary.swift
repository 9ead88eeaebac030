import Foundation
import ImpressionTracking

/// What `simulate --shard i/n` prints: the shard's own report, plus a `shard` member
/// (a ``ShardRecord``) with the whole run's configuration and the counts `merge` needs
/// to rebuild the whole run's report exactly.
package enum ShardSummary {
    /// The report of `tally`, the sessions of `shard` run by `simulation`, as JSON with
    /// the `shard` member.
    ///
    /// - Throws: ``ShardSummaryError`` when the configuration cannot be encoded (a
    ///   number that is not finite; a validated configuration has none).
    package static func json(of simulation: Simulation, tally: SimulationTally, shard: Shard) throws(ShardSummaryError) -> String {
        let record = ShardRecord(shard: shard, configuration: simulation.configuration, tally: tally)
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
    /// - Throws: ``ShardSummaryError`` naming the file and the problem: not a shard
    ///   summary, shards of different runs, a shard missing or given twice, counts that
    ///   do not fit the run.
    package static func mergedReport(_ files: [(name: String, data: Data)]) throws(ShardSummaryError) -> SimulationReport {
        guard !files.isEmpty else { throw ShardSummaryError("no shard summaries given") }
        var shards: [(name: String, record: ShardRecord)] = []
        for file in files {
            do {
                shards.append((file.name, try JSONDecoder().decode(Summary.self, from: file.data).shard))
            } catch let error as DecodingError {
                throw ShardSummaryError("\(file.name): not a shard summary of 'impressions simulate --shard': \(TraceDecoder.describe(error))")
            } catch {
                throw ShardSummaryError("\(file.name): not a shard summary of 'impressions simulate --shard': \(error)")
            }
        }
        let first = shards[0]
        let configuration = first.record.configuration
        let count = first.record.count
        var byIndex = [Int?](repeating: nil, count: Shard(index: 0, count: count) == nil ? 0 : count)
        guard !byIndex.isEmpty else { throw ShardSummaryError("\(first.name): invalid shard count \(count)") }
        for (position, entry) in shards.enumerated() {
            guard entry.record.configuration == configuration, entry.record.count == count else {
                let differences = differences(entry.record.configuration, configuration)
                    + (entry.record.count == count ? [] : ["\(entry.record.count) shards vs \(count)"])
                throw ShardSummaryError("\(entry.name) is a shard of another run than \(first.name): "
                    + differences.joined(separator: ", "))
            }
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
        let simulation: Simulation
        do throws(SimulationError) {
            simulation = try Simulation(configuration: configuration)
        } catch {
            throw ShardSummaryError("\(first.name): the run's configuration is invalid: \(error)")
        }
        var total = simulation.emptyTally()
        for position in byIndex.compactMap({ $0 }) {
            let (name, record) = shards[position]
            let expected = Shard(index: record.index, count: count)?.sessions(of: configuration.sessionCount).count ?? -1
            total.append(try record.tally.tally(matching: total, sessions: expected,
                                                sectionCount: configuration.sectionCount, name: name))
        }
        return simulation.report(from: total)
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
