import ImpressionSimulation
import ImpressionTracking
import Testing

@Suite("Session generator: common random numbers and session lengths")
struct SessionGeneratorStreamsTests {
    /// Two feeds with the same sections in another order: the carousels are on screen at
    /// different turns. With swipes off, nothing the feed decides uses a random number, so
    /// the same user must do exactly the same on both. (A carousel on screen that drew the
    /// swipe's chance even at probability 0 would shift every later draw, and the two
    /// sessions would part at the first such turn.)
    @Test("the same user does the same on two layouts of the same height, rare events included")
    func commonRandomNumbers() {
        let kinds: [SectionKind] = Array(repeating: [.card, .carousel, .banner, .card, .twoLineModule, .ad, .video], count: 30).flatMap { $0 }
        let moved = kinds.filter { $0 != .carousel } + kinds.filter { $0 == .carousel }
        let first = Feed(kinds: kinds)
        let second = Feed(kinds: moved)
        #expect(first.maximumOffset == second.maximumOffset)
        var model = UserModel(carouselSwipeProbability: 0, backToTopPerMinute: 1, tabSwitchesPerMinute: 1,
                              backgroundingsPerMinute: 1, modalsPerMinute: 1, refreshesPerMinute: 1)
        model.upwardFlingProbability = 0.3
        var carouselsSeen = 0
        for index in 0..<20 {
            let a = SessionGenerator(model: model, feed: first, duration: .seconds(120)).session(seed: 5, index: index)
            let b = SessionGenerator(model: model, feed: second, duration: .seconds(120)).session(seed: 5, index: index)
            // The first event that differs, if any (comparing whole sessions would print thousands).
            let firstDifference = zip(a.events, b.events).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            #expect(firstDifference == nil && a.events.count == b.events.count && a.duration == b.duration, "session \(index)")
            carouselsSeen += a.events.count { event in
                guard case .scroll(let offset) = event.input else { return false }
                return !first.sections(onScreenAtOffset: offset).filter { first.sections[$0].isCarousel }.isEmpty
            }
        }
        // The test means something only if carousels were on screen while the user read.
        #expect(carouselsSeen > 100)
    }

    @Test("with swipes on, the layouts differ only in the swipes: each tab switch keeps the user away as long")
    func swipesOnlyShiftTheRest() {
        let kinds: [SectionKind] = Array(repeating: [.card, .carousel, .banner, .card], count: 50).flatMap { $0 }
        let first = Feed(kinds: kinds)
        let second = Feed(kinds: kinds.filter { $0 != .carousel } + kinds.filter { $0 == .carousel })
        let model = UserModel(carouselSwipeProbability: 0.5, tabSwitchesPerMinute: 2)
        for index in 0..<10 {
            let a = SessionGenerator(model: model, feed: first, duration: .seconds(300)).session(seed: 9, index: index)
            let b = SessionGenerator(model: model, feed: second, duration: .seconds(300)).session(seed: 9, index: index)
            // Each tab switch keeps the user away for the same drawn time on both layouts;
            // the swipes shift the clock, so one layout may fit one more before the end.
            let (awayA, awayB) = (Self.awayTimes(a), Self.awayTimes(b))
            let common = min(awayA.count, awayB.count)
            #expect(common >= 3 && abs(awayA.count - awayB.count) <= 1)
            #expect(awayA.prefix(common) == awayB.prefix(common), "session \(index)")
            #expect(a.events.count != b.events.count || zip(a.events, b.events).contains { $0 != $1 },
                    "the swipes must make the sessions differ")
        }
    }

    static func awayTimes(_ session: Session) -> [Duration] {
        var left: Duration?
        var times: [Duration] = []
        for event in session.events {
            if event.input == .lifecycle(.disappear) { left = event.time }
            if event.input == .lifecycle(.appear), let start = left { times.append(event.time - start) }
        }
        return times
    }

    @Test("a session length distribution: the median as given, none past the cap, the long tail cut at it")
    func sessionLengths() {
        let model = UserModel(sessionLength: SessionLength(median: .seconds(30), sigma: 0.8))
        let generator = SessionGenerator(model: model, feed: Feed(sectionCount: 300, seed: 2), duration: .seconds(90))
        let lengths = (0..<800).map { generator.session(seed: 3, index: $0).duration }.sorted()
        let median = lengths[lengths.count / 2]
        #expect(median > .seconds(27) && median < .seconds(33), "median \(median)")
        #expect(lengths.allSatisfy { $0 <= .seconds(90) && $0 >= .milliseconds(1) })
        // P(length > 90 s) = P(Z > ln 3 / 0.8) ≈ 8.5 %: about 68 of 800 sessions are capped.
        let capped = lengths.count { $0 == .seconds(90) }
        #expect(capped > 40 && capped < 100, "capped \(capped)")
        for index in 0..<50 {
            let session = generator.session(seed: 3, index: index)
            #expect(session.events.allSatisfy { $0.time <= session.duration })
        }
    }

    @Test("a bad session length is refused with its value")
    func badSessionLength() {
        #expect(UserModel(sessionLength: SessionLength(median: .zero, sigma: 1)).problem?.contains("sessionLength.median") == true)
        #expect(UserModel(sessionLength: SessionLength(median: .seconds(1), sigma: .nan)).problem?.contains("got nan") == true)
    }
}
