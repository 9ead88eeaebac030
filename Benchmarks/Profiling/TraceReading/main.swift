import Foundation
import ImpressionSimulation
import ImpressionTracking

// What reading traces costs, alone: every line of the given traces decoded by
// `TraceDecoder` (the reader `replay`, `fit`, `sweep --traces` and `audit` use), ROUNDS
// times, with nothing else run. The files are read into memory first.
//
//   swift build --package-path Benchmarks -c release --product trace-reading
//   Benchmarks/.build/release/trace-reading [--remeasure] ROUNDS TRACE...
//
// Prints the lines and inputs decoded, and the fastest round's time per line. Under
// valgrind (`valgrind --tool=callgrind trace-reading 1 TRACE...`) the instruction count
// is the repeatable figure.
//
// With `--remeasure`, each round re-measures the traces instead, as `impressions simulate
// --traces` does under its three default policies, but on this one thread: callgrind
// cannot follow the command line's workers, and this is what they each run.

var arguments = Array(CommandLine.arguments.dropFirst())
let remeasures = arguments.first == "--remeasure"
if remeasures { arguments.removeFirst() }
guard arguments.count >= 2, let rounds = Int(arguments[0]), rounds > 0 else {
    print("usage: trace-reading [--remeasure] <rounds> <trace>...")
    exit(2)
}
let paths = Array(arguments.dropFirst())
let files = paths.map { path -> [UInt8] in
    guard let data = FileManager.default.contents(atPath: path) else {
        print("trace-reading: cannot read \(path)")
        exit(1)
    }
    return Array(data)
}

var best = Duration.seconds(1_000_000)
var lines = 0
var inputs = 0
for _ in 0..<rounds {
    lines = 0
    inputs = 0
    let clock = ContinuousClock()
    let start = clock.now
    if remeasures {
        do {
            var remeasurer = try TraceRemeasurer(policies: NamedPolicy.defaults)
            for (path, bytes) in zip(paths, files) {
                inputs += try remeasurer.remeasure(bytes: bytes, name: path).count
            }
        } catch {
            print("trace-reading: \(error)")
            exit(1)
        }
        best = min(best, clock.now - start)
        continue
    }
    for bytes in files {
        var decoder = TraceDecoder()
        for (index, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            lines += 1
            do throws(TraceError) {
                if case .input = try decoder.decode(line, lineNumber: index + 1) { inputs += 1 }
            } catch {
                print("trace-reading: \(error)")
                exit(1)
            }
        }
    }
    best = min(best, clock.now - start)
}
let nanoseconds = Double(best.components.seconds) * 1e9 + Double(best.components.attoseconds) / 1e9
if remeasures {
    print("\(files.count) traces, \(inputs) impressions; fastest of \(rounds) rounds: "
        + String(format: "%.0f ms", nanoseconds / 1e6))
    exit(0)
}
print("\(lines) lines, \(inputs) inputs; fastest of \(rounds) rounds: "
    + String(format: "%.0f ms, %.2f µs per line", nanoseconds / 1e6, nanoseconds / 1e3 / Double(lines)))
