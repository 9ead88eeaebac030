import Benchmark
import ImpressionTracking

#if canImport(Glibc)
import Glibc
#endif

/// 10,000 trackers, each with its own `run()` on one real `ContinuousClock` at 100 ms,
/// at rest for 10 s of wall time: the CPU the idle fleet costs. At rest, with what is on
/// screen long fired, nothing can happen until an input, so `run()` parks instead of
/// ticking (see `ImpressionEngine.nextEventTime`); this measures that it does.
///
/// Slow by nature (the window is real time), so it is a target of its own, out of the
/// quick set and out of CI: `swift package --package-path Benchmarks benchmark --target
/// TrackerFleetBenchmarks`. Goal: under 10 % of one core, i.e. under 100,000 µs of CPU per
/// second of wall time.
let benchmarks: @Sendable () -> Void = {
    registerIdleFleet(name: "IdleTrackers10k-100msTick", showsScreen: true)
    // The same fleet with nothing on screen: nothing is ever due.
    registerIdleFleet(name: "IdleTrackers10k-100msTick-noViewport", showsScreen: false)
}

private let trackerCount = 10_000
private let measuredWindow = Duration.seconds(10)

private func registerIdleFleet(name: String, showsScreen: Bool) {
    Benchmark(
        name,
        configuration: .init(
            metrics: [.wallClock, .cpuTotal, .cpuUser, .cpuSystem, .mallocCountTotal, .peakMemoryResident,
                      .threads, .contextSwitches, .cpuMicrosecondsPerWallSecond],
            timeUnits: .milliseconds,
            units: [.cpuMicrosecondsPerWallSecond: .count, .mallocCountTotal: .count],
            warmupIterations: 0,
            maxDuration: .seconds(1),
            maxIterations: 1
        ),
        closure: { benchmark async throws in
            let clock = ContinuousClock()
            var trackers: [ImpressionTracker<Int>] = []
            trackers.reserveCapacity(trackerCount)
            for _ in 0 ..< trackerCount {
                // A small screen at rest: a few sections, the visible ones long fired.
                let tracker = try ImpressionTracker<Int>(clock: clock)
                if showsScreen {
                    try await tracker.setViewport(Rect(x: 0, y: 0, width: 390, height: 844))
                }
                try await tracker.setLayout(idleScreen)
                trackers.append(tracker)
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for tracker in trackers {
                    group.addTask { try await tracker.run() }
                }
                // Past the start-up of the 10,000 tasks and the first fires.
                try await Task.sleep(for: .seconds(2))
                let cpuBefore = ProcessCPUTime.now()
                let wallBefore = clock.now
                benchmark.startMeasurement()
                try await Task.sleep(for: measuredWindow)
                benchmark.stopMeasurement()
                let cpu = ProcessCPUTime.now() - cpuBefore
                let wall = wallBefore.duration(to: clock.now)
                benchmark.measurement(.cpuMicrosecondsPerWallSecond, Int((cpu / wall * 1_000_000).rounded()))
                group.cancelAll()
            }
        }
    )
}

/// Six sections of two cells, on a 390 x 844 screen that shows the first three.
private let idleScreen: [TrackedSection<Int>] = (0 ..< 6).map { index in
    let top = Double(index) * 316
    return TrackedSection(id: index, cells: [
        Rect(x: 0, y: top, width: 390, height: 150),
        Rect(x: 0, y: top + 158, width: 390, height: 150),
    ])
}

extension BenchmarkMetric {
    /// CPU time of the whole process per second of wall time: 1,000,000 is one core.
    static let cpuMicrosecondsPerWallSecond = BenchmarkMetric.custom(
        "CPU µs per wall second", polarity: .prefersSmaller, useScalingFactor: false)
}

/// The CPU time the process has used, all threads together.
enum ProcessCPUTime {
    static func now() -> Duration {
        #if canImport(Glibc)
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
        #else
        return .zero
        #endif
    }
}
