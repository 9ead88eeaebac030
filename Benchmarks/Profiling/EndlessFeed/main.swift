import Foundation
import ImpressionTracking

// An engine fed an endless feed: a window of 50 sections sliding over IDS distinct ids,
// one section further per step, one sample per step (100 ms), under the default policy
// (again on every entry). A million ids is a simulated 27.8 hours.
//
//   swift build --package-path Benchmarks -c release --product endless-feed
//   Benchmarks/.build/release/endless-feed 1000000
//
// Prints the resident memory (Linux's /proc/self/statm) at each quarter of the run, and
// what it grew by from the first quarter on: flat when what the engine remembers of the
// sections that left is bounded.

let arguments = CommandLine.arguments
guard arguments.count == 2, let idCount = Int(arguments[1]), idCount >= 4 else {
    print("usage: endless-feed <ids>")
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
var engine = try ImpressionEngine<Int>()
var impressions = 0
var firstQuarter = 0
print("ids seen   resident MB   grown since 1/4 (MB)   impressions")
for step in 0..<idCount {
    let sections = (step..<step + window).map { id in
        TrackedSection(id: id, cells: [Rect(x: 0, y: Double(id) * height, width: 390, height: height)])
    }
    try engine.setLayout(sections)
    // The viewport shows 12 sections of the window's middle: each section is on screen
    // for 12 samples and fires once, after its 1 s.
    try engine.setViewport(Rect(x: 0, y: Double(step + 20) * height, width: 390, height: 1200))
    impressions += engine.advance(to: .milliseconds(100 * step)).count
    let done = step + 1
    if done % (idCount / 4) == 0 {
        let resident = residentBytes()
        if done == idCount / 4 { firstQuarter = resident }
        print(String(format: "%8d   %11.1f   %20.1f   %d", done + window - 1, Double(resident) / 1e6,
                     Double(resident - firstQuarter) / 1e6, impressions))
    }
}
