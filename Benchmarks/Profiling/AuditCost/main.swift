import Foundation
import ImpressionSimulation
import ImpressionTracking

#if canImport(Glibc)
import Glibc
#endif

// What an audit costs next to a replay of the same traces (the goal: at most 1.5x),
// measured in one process, replay and audit alternated round by round so that a busy
// machine slows both alike. The traces are decoded once, outside the measurement:
//
//   impressions simulate --sessions 4 --seconds 30m --seed 5 --trace-out /tmp/long
//   swift build --package-path Benchmarks -c release --product audit-cost
//   Benchmarks/.build/release/audit-cost /tmp/long 5
//
// Each round replays every trace under the default policy, then audits the engine's own
// impressions (all right), then the same claims 3 s early (every one wrong, each needing
// a reason). Times are the process's CPU time; the ratio is the sum over the rounds.

let arguments = CommandLine.arguments
guard arguments.count == 3, let rounds = Int(arguments[2]), rounds > 0 else {
    print("usage: audit-cost <directory of traces> <rounds>")
    exit(2)
}

func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func decode(_ path: String) throws -> Trace {
    var decoder = TraceDecoder()
    var inputs: [TimedInput<String>] = []
    let text = try String(contentsOfFile: path, encoding: .utf8)
    for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        if case .input(let input) = try decoder.decode(Array(line.utf8), lineNumber: offset + 1) { inputs.append(input) }
    }
    return Trace(header: decoder.header!, inputs: inputs, end: decoder.end)
}

let directory = arguments[1]
let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".jsonl") }.sorted()
let traces = try names.map { try decode(directory + "/" + $0) }
let policy = NamedPolicy(name: "default", policy: .default)

func replay(_ trace: Trace) throws -> [Impression<String>] {
    var replayer = try TraceReplayer(policies: [policy], sampleInterval: trace.header.sampleInterval)
    for (offset, input) in trace.inputs.enumerated() { try replayer.apply(input, lineNumber: offset + 2) }
    replayer.advance(to: trace.end ?? trace.inputs.last?.time ?? .zero)
    return replayer.impressions[0]
}

let right = try traces.map { try replay($0).map { ClaimedImpression(sectionID: $0.sectionID, time: $0.time) } }
let early = right.map { claims in
    claims.map { ClaimedImpression(sectionID: $0.sectionID, time: max(.zero, $0.time - .seconds(3))) }
        .sorted { $0.time < $1.time }
}
let claimCount = right.reduce(0) { $0 + $1.count }
let inputCount = traces.reduce(0) { $0 + $1.inputs.count }
print("\(traces.count) traces, \(inputCount) inputs, \(claimCount) impressions; \(rounds) rounds")

var totals = (replay: 0.0, right: 0.0, early: 0.0)
var checksum = 0
for _ in 0..<rounds {
    var start = cpuSeconds()
    for trace in traces { checksum &+= try replay(trace).count }
    totals.replay += cpuSeconds() - start
    start = cpuSeconds()
    for (trace, claims) in zip(traces, right) { checksum &+= try AuditReplayer.audit(trace, policy: policy, claims: claims).findings.count }
    totals.right += cpuSeconds() - start
    start = cpuSeconds()
    for (trace, claims) in zip(traces, early) { checksum &+= try AuditReplayer.audit(trace, policy: policy, claims: claims).findings.count }
    totals.early += cpuSeconds() - start
}
func format(_ seconds: Double) -> String { String(format: "%.3f s", seconds / Double(rounds)) }
print("replay \(format(totals.replay)) a round; audit, claims right \(format(totals.right)) "
    + String(format: "(%.2fx)", totals.right / totals.replay)
    + "; audit, every claim 3 s early \(format(totals.early)) " + String(format: "(%.2fx)", totals.early / totals.replay)
    + " [checksum \(checksum)]")
