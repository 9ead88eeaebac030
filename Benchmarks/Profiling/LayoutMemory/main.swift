import Foundation
import ImpressionTracking

// What a layout of SECTIONS one-cell sections costs an engine in memory: the resident set
// (Linux's /proc/self/statm) after `setLayout` and a sample, less before, with the input
// array freed, per section, for Int and for String ids. The breakdown by table is in
// Benchmarks/README.md.
//
//   swift build --package-path Benchmarks -c release --product layout-memory
//   Benchmarks/.build/release/layout-memory 1000000

let arguments = CommandLine.arguments
guard arguments.count == 2, let count = Int(arguments[1]), count > 0 else {
    print("usage: layout-memory <sections>")
    exit(2)
}

/// The resident set, in bytes: the large tables are pages of their own (mmap), touched
/// when filled and returned when freed, so it follows them closely.
func heapBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}

/// Returns the allocator's free memory to the system (glibc's `malloc_trim`, looked up at
/// run time), so that what the input's million small arrays leave behind once freed does
/// not count as the engine's.
func trimHeap() {
    typealias Trim = @convention(c) (Int) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
    _ = unsafeBitCast(symbol, to: Trim.self)(0)
}

/// The memory an engine holds once `makeLayout()`'s sections are laid out and sampled,
/// and what the input array took.
func engineBytes<ID: Hashable & Sendable>(_ makeLayout: () -> [TrackedSection<ID>]) throws -> (held: Int, input: Int) {
    trimHeap()
    let before = heapBytes()
    var engine = try ImpressionEngine<ID>()
    var input = makeLayout()
    let inputBytes = heapBytes() - before
    try engine.setViewport(Rect(x: 0, y: 0, width: 390, height: 844))
    try engine.setLayout(input)
    input = []
    _ = engine.advance(to: .seconds(1))
    trimHeap()
    let held = heapBytes() - before
    withExtendedLifetime(engine) {}
    return (held, inputBytes)
}

func cell(_ index: Int) -> [Rect] { [Rect(x: 0, y: Double(index) * 100, width: 390, height: 100)] }

let intIDs = try engineBytes { (0..<count).map { TrackedSection(id: $0, cells: cell($0)) } }
trimHeap()
let stringIDs = try engineBytes { (0..<count).map { TrackedSection(id: "section-\($0)", cells: cell($0)) } }
print("sections   ids      engine (MB)        per section (B)   the input array (B per section)")
for (name, bytes) in [("Int", intIDs), ("String", stringIDs)] {
    print(String(format: "%8d   %-6@   %16.1f   %15.0f   %15.0f", count, name as NSString, Double(bytes.held) / 1e6,
                 Double(bytes.held) / Double(count), Double(bytes.input) / Double(count)))
}
