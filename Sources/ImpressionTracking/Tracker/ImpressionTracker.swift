/// The actor that tracks impressions in real (or virtual) time and publishes them to
/// any number of subscribers.
///
/// It owns an ``ImpressionEngine``, a clock, and a tick of one sample interval (100 ms
/// by default) that ``run()`` drives. Every input first brings the engine up to the
/// clock's current time, so samples that fell due before an input see the state before
/// it, even when the tick runs late.
///
/// ```swift
/// let tracker = ImpressionTracker<String>()
/// async let ticking: Void = tracker.run()
/// try await tracker.setViewport(Rect(x: 0, y: 0, width: 390, height: 844))
/// try await tracker.setLayout(sections)
/// for await impression in await tracker.impressions() {
///     print(impression.sectionID, impression.time)
/// }
/// ```
///
/// - Important: Tracker time starts at the clock's `now` when the tracker is created.
///   ``finish()`` ends every subscription for good; later subscriptions end at once.
public actor ImpressionTracker<ID: Hashable & Sendable> {
    private enum State {
        case idle
        /// `run()` is in progress, sleeping on these ticks.
        case running(SampleTicks)
        case finished
    }

    private(set) var engine: ImpressionEngine<ID>   // internal read: tests check its memory
    private let clock: TrackerClock
    private var subscribers = Subscribers<Impression<ID>>()
    private var eventSubscribers = Subscribers<VisibilityEvent<ID>>()
    private var state = State.idle
    /// Tasks waiting for `run()` to begin. For tests: see ``waitUntilCaughtUp()``.
    private var runStartWaiters: [CheckedContinuation<Void, Never>] = []
    /// The impressions published so far. For tests.
    private(set) var publishedImpressionCount = 0

    /// Creates a tracker whose time starts now on `clock`.
    ///
    /// - Important: An invalid policy or interval does not crash: the tracker then
    ///   accepts no layout and publishes nothing; ``configurationError`` says why.
    public init(
        policy: ImpressionPolicy = .default,
        sampleInterval: Duration = Sampling.defaultInterval,
        clock: some Clock<Duration> = ContinuousClock()
    ) {
        engine = ImpressionEngine(policy: policy, sampleInterval: sampleInterval)
        self.policy = policy
        self.sampleInterval = sampleInterval
        configurationError = engine.configurationError
        self.clock = TrackerClock(clock)
    }

    /// The policy of sections that have none of their own.
    public nonisolated let policy: ImpressionPolicy
    /// The time between two samples.
    public nonisolated let sampleInterval: Duration
    /// Why the tracker accepts no input, when its policy or interval is invalid.
    public nonisolated let configurationError: ConfigurationError?
    /// The tracker time the engine has been brought up to.
    public var time: Duration { engine.time }
    /// The current visit, 1 for the first.
    public var visit: Int { engine.visit }
    /// Whether samples count now; see ``ImpressionEngine/isActive``.
    public var isActive: Bool { engine.isActive }
    /// The number of live subscriptions.
    public var subscriberCount: Int { subscribers.count }

    // MARK: - Running and delivery

    /// Runs the tick loop (an `AsyncStream` of ticks from the clock) until the task is
    /// cancelled or the tracker finishes.
    ///
    /// Each tick flushes: the engine is brought up to the clock's time and what fired is
    /// published. Ticks come at the samples where something can happen (see
    /// ``ImpressionEngine/nextEventTime``): the one after each input, and each one at which
    /// a visible section completes its run. At rest, with everything on screen counted,
    /// the loop sleeps until the next input: an idle tracker costs no CPU. Cancellation
    /// ends the loop quietly.
    ///
    /// - Throws: ``ImpressionTrackerError/alreadyRunning`` when another `run()` is in
    ///   progress.
    public func run() async throws {
        let ticks = SampleTicks(clock: clock)
        switch state {
        case .running: throw ImpressionTrackerError.alreadyRunning
        case .finished: return
        case .idle: state = .running(ticks)
        }
        resumeRunStartWaiters()
        defer {
            if case .running = state { state = .idle }
            ticks.finish()   // releases anyone waiting on these ticks
        }
        flush()
        for await _ in ticks.stream() {
            guard case .running = state else { return }
            flush()
        }
    }

    /// Brings the engine up to the clock's current time and publishes what fired.
    public func flush() {
        let now = clock.elapsed()
        // Entries and exits cost a little more: work them out only for listeners.
        if eventSubscribers.count > 0 {
            let events = engine.advanceWithEvents(to: now)
            if case .finished = state { return }
            eventSubscribers.publish(events)
            let fired = events.compactMap(\.impression)
            subscribers.publish(fired)
            publishedImpressionCount += fired.count
        } else {
            let fired = engine.advance(to: now)
            if case .finished = state { return }
            subscribers.publish(fired)
            publishedImpressionCount += fired.count
        }
        if case .running(let ticks) = state { ticks.setDeadline(engine.nextEventTime) }
    }

    /// Suspends until `run()` has begun and is parked with nothing due by the clock's
    /// current time (every tick due so far has been flushed), or the tracker finished.
    /// For tests driving a ``ManualClock``: they await this instead of polling.
    func waitUntilCaughtUp() async {
        while true {
            switch state {
            case .running(let ticks):
                await ticks.waitUntilCaughtUp()
                return
            case .finished:
                return
            case .idle:
                await withCheckedContinuation { runStartWaiters.append($0) }
            }
        }
    }

    private func resumeRunStartWaiters() {
        let waiters = runStartWaiters
        runStartWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    /// Applies an input to the engine: first brings it up to the clock (samples due
    /// before the input see the state before it), then wakes `run()` for the next sample.
    private func apply<Failure: Error>(_ input: (inout ImpressionEngine<ID>) throws(Failure) -> Void) throws(Failure) {
        flush()
        try input(&engine)
        if case .running(let ticks) = state { ticks.setDeadline(engine.nextEventTime) }
    }

    /// A new subscription: every impression published after this call, in order.
    ///
    /// Buffered without limit: a slow consumer loses nothing. Cancelling the consuming
    /// task ends this subscription only. After ``finish()``, the stream ends at once.
    public func impressions() -> AsyncStream<Impression<ID>> {
        if case .finished = state {
            return AsyncStream { $0.finish() }
        }
        return subscribers.subscribe()
    }

    /// A new subscription through a buffer of your choice, which counts what it drops.
    ///
    /// `.unbounded` is ``impressions()``. A bounded buffer caps the memory a stalled
    /// consumer can hold: past `n` waiting impressions, `.bufferingNewest(n)` drops the
    /// oldest and `.bufferingOldest(n)` the newest, and each drop is added to the
    /// subscription's ``TrackerSubscription/droppedCount``. After ``finish()``, the
    /// subscription ends at once.
    public func impressions(
        bufferingPolicy: TrackerSubscription<Impression<ID>>.BufferingPolicy
    ) -> TrackerSubscription<Impression<ID>> {
        if case .finished = state {
            return .ended(bufferingPolicy: bufferingPolicy)
        }
        return subscribers.subscribe(bufferingPolicy: bufferingPolicy)
    }

    /// A new subscription to visibility events: sections entering and leaving the
    /// screen (with their exposure time) and impressions, from this call on, in order.
    ///
    /// Buffered without limit, like ``impressions()``; ends with ``finish()``.
    public func events() -> AsyncStream<VisibilityEvent<ID>> {
        if case .finished = state {
            return AsyncStream { $0.finish() }
        }
        return eventSubscribers.subscribe()
    }

    /// A new subscription to visibility events through a buffer of your choice, which
    /// counts what it drops; see ``impressions(bufferingPolicy:)``.
    public func events(
        bufferingPolicy: TrackerSubscription<VisibilityEvent<ID>>.BufferingPolicy
    ) -> TrackerSubscription<VisibilityEvent<ID>> {
        if case .finished = state {
            return .ended(bufferingPolicy: bufferingPolicy)
        }
        return eventSubscribers.subscribe(bufferingPolicy: bufferingPolicy)
    }

    /// Every section's state now; see ``ImpressionEngine/snapshot()``.
    public func snapshot() -> EngineSnapshot<ID> {
        flush()
        return engine.snapshot()
    }

    /// Ends every subscription; their loops finish once they have read what was
    /// published. The tracker publishes nothing more, and ``run()`` returns.
    public func finish() {
        if case .running(let ticks) = state { ticks.finish() }
        state = .finished
        resumeRunStartWaiters()
        subscribers.finishAll()
        eventSubscribers.finishAll()
    }

    // MARK: - Inputs

    /// Replaces the layout; see ``ImpressionEngine/setLayout(_:)``.
    ///
    /// - Throws: ``InputError``; the previous layout stays in force.
    public func setLayout(_ sections: [TrackedSection<ID>]) throws(InputError) {
        try apply { engine throws(InputError) in try engine.setLayout(sections) }
    }

    /// Replaces the layout and its scroll containers; see
    /// ``ImpressionEngine/setLayout(_:containers:)``.
    ///
    /// - Throws: ``InputError``; the previous layout stays in force.
    public func setLayout(_ sections: [TrackedSection<ID>], containers: [ScrollContainer]) throws(InputError) {
        try apply { engine throws(InputError) in try engine.setLayout(sections, containers: containers) }
    }

    /// Scrolls a container; see ``ImpressionEngine/setContentOffset(_:ofContainer:)``.
    ///
    /// - Throws: ``InputError``; the previous offset stays in force.
    public func setContentOffset(_ offset: Point, ofContainer containerID: String) throws(InputError) {
        try apply { engine throws(InputError) in try engine.setContentOffset(offset, ofContainer: containerID) }
    }

    /// Insets the viewport; see ``ImpressionEngine/setViewportInsets(_:)``.
    ///
    /// - Throws: ``InputError``; the previous insets stay in force.
    public func setViewportInsets(_ insets: Insets) throws(InputError) {
        try apply { engine throws(InputError) in try engine.setViewportInsets(insets) }
    }

    /// Sets what covers the content; see ``ImpressionEngine/setObstructions(_:)``.
    ///
    /// - Throws: ``InputError``; the previous obstructions stay in force.
    public func setObstructions(_ obstructions: [Rect]) throws(InputError) {
        try apply { engine throws(InputError) in try engine.setObstructions(obstructions) }
    }

    /// Sets the viewport; see ``ImpressionEngine/setViewport(_:)``.
    ///
    /// - Throws: ``InputError``; the previous viewport stays in force.
    public func setViewport(_ viewport: Rect) throws(InputError) {
        try apply { engine throws(InputError) in try engine.setViewport(viewport) }
    }

    /// The screen appeared; see ``ImpressionEngine/appear()``.
    public func appear() { apply { $0.appear() } }
    /// The screen disappeared; see ``ImpressionEngine/disappear()``.
    public func disappear() { apply { $0.disappear() } }
    /// The app went to the background; see ``ImpressionEngine/enterBackground()``.
    public func enterBackground() { apply { $0.enterBackground() } }
    /// The app came to the foreground; see ``ImpressionEngine/enterForeground()``.
    public func enterForeground() { apply { $0.enterForeground() } }
    /// A modal covers the screen or no longer does; see ``ImpressionEngine/setCovered(_:)``.
    public func setCovered(_ covered: Bool) { apply { $0.setCovered(covered) } }
    /// Content is being replaced; see ``ImpressionEngine/beginRefresh()``.
    public func beginRefresh() { apply { $0.beginRefresh() } }
    /// The refresh is over; see ``ImpressionEngine/endRefresh()``.
    public func endRefresh() { apply { $0.endRefresh() } }
    /// Forgets what fired and starts a new visit; see ``ImpressionEngine/reset()``.
    public func reset() { apply { $0.reset() } }
}
