import Benchmark
import ImpressionTracking

/// A 60 Hz carousel swipe step: the carousel on screen scrolled 16 pt sideways with
/// `setContentOffset`, then the engine advanced by one frame (16.7 ms).
///
/// The feed is the usual one, except that every tenth section is a carousel: a
/// horizontal scroll container of eight 150 x 308 cards (nested cells), so a 1M feed has
/// 100,000 containers. The viewport rests in the middle of the feed with a carousel at
/// its top. Goals: the same cost at 1M sections as at 1k, zero mallocs (the offset is
/// O(1), the sample visits only what is near the viewport).
func registerCarouselScrollStepBenchmarks() {
    for sectionCount in Feed.sectionCounts {
        let fixture = Fixture<CarouselRun>()
        Benchmark(
            "CarouselScrollStep60Hz-\(Feed.label(sectionCount))",
            configuration: .perOperation(thresholds: [.mallocCountTotal: .strict]),
            closure: { benchmark throws in
                var run = fixture.take()
                defer { fixture.store(run) }
                try benchmark.measuring {
                    for _ in benchmark.scaledIterations {
                        run.offset = run.offset + Feed.scrollStepPoints > CarouselFeed.maximumOffset
                            ? 0 : run.offset + Feed.scrollStepPoints
                        try run.engine.setContentOffset(Point(x: run.offset, y: 0), ofContainer: run.containerID)
                        run.time += Feed.frameInterval
                        blackHole(run.engine.advance(to: run.time))
                    }
                }
            },
            setup: { fixture.store(try CarouselRun.atRest(sectionCount: sectionCount)) },
            teardown: { fixture.clear() }
        )
    }
}

struct CarouselRun {
    var engine: ImpressionEngine<Int>
    var time: Duration
    var containerID: String
    var offset: Double

    /// An engine on the carousel feed, at rest in its middle, two seconds in.
    static func atRest(sectionCount: Int) throws -> CarouselRun {
        var engine = try ImpressionEngine<Int>()
        let top = Feed.middleTop(sectionCount: sectionCount)
        try engine.setViewport(Feed.viewport(top: top))
        let (sections, containers) = CarouselFeed.sections(count: sectionCount)
        try engine.setLayout(sections, containers: containers)
        let time = Duration.seconds(2)
        let fired = engine.advance(to: time)
        precondition(fired.count == 3, "expected the three sections on screen to fire, got \(fired.count)")
        let onScreen = sectionCount / 2
        precondition(onScreen % CarouselFeed.carouselEvery == 0, "the section at the top of the screen is a carousel")
        return CarouselRun(engine: engine, time: time, containerID: CarouselFeed.containerID(onScreen), offset: 0)
    }
}

/// ``Feed`` with every tenth section a carousel.
enum CarouselFeed {
    static let carouselEvery = 10
    static let cardCount = 8
    static let cardPitch = Feed.cellWidth / 2 - 35   // 160 pt: two and a half cards on screen
    static let cardWidth = cardPitch - 10
    /// The offset at which the last card reaches the container's right edge.
    static let maximumOffset = Double(cardCount) * cardPitch - Feed.viewportWidth

    static func containerID(_ section: Int) -> String { "carousel-\(section)" }

    static func sections(count sectionCount: Int) -> ([TrackedSection<Int>], [ScrollContainer]) {
        var sections = Feed.sections(count: sectionCount)
        var containers: [ScrollContainer] = []
        containers.reserveCapacity(sectionCount / carouselEvery + 1)
        for index in stride(from: 0, to: sectionCount, by: carouselEvery) {
            let id = containerID(index)
            let top = Double(index) * Feed.sectionPitch
            containers.append(ScrollContainer(
                id: id, frame: Rect(x: 0, y: top, width: Feed.cellWidth, height: Feed.sectionHeight)))
            sections[index] = TrackedSection(id: index, nestedCells: (0 ..< cardCount).map { card in
                NestedCell(containerID: id, frame: Rect(x: Double(card) * cardPitch, y: 0,
                                                        width: cardWidth, height: Feed.sectionHeight))
            })
        }
        return (sections, containers)
    }
}
