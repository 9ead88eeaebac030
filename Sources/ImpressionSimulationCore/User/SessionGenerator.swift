import ImpressionSimulationFormats
import ImpressionTracking

/// Writes simulated sessions: a ``UserModel`` scrolling a ``Feed`` for up to a given
/// duration.
///
/// Sessions are made on virtual time, in nanoseconds, and depend only on the random
/// generator they are given: ``session(seed:index:)`` gives session `index` of a run the
/// same inputs on every run, whatever thread makes it.
///
/// The same user on two feeds does the same things (common random numbers, for layout
/// A/B tests): the session's generator seeds one stream for its length, one for the
/// reading turns and one per rare event, and every turn draws the same numbers (its
/// pause, the chance of a carousel swipe, a fling's direction and speed) whether or not
/// it uses them. Only what the feed decides differs: a swipe needs a carousel on screen,
/// and the top and bottom stop a fling.
///
/// ```swift
/// let feed = Feed(sectionCount: 300, seed: 5)
/// let generator = SessionGenerator(model: .scrollingOnly, feed: feed, duration: .seconds(90))
/// let sessions = (0..<100).map { generator.session(seed: 5, index: $0) }
/// let report = try Simulation(configuration: SimulationConfiguration(), feed: feed).report(replaying: sessions)
/// ```
public struct SessionGenerator: Sendable {
    /// The user's behaviour.
    public let model: UserModel
    /// The feed scrolled.
    public let feed: Feed
    /// The length of every session, or the cap on it when the model has a
    /// ``UserModel/sessionLength``.
    public let duration: Duration
    /// Whether the user's first fling of the feed is written as the interaction
    /// (`interact`, React Native's `onScrollBeginDrag`) before its first frame: what a
    /// policy that `ImpressionPolicy.requiresInteraction` waits for. Off, sessions are
    /// written without it, as they were before the gate existed.
    public let interactsAtFirstDrag: Bool

    /// A generator of sessions of up to `duration` on `feed` by users following `model`,
    /// writing the user's first drag as the interaction when `interactsAtFirstDrag`.
    public init(model: UserModel, feed: Feed, duration: Duration, interactsAtFirstDrag: Bool = false) {
        self.model = model
        self.feed = feed
        self.duration = duration
        self.interactsAtFirstDrag = interactsAtFirstDrag
    }

    /// Session `index` of the run seeded by `seed`.
    public func session(seed: UInt64, index: Int) -> Session {
        var random = SplitMix64(seed: seed, stream: UInt64(truncatingIfNeeded: index))
        return session(using: &random)
    }

    /// A session drawn from `random`.
    package func session(using random: inout SplitMix64) -> Session {
        var lengthStream = SplitMix64(seed: random.next())
        let length = model.sessionLength?.draw(using: &lengthStream, cap: duration) ?? duration
        var writer = SessionWriter(model: model, feed: feed, duration: length, random: &random)
        writer.awaitsFirstDrag = interactsAtFirstDrag
        writer.write()
        return Session(duration: length, events: writer.events)
    }
}

/// The state of one session being written: the clock, the scroll position, the
/// carousels' offsets and when each rare event falls due.
private struct SessionWriter {
    /// The rare events, in the order they win a tie.
    enum RareEvent: CaseIterable {
        case backToTop, tabSwitch, background, modal, refresh

        /// The event's place in `allCases`: its stream and due time.
        var index: Int { Self.allCases.firstIndex(of: self) ?? 0 }
    }

    /// What one reading turn draws, in this order, always all of it.
    struct Turn {
        var pause: Double
        var swipeRoll: Double
        var wantsUp: Bool
        var flingSpeed: Double

        init(model: UserModel, random: inout SplitMix64) {
            pause = random.nextLogNormal(mean: model.meanReadingPause.inSeconds, sigma: model.readingPauseSigma)
            swipeRoll = random.nextUniform()
            wantsUp = random.nextBool(probability: model.upwardFlingProbability)
            flingSpeed = random.nextLogNormal(median: model.medianFlingSpeed, sigma: model.flingSpeedSigma)
        }
    }

    let model: UserModel
    let feed: Feed
    let end: Int64
    let physics: FlingPhysics
    let frameInterval: Int64
    /// The draws of the reading turns: four a turn, whatever the turn does.
    var turns: SplitMix64
    /// One stream per rare event: when it falls due, and how long it keeps the user away.
    var rareEventStreams: [SplitMix64]
    var events: [SessionEvent] = []
    var now: Int64 = 0
    var offset = 0.0
    var carouselOffsets: [Int: Double] = [:]
    var dueTimes: [Int64] = []
    /// Whether the next fling is the user's first drag, written as the interaction.
    var awaitsFirstDrag = false

    init(model: UserModel, feed: Feed, duration: Duration, random: inout SplitMix64) {
        self.model = model
        self.feed = feed
        turns = SplitMix64(seed: random.next())
        rareEventStreams = RareEvent.allCases.map { _ in SplitMix64(seed: random.next()) }
        end = duration.wholeNanoseconds
        physics = FlingPhysics(model: model)
        frameInterval = max(1, Int64((1e9 / max(1, model.frameRate)).rounded()))
        // Room for an event every frame interval: flings write one a frame and reading
        // none, and a session of the default user writes a little more than one every
        // other frame. Grown from empty, the list would be copied a dozen times a session;
        // from half of this, once.
        events.reserveCapacity(Int(min(Double(end / frameInterval), 65_536)))
    }

    mutating func write() {
        dueTimes = RareEvent.allCases.map { schedule($0, after: 0) }
        while now < end {
            let start = now
            let turn = Turn(model: model, random: &turns)
            now = adding(seconds: turn.pause, to: now)
            guard now < end else { break }
            if let event = dueEvent() {
                perform(event)
                dueTimes[event.index] = schedule(event, after: now)
            } else if let carousel = swipeableCarousel(), turn.swipeRoll < model.carouselSwipeProbability {
                swipe(carousel)
            } else {
                fling(wantsUp: turn.wantsUp, speed: turn.flingSpeed)
            }
            // Every turn moves the clock, so a session always ends.
            if now <= start { now = start + 1_000_000 }
        }
    }

    // MARK: - Rare events

    private func rate(of event: RareEvent) -> Double {
        switch event {
        case .backToTop: model.backToTopPerMinute
        case .tabSwitch: model.tabSwitchesPerMinute
        case .background: model.backgroundingsPerMinute
        case .modal: model.modalsPerMinute
        case .refresh: model.refreshesPerMinute
        }
    }

    private mutating func schedule(_ event: RareEvent, after time: Int64) -> Int64 {
        let minutes = rareEventStreams[event.index].nextExponential(rate: rate(of: event))
        return adding(seconds: minutes * 60, to: time)
    }

    /// The rare event that fell due first, if any did.
    private func dueEvent() -> RareEvent? {
        var best: RareEvent?
        var bestDue = Int64.max
        for (event, due) in zip(RareEvent.allCases, dueTimes) where due <= now && (best == nil || due < bestDue) {
            best = event
            bestDue = due
        }
        return best
    }

    private mutating func perform(_ event: RareEvent) {
        switch event {
        case .backToTop:
            scrollToTop()
        case .tabSwitch:
            emit(.lifecycle(.disappear))
            stayAway(for: event, meanSeconds: model.meanTimeOnOtherTab.inSeconds)
            emit(.lifecycle(.appear))
        case .background:
            emit(.lifecycle(.enterBackground))
            stayAway(for: event, meanSeconds: model.meanTimeInBackground.inSeconds)
            emit(.lifecycle(.enterForeground))
        case .modal:
            emit(.lifecycle(.cover))
            stayAway(for: event, meanSeconds: model.meanModalTime.inSeconds)
            emit(.lifecycle(.uncover))
        case .refresh:
            scrollToTop()
            emit(.lifecycle(.beginRefresh))
            now = adding(nanoseconds: model.refreshDuration.wholeNanoseconds, to: now)
            emit(.lifecycle(.endRefresh))
        }
    }

    private mutating func stayAway(for event: RareEvent, meanSeconds: Double) {
        let seconds = rareEventStreams[event.index].nextLogNormal(mean: meanSeconds, sigma: model.awayTimeSigma)
        now = adding(seconds: seconds, to: now)
    }

    /// The status-bar tap: an ease-out scroll to the top over `backToTopDuration`.
    private mutating func scrollToTop() {
        guard offset > 0 else { return }
        let start = now
        let from = offset
        let total = max(1, model.backToTopDuration.wholeNanoseconds)
        var elapsed = frameInterval
        while elapsed < total && start + elapsed <= end {
            let remaining = 1 - Double(elapsed) / Double(total)
            now = start + elapsed
            emit(.scroll(offset: from * remaining * remaining * remaining))
            elapsed += frameInterval
        }
        now = adding(nanoseconds: total, to: start)
        offset = 0
        emit(.scroll(offset: 0))
    }

    // MARK: - Gestures

    /// The first carousel entirely on screen that can move, if any.
    private func swipeableCarousel() -> Int? {
        let bottom = offset + feed.screen.height
        for index in feed.sections(onScreenAtOffset: offset) {
            let section = feed.sections[index]
            if section.isCarousel, let row = section.carouselFrame, row.minY >= offset && row.maxY <= bottom {
                return index
            }
        }
        return nil
    }

    /// One page sideways: forwards, or back when already at the last card.
    private mutating func swipe(_ sectionIndex: Int) {
        let section = feed.sections[sectionIndex]
        let current = carouselOffsets[sectionIndex, default: 0]
        let forward = current + section.carouselPageWidth
        let target = forward <= section.carouselMaximumOffset + 0.5
            ? min(forward, section.carouselMaximumOffset)
            : max(0, current - section.carouselPageWidth)
        carouselOffsets[sectionIndex] = target
        now = adding(nanoseconds: model.carouselSwipeDuration.wholeNanoseconds, to: now)
        emit(.carouselScroll(section: sectionIndex, offset: target))
    }

    /// A fling up or down, one scroll input per frame until it stops.
    private mutating func fling(wantsUp: Bool, speed: Double) {
        let maximum = feed.maximumOffset
        let direction: Double
        if offset <= 0 {
            direction = 1
        } else if offset >= maximum {
            direction = -1
        } else {
            direction = wantsUp ? -1 : 1
        }
        let room = direction > 0 ? maximum - offset : offset
        guard room > 0 else { return }
        let milliseconds = physics.duration(startingSpeed: speed, limit: room)
        guard milliseconds > 0, milliseconds.isFinite else { return }
        let start = now
        // The finger comes down before the list moves: momentum after it, and the
        // back-to-top scroll, are not interactions.
        if awaitsFirstDrag {
            awaitsFirstDrag = false
            emit(.lifecycle(.interact))
        }
        let from = offset
        let total = max(1, Int64(min(milliseconds * 1_000_000, 1e18).rounded(.up)))
        var elapsed = frameInterval
        while elapsed < total && start + elapsed <= end {
            now = start + elapsed
            let travelled = min(room, physics.distance(startingSpeed: speed, after: Double(elapsed) / 1_000_000))
            emit(.scroll(offset: from + direction * travelled))
            elapsed += frameInterval
        }
        now = adding(nanoseconds: total, to: start)
        let travelled = min(room, physics.distance(startingSpeed: speed))
        offset = from + direction * travelled
        emit(.scroll(offset: offset))
    }

    // MARK: - Time

    private mutating func emit(_ input: SessionInput) {
        guard now <= end else { return }
        events.append(SessionEvent(time: .nanoseconds(now), input: input))
    }

    private func adding(seconds: Double, to time: Int64) -> Int64 {
        adding(nanoseconds: seconds < 1e9 ? Int64((seconds * 1e9).rounded()) : Int64.max, to: time)
    }

    private func adding(nanoseconds: Int64, to time: Int64) -> Int64 {
        let (sum, overflow) = time.addingReportingOverflow(max(0, nanoseconds))
        return overflow ? Int64.max : sum
    }
}
