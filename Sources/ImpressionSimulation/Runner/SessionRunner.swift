import ImpressionTracking

/// Replays sessions on a feed through one ``ImpressionEngine`` per policy, in lockstep,
/// on virtual time: every policy sees exactly the same inputs at the same times.
///
/// For each event, every engine is first advanced to the event's time (evaluating the
/// samples due before it), then given the input, so the input applies from the next
/// sample on. At the end every engine is advanced to the session's duration.
///
/// Two shortcuts keep the engines' work to what changes their answers, and neither
/// changes an impression: a scroll input followed by another before the next sample is
/// skipped (no sample would see it), and engines are advanced only when a sample fell
/// due. The engines are made once, with the first layout and the screen at the top, and
/// copied for each session.
public struct SessionRunner: Sendable {
    /// The feed every session scrolls.
    public let feed: Feed
    /// The policies, one engine each.
    public let policies: [NamedPolicy]
    /// The engines' sample interval.
    public let sampleInterval: Duration
    /// Which sections the engines' layouts hold.
    public let scope: FeedLayout.Scope
    private let initialLayout: FeedLayout
    private let initialEngines: [ImpressionEngine<Int>]
    /// The sample interval in nanoseconds, when it is a whole number of them.
    private let sampleNanoseconds: Int64?

    /// A runner for `policies` on `feed`.
    ///
    /// - Throws: ``SimulationError`` when a policy or the interval is invalid, or the
    ///   feed's layout is refused.
    public init(feed: Feed, policies: [NamedPolicy], sampleInterval: Duration = .milliseconds(100),
                scope: FeedLayout.Scope = .window(marginScreens: 2)) throws(SimulationError) {
        self.feed = feed
        self.policies = policies
        self.sampleInterval = sampleInterval
        self.scope = scope
        let layout = FeedLayout(feed: feed, scope: scope, offset: 0)
        initialLayout = layout
        var engines: [ImpressionEngine<Int>] = []
        for named in policies {
            do {
                var engine = try ImpressionEngine<Int>(validating: named.policy, sampleInterval: sampleInterval)
                try engine.setLayout(layout.sections)
                try engine.setViewport(feed.screen.viewport(atOffset: 0))
                engines.append(engine)
            } catch {
                throw SimulationError("policy \(named.name): \(error)")
            }
        }
        initialEngines = engines
        let nanoseconds = sampleInterval.wholeNanoseconds
        sampleNanoseconds = nanoseconds > 0 && Duration.nanoseconds(nanoseconds) == sampleInterval ? nanoseconds : nil
    }

    /// Replays `session` under every policy.
    public func run(_ session: Session) -> SessionOutcome {
        var engines = initialEngines
        var layout = initialLayout
        var impressions = Array(repeating: [Impression<Int>](), count: engines.count)
        var rejectedInputs = 0
        var deepestOffset = 0.0
        // The last sample the engines were brought up to; -1 before sample 0.
        var evaluatedThrough: Int64 = -1
        let events = session.events

        for (position, event) in events.enumerated() {
            let sample = lastSample(atOrBefore: event.time)
            if case .scroll(let offset) = event.input, offset.isFinite {
                // What came on screen, whether or not a sample saw it.
                deepestOffset = max(deepestOffset, offset)
            }
            if case .scroll = event.input, position + 1 < events.count,
               case .scroll = events[position + 1].input,
               let sample, sample == lastSample(atOrBefore: events[position + 1].time) {
                // The next scroll replaces this one before any sample sees it.
                continue
            }
            if sample.map({ $0 > evaluatedThrough }) ?? true {
                for index in engines.indices {
                    let fired = engines[index].advance(to: event.time)
                    if !fired.isEmpty { impressions[index].append(contentsOf: fired) }
                }
                if let sample { evaluatedThrough = sample }
            }
            var rejected = false
            switch event.input {
            case .scroll(let offset):
                let viewport = feed.screen.viewport(atOffset: offset)
                guard viewport.isValid else { rejected = true; break }
                if layout.follow(offset: offset) {
                    let sections = layout.sections
                    for index in engines.indices {
                        do { try engines[index].setLayout(sections) } catch { rejected = true }
                    }
                }
                for index in engines.indices {
                    do { try engines[index].setViewport(viewport) } catch { rejected = true }
                }
            case .carouselScroll(let section, let offset):
                if layout.setCarouselOffset(offset, ofSection: section) {
                    let sections = layout.sections
                    for index in engines.indices {
                        do { try engines[index].setLayout(sections) } catch { rejected = true }
                    }
                }
            case .appear: for index in engines.indices { engines[index].appear() }
            case .disappear: for index in engines.indices { engines[index].disappear() }
            case .enterBackground: for index in engines.indices { engines[index].enterBackground() }
            case .enterForeground: for index in engines.indices { engines[index].enterForeground() }
            case .setCovered(let covered): for index in engines.indices { engines[index].setCovered(covered) }
            case .beginRefresh: for index in engines.indices { engines[index].beginRefresh() }
            case .endRefresh: for index in engines.indices { engines[index].endRefresh() }
            }
            if rejected { rejectedInputs += 1 }
        }
        for index in engines.indices {
            let fired = engines[index].advance(to: session.duration)
            if !fired.isEmpty { impressions[index].append(contentsOf: fired) }
        }
        let deepestSection = feed.lastSection(startingAbove: deepestOffset + feed.screen.height)
        return SessionOutcome(impressions: impressions, deepestSection: deepestSection, rejectedInputs: rejectedInputs)
    }

    /// The index of the last sample at or before `time` (-1 before the first), or `nil`
    /// when the interval is not a whole number of nanoseconds (no shortcut is taken then).
    private func lastSample(atOrBefore time: Duration) -> Int64? {
        guard let sampleNanoseconds else { return nil }
        let nanoseconds = time.wholeNanoseconds
        // Only whole-nanosecond times divide exactly.
        guard Duration.nanoseconds(nanoseconds) == time else { return nil }
        return nanoseconds < 0 ? -1 : nanoseconds / sampleNanoseconds
    }
}
