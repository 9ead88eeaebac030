import ImpressionSimulation
import ImpressionTracking
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("The user model")
struct UserModelTests {
    /// The scroll offsets of a session's flings: runs of scroll events one frame apart.
    struct Fling {
        var start: Duration
        var end: Duration
        var offsets: [Double]
    }

    static func flings(in session: Session, frame: Duration) -> [Fling] {
        var flings: [Fling] = []
        var previous: Duration?
        for event in session.events {
            guard case .scroll(let offset) = event.input else { previous = nil; continue }
            if let previous, event.time - previous <= frame + .microseconds(1), !flings.isEmpty {
                flings[flings.count - 1].offsets.append(offset)
                flings[flings.count - 1].end = event.time
            } else {
                flings.append(Fling(start: event.time, end: event.time, offsets: [offset]))
            }
            previous = event.time
        }
        return flings
    }

    static let frame = Duration.nanoseconds(16_666_667)

    @Test("a fling's velocity decays by 0.998 per millisecond and it travels (v₀ - v_stop) / -ln 0.998")
    func flingDeceleration() throws {
        var model = UserModel.scrollingOnly
        model.flingSpeedSigma = 0
        model.upwardFlingProbability = 0
        let feed = Feed(sectionCount: 200, seed: 1)
        let session = SessionGenerator(model: model, feed: feed, duration: .seconds(20)).session(seed: 1, index: 0)
        let flings = Self.flings(in: session, frame: Self.frame)
        let first = try #require(flings.first)
        // 2000 pt/s, stopping at 20 pt/s: (2 - 0.02) / 0.002002 ≈ 989.0 pt in ln(100) / 0.002002 ≈ 2300 ms.
        let distance = (2.0 - 0.02) / -log(0.998)
        #expect(abs(model.flingDistance(startingSpeed: 2000) - distance) < 1e-9)
        #expect(abs((first.offsets.last ?? 0) - distance) < 1e-6)
        let milliseconds = (first.end - first.start + Self.frame).secondsForTest * 1000
        #expect(abs(milliseconds - log(100) / -log(0.998)) < 1)
        // Successive frames: the distance per frame shrinks by 0.998^(1000/60).
        let steps = zip(first.offsets.dropFirst(), first.offsets).map { $0 - $1 }
        let expectedRatio = pow(0.998, 1000.0 / 60)
        for (next, previous) in zip(steps.dropFirst().dropLast(), steps.dropLast(2)) {
            #expect(abs(next / previous - expectedRatio) < 1e-6)
        }
        // Every fling of the session travels the same distance, down (the last may be cut
        // off by the end of the session).
        #expect(flings.count > 3)
        var start = 0.0
        for fling in flings.dropLast() {
            let end = fling.offsets.last ?? start
            #expect(abs(end - start - distance) < 1e-6)
            start = end
        }
    }

    @Test("reading pauses between flings have the mean of the model")
    func pauseMean() {
        var model = UserModel.scrollingOnly
        model.upwardFlingProbability = 0.5
        let feed = Feed(sectionCount: 2000, seed: 2)
        let generator = SessionGenerator(model: model, feed: feed, duration: .seconds(3600))
        var pauses: [Double] = []
        for index in 0..<3 {
            let flings = Self.flings(in: generator.session(seed: 5, index: index), frame: Self.frame)
            for (previous, next) in zip(flings, flings.dropFirst()) {
                // The first frame of a fling comes one frame after it starts.
                pauses.append((next.start - previous.end - Self.frame).secondsForTest)
            }
        }
        #expect(pauses.count > 1500)
        let mean = pauses.reduce(0, +) / Double(pauses.count)
        let expected = model.meanReadingPause.secondsForTest
        #expect(abs(mean - expected) / expected < 0.07, "mean pause \(mean) s over \(pauses.count)")
    }

    @Test("about the given share of flings go up")
    func upwardShare() {
        let feed = Feed(sectionCount: 2000, seed: 2)
        let generator = SessionGenerator(model: .scrollingOnly, feed: feed, duration: .seconds(600))
        var up = 0
        var total = 0
        for index in 0..<10 {
            var last = 0.0
            for fling in Self.flings(in: generator.session(seed: 6, index: index), frame: Self.frame) {
                guard let end = fling.offsets.last, last > 0 else { last = fling.offsets.last ?? last; continue }
                total += 1
                if end < last { up += 1 }
                last = end
            }
        }
        #expect(total > 1000)
        #expect(abs(Double(up) / Double(total) - 0.15) < 0.03)
    }

    @Test("tab switches come at their rate per minute, each followed by a return")
    func tabSwitchRate() {
        var model = UserModel.scrollingOnly
        model.tabSwitchesPerMinute = 2
        model.meanTimeOnOtherTab = .seconds(1)
        model.meanReadingPause = .milliseconds(200)
        model.medianFlingSpeed = 10          // below the stopping speed: no flings
        model.flingSpeedSigma = 0
        let feed = Feed(sectionCount: 10, seed: 1)
        let generator = SessionGenerator(model: model, feed: feed, duration: .seconds(3600))
        var switches = 0
        for index in 0..<10 {
            let inputs = generator.session(seed: 7, index: index).events.map(\.input)
            #expect(inputs.allSatisfy { $0 == .lifecycle(.disappear) || $0 == .lifecycle(.appear) })
            for (input, next) in zip(inputs, inputs.dropFirst()) where input == .lifecycle(.disappear) {
                #expect(next == .lifecycle(.appear))
            }
            switches += inputs.count { $0 == .lifecycle(.disappear) }
        }
        // One every 30 s on average, plus the time away (1 s) and the wait for the end of
        // a pause (~0.225 s): 60 / 31.225 per minute.
        let perMinute = Double(switches) / 600
        #expect(abs(perMinute - 60 / 31.225) / (60 / 31.225) < 0.08, "\(perMinute) per minute")
    }

    @Test("sessions are in time order, within their duration, and lifecycle events pair up")
    func sessionShape() {
        var model = UserModel()
        model.tabSwitchesPerMinute = 1
        model.backgroundingsPerMinute = 1
        model.modalsPerMinute = 1
        model.refreshesPerMinute = 1
        model.backToTopPerMinute = 1
        let feed = Feed(sectionCount: 500, seed: 3)
        let generator = SessionGenerator(model: model, feed: feed, duration: .seconds(120))
        var seen: Set<String> = []
        for index in 0..<40 {
            let session = generator.session(seed: 8, index: index)
            #expect(zip(session.events, session.events.dropFirst()).allSatisfy { $0.time <= $1.time })
            #expect(session.events.allSatisfy { $0.time >= .zero && $0.time <= session.duration })
            var offset = 0.0
            for event in session.events {
                switch event.input {
                case .scroll(let value):
                    #expect(value >= 0 && value <= feed.maximumOffset)
                    offset = value
                    seen.insert("scroll")
                case .carouselScroll(let section, _):
                    // Only a carousel entirely on screen is swiped.
                    let frame = feed.sections[section].frame
                    #expect(feed.sections[section].kind == .carousel)
                    #expect(frame.minY >= offset && frame.maxY <= offset + feed.screen.height)
                    seen.insert("carousel")
                case .lifecycle(.beginRefresh):
                    #expect(offset == 0)
                    seen.insert("refresh")
                case .lifecycle(let call):
                    seen.insert(call.name)
                }
            }
        }
        #expect(seen.isSuperset(of: ["scroll", "carousel", "refresh", "disappear", "appear", "enterBackground",
                                     "enterForeground", "cover", "uncover", "endRefresh"]))
    }

    @Test("no parameters make a session that never ends")
    func degenerateModels() {
        var model = UserModel()
        model.meanReadingPause = .zero
        model.medianFlingSpeed = 0
        let feed = Feed(kinds: [])
        let session = SessionGenerator(model: model, feed: feed, duration: .seconds(5)).session(seed: 1, index: 0)
        #expect(session.events.allSatisfy { $0.time <= .seconds(5) })
        #expect(model.problem != nil)   // still reported as a bad model
    }
}

extension Duration {
    var secondsForTest: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}
