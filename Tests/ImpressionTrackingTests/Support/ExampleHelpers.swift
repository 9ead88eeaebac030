@testable import ImpressionTracking

// The short vocabulary of the worked examples (SeedExamples/ and RealScreens/), so each
// test reads as its example. The screen is 320 × 600 points; feeds scroll down (towards
// larger y), and all geometry is in whole points, so ratios are exact fractions.

typealias Engine = ImpressionEngine<String>
typealias Event = VisibilityEvent<String>

func ms(_ milliseconds: Int) -> Duration { .milliseconds(milliseconds) }

/// The 320 × 600 screen, unscrolled.
let screen = Rect(x: 0, y: 0, width: 320, height: 600)

/// The 320 × 600 screen scrolled down to `y`.
func screen(scrolledTo y: Double) -> Rect {
    Rect(x: 0, y: y, width: 320, height: 600)
}

/// A screen 600 high, `width` wide, scrolled down to `y`.
func screen(y: Double = 0, width: Double = 320) -> Rect {
    Rect(x: 0, y: y, width: width, height: 600)
}

func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
    Rect(x: x, y: y, width: width, height: height)
}

/// A full-width section made of one cell.
func section(_ id: String, y: Double, height: Double = 200, fullHeight: Double? = nil,
             policy: ImpressionPolicy? = nil, isLoaded: Bool = true, opacity: Double = 1) -> TrackedSection<String> {
    TrackedSection(id: id, cells: [Rect(x: 0, y: y, width: 320, height: height)],
                   fullHeight: fullHeight, policy: policy, isLoaded: isLoaded, opacity: opacity)
}

/// A section whose only cell is `cell`, in root coordinates.
func section(_ id: String, _ cell: Rect, policy: ImpressionPolicy? = nil) -> TrackedSection<String> {
    TrackedSection(id: id, cells: [cell], policy: policy)
}

/// A section whose only cell is `frame`, in the content of `container`.
func card(_ id: String, in container: String, _ frame: Rect) -> TrackedSection<String> {
    TrackedSection(id: id, nestedCells: [NestedCell(containerID: container, frame: frame)])
}

/// An engine showing `sections` on `screen` from the first sample on.
func makeEngine(policy: ImpressionPolicy, sampleInterval: Duration = ms(100),
                showing sections: [TrackedSection<String>], viewport: Rect = screen) throws -> Engine {
    var engine = try Engine(policy: policy, sampleInterval: sampleInterval)
    try engine.setViewport(viewport)
    try engine.setLayout(sections)
    return engine
}

func impression(_ id: String, at time: Duration, ratio: Double = 1, seen: Duration = .zero,
                visit: Int = 1) -> Impression<String> {
    Impression(sectionID: id, time: time, visibleRatio: ratio, visibleDuration: seen, visit: visit)
}

func entered(_ id: String, at time: Duration, ratio: Double = 1, visit: Int = 1) -> Event {
    .entered(sectionID: id, time: time, visibleRatio: ratio, visit: visit)
}

func exited(_ id: String, at time: Duration, stay: Duration, total: Duration, visit: Int = 1) -> Event {
    .exited(sectionID: id, time: time, stayDuration: stay, totalVisibleDuration: total, visit: visit)
}

/// The snapshot row of `id`.
func row(_ id: String, in snapshot: EngineSnapshot<String>) -> SectionSnapshot<String>? {
    snapshot.sections.first { $0.sectionID == id }
}
