import Foundation
import ImpressionTracking

// An engine fed an endless feed: a window of 50 sections sliding over IDS distinct ids,
// one section further per step, one sample per step (100 ms), the viewport showing 12 of
// them, so each is on screen for 12 samples and fires once. A million ids is a simulated
// 27.8 hours.
//
//   swift build --package-path Benchmarks -c release --product endless-feed
//   Benchmarks/.build/release/endless-feed 1000000                      # the default policy
//   Benchmarks/.build/release/endless-feed 1000000 once-per-tracker     # every id kept for its rule
//   Benchmarks/.build/release/endless-feed 1000000 default 2000000      # a limit above the feed
//
// Prints the resident memory (Linux's /proc/self/statm) at each quarter of the run, and
// what it grew by since the first quarter, in all and per id: flat when what the engine
// remembers of the sections that left is bounded.

let arguments = CommandLine.arguments
guard (2...4).contains(arguments.count), let idCount = Int(arguments[1]), idCount >= 200 else {
    print("usage: endless-feed <ids> [default|once-per-tracker] [remembered-section limit]")
    exit(2)
}
let policy: ImpressionPolicy
switch arguments.count > 2 ? arguments[2] : "default" {
case "default": policy = .default
case "once-per-tracker": policy = ImpressionPolicy(recurrence: .oncePerTracker)
default:
    print("endless-feed: unknown policy \(arguments[2]); use default or once-per-tracker")
    exit(2)
}
guard let limit = arguments.count > 3 ? Int(arguments[3]) : ImpressionEngine<Int>.defaultRememberedSectionLimit else {
    print("endless-feed: the limit must be a whole number")
    exit(2)
}

/// The resident set, in bytes.
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}

let window = 50
let height = 100.0
var engine = try ImpressionEngine<Int>(policy: policy, rememberedSectionLimit: limit)
var impressions = 0
var firstQuarter = (ids: 0, resident: 0)
print("policy \(arguments.count > 2 ? arguments[2] : "default"), limit \(limit)")
print("ids seen   resident MB   grown since 1/4 (MB)   per id since 1/4 (B)   impressions")
let steps = idCount - window + 1
for step in 0..<steps {
    let sections = (step..<step + window).map { id in
        TrackedSection(id: id, cells: [Rect(x: 0, y: Double(id) * height, width: 390, height: height)])
    }
    try engine.setLayout(sections)
    try engine.setViewport(Rect(x: 0, y: Double(step + 20) * height, width: 390, height: 1200))
    impressions += engine.advance(to: .milliseconds(100 * step)).count
    let done = step + 1
    if done % (steps / 4) == 0 {
        let resident = residentBytes()
        let ids = done + window - 1
        if done == steps / 4 { firstQuarter = (ids, resident) }
        let grown = resident - firstQuarter.resident
        print(String(format: "%8d   %11.1f   %20.1f   %20.0f   %d", ids, Double(resident) / 1e6, Double(grown) / 1e6,
                     ids > firstQuarter.ids ? Double(grown) / Double(ids - firstQuarter.ids) : 0.0, impressions))
    }
}
