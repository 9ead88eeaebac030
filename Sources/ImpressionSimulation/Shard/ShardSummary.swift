import Foundation
import ImpressionTracking

/// What `simulate --shard i/n` prints: the shard's own report, plus a `shard` member
/// with the arguments of the whole run and the integer counts `merge` needs to
/// rebuild the whole run's report exactly (percentiles cannot be merged, the values
/// behind them can).
package enum ShardSummary {
    /// The shard's report as JSON, with the `shard` member.
    static func json(report: SimulationReport, tally: SimulationTally, shard: Shard, arguments: [String]) -> String {
        report.json { writer in
            writer.key("shard")
            writer.beginObject()
                writer.key("index"); writer.integer(shard.index)
                writer.key("count"); writer.integer(shard.count)
                writer.key("arguments"); writer.raw("[" + arguments.map(JSONWriter.quoted).joined(separator: ", ") + "]")
                writer.key("tally")
                writer.beginObject()
                    writer.key("sessions"); writer.integer(tally.sessions)
                    writer.key("rejectedInputs"); writer.integer(tally.rejectedInputs)
                    writer.key("deepestSections"); writer.raw(histogram(tally.deepestSections.map(Int64.init)))
                    writer.key("policies")
                    writer.beginArray()
                        for policy in tally.policies {
                            writer.element()
                            writer.raw("{\"impressions\": \(policy.impressions), \"distinctSections\": \(policy.distinctSections), "
                                + "\"byDepth\": [\(policy.byDepth.map(String.init).joined(separator: ", "))], "
                                + "\"byKind\": [\(policy.byKind.map(String.init).joined(separator: ", "))], "
                                + "\"firstImpressionNanoseconds\": \(histogram(policy.firstImpressionTimes.map(\.wholeNanoseconds)))}")
                        }
                    writer.endArray()
                writer.endObject()
            writer.endObject()
        }
    }

    /// `[[value, count], ...]`, values ascending.
    private static func histogram(_ values: [Int64]) -> String {
        var counts: [Int64: Int] = [:]
        for value in values { counts[value, default: 0] += 1 }
        return "[" + counts.keys.sorted().map { "[\($0), \(counts[$0] ?? 0)]" }.joined(separator: ", ") + "]"
    }

    /// Merges shard summaries (JSON texts, with the names they are reported under)
    /// into the JSON the whole run prints.
    ///
    /// - Throws: ``ShardMergeError`` naming the file and the problem: not a shard
    ///   summary, shards of different runs, a shard missing or given twice, counts that
    ///   do not fit the run.
    package static func merge(_ files: [(name: String, data: Data)]) throws(ShardMergeError) -> String {
        guard !files.isEmpty else { throw ShardMergeError("no shard summaries given") }
        var shards: [(name: String, shard: Decoded.Shard)] = []
        for file in files {
            do {
                shards.append((file.name, try JSONDecoder().decode(Decoded.self, from: file.data).shard))
            } catch let error as DecodingError {
                throw ShardMergeError("\(file.name): not a shard summary of 'impressions simulate --shard': \(TraceDecoder.describe(error))")
            } catch {
                throw ShardMergeError("\(file.name): not a shard summary of 'impressions simulate --shard': \(error)")
            }
        }
        let first = shards[0]
        let count = first.shard.count
        var byIndex = [Int?](repeating: nil, count: Shard(index: 0, count: count) == nil ? 0 : count)
        guard !byIndex.isEmpty else { throw ShardMergeError("\(first.name): invalid shard count \(count)") }
        for (position, entry) in shards.enumerated() {
            guard entry.shard.arguments == first.shard.arguments, entry.shard.count == count else {
                throw ShardMergeError("\(entry.name) is a shard of another run than \(first.name): "
                    + "\(entry.shard.arguments.joined(separator: " ")) \(entry.shard.index)/\(entry.shard.count) "
                    + "vs \(first.shard.arguments.joined(separator: " ")) \(first.shard.index)/\(count)")
            }
            guard byIndex.indices.contains(entry.shard.index) else {
                throw ShardMergeError("\(entry.name): shard index \(entry.shard.index) is not in 0..<\(count)")
            }
            if let other = byIndex[entry.shard.index] {
                throw ShardMergeError("shard \(entry.shard.index)/\(count) is given twice: \(shards[other].name) and \(entry.name)")
            }
            byIndex[entry.shard.index] = position
        }
        let missing = byIndex.indices.filter { byIndex[$0] == nil }
        guard missing.isEmpty else {
            throw ShardMergeError("missing shard\(missing.count == 1 ? "" : "s") \(missing.prefix(10).map { "\($0)/\(count)" }.joined(separator: ", "))"
                + (missing.count > 10 ? " and \(missing.count - 10) more" : ""))
        }
        let options: SimulateOptions
        let simulation: Simulation
        do throws(CommandLineError) {
            options = try SimulateOptions.parse(first.shard.arguments)
        } catch {
            throw ShardMergeError("\(first.name): the run's arguments are invalid: \(error.message)")
        }
        do throws(SimulationError) {
            simulation = try Simulation(configuration: options.configuration)
        } catch {
            throw ShardMergeError("\(first.name): the run's configuration is invalid: \(error)")
        }
        var total = simulation.emptyTally()
        for position in byIndex.compactMap({ $0 }) {
            let (name, shard) = shards[position]
            let expected = Shard(index: shard.index, count: count)?.sessions(of: options.sessions).count ?? -1
            total.append(try shard.tally.tally(matching: total, sessions: expected, name: name))
        }
        return simulation.report(from: total).json()
    }

    /// The part of a shard summary that merging reads.
    private struct Decoded: Decodable {
        var shard: Shard

        struct Shard: Decodable {
            var index: Int
            var count: Int
            var arguments: [String]
            var tally: Tally
        }

        struct Tally: Decodable {
            var sessions: Int
            var rejectedInputs: Int
            var deepestSections: [[Int64]]
            var policies: [Policy]

            struct Policy: Decodable {
                var impressions: Int
                var distinctSections: Int
                var byDepth: [Int]
                var byKind: [Int]
                var firstImpressionNanoseconds: [[Int64]]
            }

            /// The tally, checked against the run's shape and the shard's session count.
            func tally(matching empty: SimulationTally, sessions expected: Int, name: String) throws(ShardMergeError) -> SimulationTally {
                func fail(_ problem: String) -> ShardMergeError { ShardMergeError("\(name): \(problem)") }
                guard sessions == expected else {
                    throw fail("holds \(sessions) sessions, its slice of the run has \(expected)")
                }
                guard policies.count == empty.policies.count else {
                    throw fail("has \(policies.count) policies, the run has \(empty.policies.count)")
                }
                var tally = empty
                tally.sessions = sessions
                tally.rejectedInputs = rejectedInputs
                tally.deepestSections = try expand(deepestSections, atMost: sessions, what: "deepestSections", fail: fail).map { Int($0) }
                guard tally.deepestSections.count == sessions else { throw fail("deepestSections does not hold one value per session") }
                for (index, policy) in policies.enumerated() {
                    guard policy.byDepth.count == empty.policies[index].byDepth.count,
                          policy.byKind.count == empty.policies[index].byKind.count,
                          ([policy.impressions, policy.distinctSections] + policy.byDepth + policy.byKind).allSatisfy({ $0 >= 0 }) else {
                        throw fail("policy \(index) does not have the run's depth buckets and kinds")
                    }
                    tally.policies[index].impressions = policy.impressions
                    tally.policies[index].distinctSections = policy.distinctSections
                    tally.policies[index].byDepth = policy.byDepth
                    tally.policies[index].byKind = policy.byKind
                    tally.policies[index].firstImpressionTimes = try expand(
                        policy.firstImpressionNanoseconds, atMost: sessions, what: "firstImpressionNanoseconds", fail: fail
                    ).map { .nanoseconds($0) }
                }
                return tally
            }

            /// The values of a `[[value, count], ...]` histogram, refusing more than `limit`.
            private func expand(_ histogram: [[Int64]], atMost limit: Int, what: String,
                                fail: (String) -> ShardMergeError) throws(ShardMergeError) -> [Int64] {
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
}

/// Shard summaries that cannot be merged; the message names the file.
package struct ShardMergeError: Error, Hashable, Sendable, CustomStringConvertible {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
