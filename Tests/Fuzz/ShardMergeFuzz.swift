import Dispatch
import Foundation
// Testable: the shards' reader (`ShardMerge`, `DecodedShard`, `AuditShard`) is internal
// to its modules, and the fuzzer calls it as `impressions merge` does, without files.
@testable import ImpressionSimulation
@testable import ImpressionsCommandLine
import ImpressionTracking

/// One input is the files given to `impressions merge`, in order, separated by NUL bytes
/// (which no JSON text holds): a simulation's shards (`simulate --shard`, a single run's
/// or an A/B comparison's) or an audit's (`audit --shard`). They are merged as the
/// command merges them, the merged run is written as a single shard (0/1) by the writer
/// `simulate --shard` and `audit --shard` use, and that shard merged again must print
/// exactly what the first merge printed.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzShards(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let files = bytes.split(separator: 0, omittingEmptySubsequences: false).map { Data($0) }
    let names = files.indices.map { "shard-\($0).json" }
    // As the command does: the first file says which kind of run the shards are of.
    if AuditShard.isAuditShard(files[0]) {
        fuzzAuditMerge(files, names: names)
    } else {
        fuzzSimulationMerge(files, names: names)
    }
    return 0
}

// MARK: - A simulation's shards

/// Small limits on the run a shard describes, checked before merging. Merging holds what
/// the run held (its sessions' values, its feed, per policy), and a shard of a few bytes
/// may describe a run of a million sessions and sections: past these, the fuzzer would
/// explore the memory of the machine, not the reader.
private func isSmall(_ configuration: SimulationConfiguration) -> Bool {
    configuration.sessionCount <= 1_000 && configuration.sectionCount <= 2_000 && configuration.policies.count <= 8
        && configuration.depthBucketEnds.count <= 64
}

/// The bootstrap's resamples in the fuzzer: its statistics are not the reader, a few are enough.
private let resamples = 20

private func fuzzSimulationMerge(_ files: [Data], names: [String]) {
    for (file, name) in zip(files, names) {
        guard let shard = try? DecodedShard.decode(file, name: name) else { continue }
        guard shard.arms.allSatisfy({ isSmall($0.configuration) }) else { return }
    }
    let merged: ShardMerge
    do throws(ShardSummaryError) {
        merged = try ShardMerge(files: names) { index throws(ShardSummaryError) in
            // As the command refuses an audit's shard after a simulation's.
            guard !AuditShard.isAuditShard(files[index]) else { throw ShardSummaryError("\(names[index]) is an audit's shard") }
            return files[index]
        }
    } catch {
        // A clear error is a correct answer.
        require(!error.message.isEmpty)
        return
    }
    let printed = outputs(of: merged)
    let mergedAgain: ShardMerge
    do throws(ShardSummaryError) {
        mergedAgain = try ShardMerge(files: ["whole.json"]) { _ throws(ShardSummaryError) in Data(printed.wholeShard.utf8) }
    } catch {
        fatalError("the merged run, written as one shard, does not merge: \(error)\n\(printed.wholeShard)")
    }
    require(mergedAgain.names == merged.names, "names \(merged.names ?? []) read back as \(mergedAgain.names ?? [])")
    for (arm, armAgain) in zip(merged.arms, mergedAgain.arms) {
        require(armAgain.simulation.configuration == arm.simulation.configuration,
                     "the configuration read back differs: \(ShardSummary.differences(armAgain.simulation.configuration, arm.simulation.configuration))")
        require(FeedFile.encode(armAgain.simulation.feed) == FeedFile.encode(arm.simulation.feed), "the feed read back differs")
        require(armAgain.tally.sessionCounts?.columns == arm.tally.sessionCounts?.columns, "the per-session counts read back differ")
    }
    let printedAgain = outputs(of: mergedAgain)
    require(printedAgain.json == printed.json, "the merged JSON differs once written as one shard:\n\(printed.json)\nthen\n\(printedAgain.json)")
    require(printedAgain.sectionsCSV == printed.sectionsCSV, "the merged per-section CSV differs once written as one shard")
    require(printedAgain.html == printed.html, "the merged HTML report differs once written as one shard")
    require(printedAgain.wholeShard == printed.wholeShard,
                 "the merged run is written differently once read back:\n\(printed.wholeShard)\nthen\n\(printedAgain.wholeShard)")
}

/// What `merge` prints and writes for `merged` (the JSON, per-section CSV and HTML
/// report), and the whole run as one shard, as `simulate --shard 0/1` writes it.
private func outputs(of merged: ShardMerge) -> (json: String, sectionsCSV: String, html: String, wholeShard: String) {
    let whole = Shard(index: 0, count: 1)!
    do throws(ShardSummaryError) {
        guard let names = merged.names, merged.arms.count == 2 else {
            let (simulation, tally) = merged.arms[0]
            let report = SimulationReport(tally: tally, of: simulation)
            return (report.json(), report.sectionsCSV(), report.html(),
                    try ShardSummary.json(of: simulation, tally: tally, shard: whole))
        }
        let (a, b) = (merged.arms[0], merged.arms[1])
        let comparison = LayoutComparison(a: a.simulation, b: b.simulation, names: (names[0], names[1]), resamples: resamples)
        let report = waiting { await comparison.report(a: a.tally, b: b.tally, workers: 1) }
        return (report.json(), report.sectionsCSV(), report.html(),
                try ShardSummary.json(of: comparison, report: report, tallies: (a.tally, b.tally), shard: whole))
    } catch {
        fatalError("the merged run cannot be written as a shard: \(error)")
    }
}

/// The result of `operation`, waited for: libFuzzer calls its entry point synchronously.
private func waiting<Value: Sendable>(_ operation: @escaping @Sendable () async -> Value) -> Value {
    let result = Box<Value>()
    let done = DispatchSemaphore(value: 0)
    Task {
        result.value = await operation()
        done.signal()
    }
    done.wait()
    guard let value = result.value else { fatalError("the task ended without a value") }
    return value
}

/// A value handed from a task to the thread waiting for it.
private final class Box<Value>: @unchecked Sendable {
    // Written by the task before it signals, read after the wait: never at once.
    var value: Value?
}

// MARK: - An audit's shards

/// An audit shard's file, `{"auditShard": {...}}`, read as `AuditShard` reads it.
private struct AuditShardFile: Decodable {
    var auditShard: AuditShard
}

private func fuzzAuditMerge(_ files: [Data], names: [String]) {
    // Each file on its own: what the writer makes of it must read back the same.
    for file in files {
        guard let shard = try? JSONValueDecoder().decode(AuditShardFile.self, from: file).auditShard else { continue }
        checkRoundTrip(shard)
    }
    let summary: AuditSummary
    do throws(ShardSummaryError) {
        summary = try AuditShard.merge(names: names) { index throws(ShardSummaryError) in files[index] }
    } catch {
        // A clear error is a correct answer.
        require(!error.message.isEmpty)
        return
    }
    let printed = (text: summary.table(), json: summary.json(), passes: summary.passes)
    // The merged audit as one shard (0/1) merges to what the shards printed.
    let whole = AuditShard(index: 0, count: 1, run: summary.run, traces: summary.traces).json()
    let again: AuditSummary
    do throws(ShardSummaryError) {
        again = try AuditShard.merge(names: ["whole.json"]) { _ throws(ShardSummaryError) in Data(whole.utf8) }
    } catch {
        fatalError("the merged audit, written as one shard, does not merge: \(error)\n\(whole)")
    }
    require(again.table() == printed.text, "the merged audit's text differs once written as one shard:\n\(printed.text)\nthen\n\(again.table())")
    require(again.json() == printed.json, "the merged audit's JSON differs once written as one shard:\n\(printed.json)\nthen\n\(again.json())")
    require(again.passes == printed.passes, "the merged audit's status differs once written as one shard")
}

/// Traps unless `shard`, written by ``AuditShard/json()``, reads back as itself.
private func checkRoundTrip(_ shard: AuditShard) {
    let text = shard.json()
    let again: AuditShard
    do {
        again = try JSONValueDecoder().decode(AuditShardFile.self, from: Array(text.utf8)).auditShard
    } catch {
        fatalError("an audit shard written by AuditShard.json() does not read back: \(error)\n\(text)")
    }
    require(again.index == shard.index && again.count == shard.count && again.run == shard.run && again.traces == shard.traces,
                 "an audit shard reads back differently:\n\(text)\nthen\n\(again.json())")
    require(again.json() == text, "an audit shard read back is written differently:\n\(text)\nthen\n\(again.json())")
}

/// Traps with `message` unless `condition`: `fatalError` prints its message in an
/// optimized build, where `precondition` stops silently, and libFuzzer's report should
/// say what differed.
private func require(_ condition: Bool, _ message: @autoclosure () -> String = "") {
    if !condition { fatalError(message()) }
}
