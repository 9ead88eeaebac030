import Benchmark
import ImpressionTracking

#if canImport(Glibc)
import Glibc
#endif

/// The synthetic feed every group measures: sections of two 390 x 150 cells stacked
/// vertically, 8 pt apart, on a 390 x 844 viewport (an iPhone screen).
///
/// Section `i` spans `i * sectionPitch ..< i * sectionPitch + sectionHeight`; its cells
/// are 8 pt apart and the next section starts 8 pt below it.
enum Feed {
    /// The feed sizes every group runs: 1,000 / 10,000 / 100,000 / 1,000,000 sections.
    static let sectionCounts = [1_000, 10_000, 100_000, 1_000_000]

    static let cellWidth = 390.0
    static let cellHeight = 150.0
    static let gap = 8.0
    /// The height of one section: two cells and the gap between them.
    static let sectionHeight = 2 * cellHeight + gap
    /// The distance from one section's top to the next one's.
    static let sectionPitch = sectionHeight + gap
    static let viewportWidth = 390.0
    static let viewportHeight = 844.0

    /// The sample interval of every benchmark: the engine's default, 100 ms.
    static let sampleInterval = Duration.milliseconds(100)
    /// One frame at 60 Hz.
    static let frameInterval = Duration.microseconds(16_700)
    /// How far a 60 Hz scroll moves the viewport per frame.
    static let scrollStepPoints = 16.0

    /// `sectionCount` sections, ids `0 ..< sectionCount`, in feed order.
    static func sections(count sectionCount: Int) -> [TrackedSection<Int>] {
        var sections: [TrackedSection<Int>] = []
        sections.reserveCapacity(sectionCount)
        for index in 0 ..< sectionCount {
            let top = Double(index) * sectionPitch
            sections.append(TrackedSection(id: index, cells: [
                Rect(x: 0, y: top, width: cellWidth, height: cellHeight),
                Rect(x: 0, y: top + cellHeight + gap, width: cellWidth, height: cellHeight),
            ]))
        }
        return sections
    }

    /// The height of the whole feed.
    static func contentHeight(sectionCount: Int) -> Double {
        Double(sectionCount) * sectionPitch
    }

    /// The viewport with its top edge at `top`.
    static func viewport(top: Double) -> Rect {
        Rect(x: 0, y: top, width: viewportWidth, height: viewportHeight)
    }

    /// A resting position in the middle of the feed, 100 pt into a section: three
    /// sections are visible (the first with 208 of its 308 pt), and none is near its
    /// 50 % threshold, so a 16 pt jitter changes no section's visibility.
    static func middleTop(sectionCount: Int) -> Double {
        Double(sectionCount / 2) * sectionPitch + 100
    }

    /// The next viewport top of a scroll moving down by one step, wrapped back to the
    /// top before the viewport would run past the end of the feed.
    static func nextScrollTop(after top: Double, sectionCount: Int) -> Double {
        let next = top + scrollStepPoints
        return next + viewportHeight > contentHeight(sectionCount: sectionCount) ? 0 : next
    }

    /// `count` tiny sections in a grid that fits the viewport, each of two stacked cells:
    /// every one of them is on screen.
    static func tinySections(count: Int) -> [TrackedSection<Int>] {
        let columns = Int(Double(count).squareRoot().rounded(.up))
        let rows = (count + columns - 1) / columns
        let width = viewportWidth / Double(columns)
        let height = viewportHeight / Double(rows)
        return (0 ..< count).map { index in
            let x = Double(index % columns) * width
            let y = Double(index / columns) * height
            return TrackedSection(id: index, cells: [
                Rect(x: x, y: y, width: width, height: height / 2),
                Rect(x: x, y: y + height / 2, width: width, height: height / 2),
            ])
        }
    }

    /// `1k`, `10k`, `100k`, `1M`: the size as it appears in benchmark names.
    static func label(_ sectionCount: Int) -> String {
        if sectionCount >= 1_000_000, sectionCount % 1_000_000 == 0 { return "\(sectionCount / 1_000_000)M" }
        if sectionCount >= 1_000, sectionCount % 1_000 == 0 { return "\(sectionCount / 1_000)k" }
        return "\(sectionCount)"
    }
}

/// State that a benchmark builds in its setup and drops in its teardown.
///
/// Feeds are built lazily, so a benchmark that the filter leaves out never builds its
/// million sections, and each benchmark's memory is released before the next one runs.
final class Fixture<Value> {
    private var value: Value?

    init() {}

    /// Stores the value the setup built.
    func store(_ value: Value) { self.value = value }

    /// Moves the value out, so the benchmark mutates a uniquely referenced local (no
    /// copy-on-write in the measured loop); ``store(_:)`` puts it back.
    func take() -> Value {
        guard let value else { fatalError("the benchmark's setup did not run") }
        self.value = nil
        return value
    }

    /// Drops the value (teardown).
    func clear() { value = nil }
}

extension BenchmarkMetric {
    /// The CPU time of the whole process (every thread, user and system) while measuring,
    /// read with nanosecond resolution from `CLOCK_PROCESS_CPUTIME_ID`.
    ///
    /// It stands in for package-benchmark's `cpuTotal`, which on Linux counts 10 ms ticks
    /// (a microsecond operation reads as 0 or 10 ms) and reads `/proc` inside the measured
    /// window, adding its own mallocs to every iteration's malloc count.
    static let cpuTotalPrecise = BenchmarkMetric.custom(
        "Time (total CPU, process) (ns)", polarity: .prefersSmaller, useScalingFactor: true)
}

/// The CPU time the process has used so far, all threads together.
enum ProcessCPUTime {
    static func nanoseconds() -> Int {
        #if canImport(Glibc)
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return time.tv_sec * 1_000_000_000 + time.tv_nsec
        #else
        return 0
        #endif
    }
}

extension Benchmark {
    /// Measures `body` alone: package-benchmark's window (wall clock, mallocs) opens just
    /// before it and closes just after it, and the process CPU time it took is reported
    /// as ``BenchmarkMetric/cpuTotalPrecise``.
    func measuring<Result>(_ body: () throws -> Result) rethrows -> Result {
        let cpuBefore = ProcessCPUTime.nanoseconds()
        startMeasurement()
        let result = try body()
        stopMeasurement()
        measurement(.cpuTotalPrecise, ProcessCPUTime.nanoseconds() - cpuBefore)
        return result
    }

    /// ``measuring(_:)`` for asynchronous work.
    func measuring<Result>(_ body: () async throws -> Result) async rethrows -> Result {
        let cpuBefore = ProcessCPUTime.nanoseconds()
        startMeasurement()
        let result = try await body()
        stopMeasurement()
        measurement(.cpuTotalPrecise, ProcessCPUTime.nanoseconds() - cpuBefore)
        return result
    }
}

extension Benchmark.Configuration {
    /// The metrics every benchmark records: wall clock, CPU time, mallocs.
    static let timeAndMallocs: [BenchmarkMetric] = [.wallClock, .cpuTotalPrecise, .mallocCountTotal]

    /// Counts shown as they are (`80006`, not `80 K`), so tables can be read off exactly.
    static var exactUnits: [BenchmarkMetric: BenchmarkUnits] {
        [.cpuTotalPrecise: .count, .mallocCountTotal: .count, .memoryLeakedBytes: .count]
    }

    /// A benchmark of an operation of a few microseconds: `scalingFactor` repetitions per
    /// measured iteration, so the measurement's own overhead does not show, and figures
    /// shown per repetition.
    static func perOperation(
        scalingFactor: BenchmarkScalingFactor = .kilo,
        thresholds: [BenchmarkMetric: BenchmarkThresholds]? = nil
    ) -> Benchmark.Configuration {
        .init(
            metrics: timeAndMallocs,
            timeUnits: .nanoseconds,
            units: exactUnits,
            warmupIterations: 3,
            scalingFactor: scalingFactor,
            maxDuration: .seconds(1),
            maxIterations: 1_000,
            thresholds: thresholds
        )
    }
}
