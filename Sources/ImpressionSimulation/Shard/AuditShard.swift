import Foundation
import ImpressionSimulationAnalyses
import ImpressionSimulationFormats
import ImpressionTracking

/// What `impressions audit --shard i/n` prints and `impressions merge` reads: the slice,
/// the audit it is a slice of (``AuditRun``), and what each of its traces' audits found.
/// Merged, the shards print exactly what the unsharded audit prints.
///
/// Written as `{"auditShard":{...}}`, keys sorted: `merge` tells it from a simulation's
/// shard by that first key, without decoding the file twice.
package struct AuditShard: Codable {
    /// Which slice of the traces, from 0, and how many slices.
    package var index: Int
    package var count: Int
    /// The claims file, the options and every trace of the audit.
    package var run: AuditRun
    /// The audits of this slice's traces, in audit order.
    package var traces: [TraceAudit]

    /// Slice `index` of `count` of `run`, with its traces' audits.
    package init(index: Int, count: Int, run: AuditRun, traces: [TraceAudit]) {
        self.index = index
        self.count = count
        self.run = run
        self.traces = traces
    }

    /// The file: the shard under the one key that names its kind.
    private struct File: Codable {
        var auditShard: AuditShard
    }

    /// How every audit shard begins.
    private static let opening = Array("{\"auditShard\":".utf8)

    /// Whether `data` is an audit shard (else, a simulation's shard or no shard at all).
    package static func isAuditShard(_ data: Data) -> Bool { data.starts(with: opening) }

    /// The shard as one line of JSON.
    package func json() -> String {
        // Integers, text and a validated policy only: encoding cannot fail.
        ((try? JSONValueEncoder().compactText(of: File(auditShard: self))) ?? "") + "\n"
    }

    /// Merges the audit shards named `names`, reading each with `read` (given its position
    /// in `names`), into the summary the unsharded audit prints.
    ///
    /// - Throws: ``ShardSummaryError`` naming the file: not an audit shard (a simulation's,
    ///   or no shard), a shard of another audit (other claims, options, policy, tolerance
    ///   or traces), a shard missing or given twice; or what `read` throws.
    package static func merge(names: [String], reading read: (Int) throws(ShardSummaryError) -> Data) throws(ShardSummaryError) -> AuditSummary {
        var shards: [AuditShard] = []
        for position in names.indices {
            let data = try read(position)
            guard isAuditShard(data) else {
                throw ShardSummaryError("\(names[position]) is not a shard of 'impressions audit --shard', \(names[0]) is: "
                    + "merge each run's shards on their own")
            }
            let shard: AuditShard
            do {
                shard = try JSONValueDecoder().decode(File.self, from: data).auditShard
            } catch {
                throw ShardSummaryError("\(names[position]): not a shard of 'impressions audit --shard': \(TraceDecoder.describe(error))")
            }
            // The summary reads the counts by class: one per class, as the audit writes them.
            let classes = AuditVerdict.allCases.count
            if let trace = shard.traces.first(where: { $0.counts.count != classes || $0.expectedCounts.count != classes }) {
                throw ShardSummaryError("\(names[position]): the audit of \(trace.path) does not hold one count per class "
                    + "(\(AuditVerdict.allCases.map(\.name).joined(separator: ", ")))")
            }
            // Counts a merge adds up: each within what no sum of shards can overflow.
            if let trace = shard.traces.first(where: { trace in
                ([trace.claims, trace.expected, trace.otherPolicyClaims] + trace.counts + trace.expectedCounts)
                    .contains { !(0...ShardRecord.maximumCount).contains($0) }
            }) {
                throw ShardSummaryError("\(names[position]): the audit of \(trace.path) has a count outside "
                    + "0...\(ShardRecord.maximumCount)")
            }
            if let first = shards.first {
                let differences = shard.run.differences(from: first.run)
                    + (shard.count == first.count ? [] : ["\(shard.count) shards vs \(first.count)"])
                guard differences.isEmpty else {
                    throw ShardSummaryError("\(names[position]) is a shard of another audit than \(names[0]): "
                        + differences.joined(separator: ", "))
                }
            }
            shards.append(shard)
        }
        let order = try Shard.order(shards.indices.map { (names[$0], shards[$0].index) }, count: shards[0].count, firstName: names[0])
        let traces = order.flatMap { shards[$0].traces }
        // Each slice holds the traces of its range of the audit order, so together they are every trace once.
        guard traces.map(\.path) == shards[0].run.traces else {
            throw ShardSummaryError("\(names[0]): the shards hold \(traces.count) traces' audits, not the audit's \(shards[0].run.traces.count)")
        }
        return AuditSummary(run: shards[0].run, traces: traces)
    }
}
