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
    /// Inputs sent from synchronous code, waiting for the actor; see ``send(_:)``.
    /// Internal: tests read the queue.
    nonisolated let inbox = SentInputs<ID>()

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
    /// How many inputs sent with ``send(_:)`` the engine refused (each kept its previous
    /// state); the last one's error is ``lastSentInputError``.
    public private(set) var rejectedSentInputCount = 0
    /// Why the engine refused the last refused input sent with ``send(_:)``.
    public private(set) var lastSentInputError: InputError?

    /// Sends an input from synchronous code, such as a scroll callback on the main
    /// thread, without a `Task` or an `await`.
    ///
    /// The input is stamped with the clock's time now and queued in call order; the actor
    /// applies it at that time on its next flush (the next tick of ``run()``, which a
    /// send wakes, or any other call), so samples due before the input see the state
    /// before it, however late the actor runs. Inputs from one thread keep their order.
    /// An input the engine refuses keeps its previous state; see
    /// ``rejectedSentInputCount`` and ``lastSentInputError``.
    ///
    /// ```swift
    /// func scrollViewDidScroll(_ scrollView: UIScrollView) {
    ///     let bounds = scrollView.bounds
    ///     tracker.send(.viewport(Rect(x: bounds.minX, y: bounds.minY,
    ///                                 width: bounds.width, height: bounds.height)))
    /// }
    /// ```
    public nonisolated func send(_ input: EngineInput<ID>) {
        inbox.append(input, stampedBy: clock)
    }

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
        inbox.wake(ticks)
        resumeRunStartWaiters()
        defer {
            if case .running = state { state = .idle }
            inbox.wake(nil)
            ticks.finish()   // releases anyone waiting on these ticks
        }
        flush()
        for await _ in ticks.stream() {
            guard case .running = state else { return }
            flush()
        }
    }

    /// Brings the engine up to the clock's current time and publishes what fired.
    ///
    /// Inputs sent with ``send(_:)`` apply first, each at the time it was sent: the
    /// engine is brought up to that time, publishing what fired, then given the input.
    public func flush() {
        let (sent, now) = inbox.take(stampedBy: clock)
        for input in sent {
            publish(upTo: input.time)
            do throws(InputError) {
                try engine.apply(input.input)
            } catch {
                rejectedSentInputCount += 1
                lastSentInputError = error
            }
        }
        publish(upTo: now)
        wakeForNextEvent()
    }

    /// Brings the engine up to `time` and publishes what fired (nothing after finish()).
    private func publish(upTo time: Duration) {
        // Entries and exits cost a little more: work them out only for listeners.
        if eventSubscribers.count > 0 {
            let events = engine.advanceWithEvents(to: time)
            if case .finished = state { return }
            eventSubscribers.publish(events)
            let fired = events.compactMap(\.impression)
            subscribers.publish(fired)
            publishedImpressionCount += fired.count
        } else {
            let fired = engine.advance(to: time)
            if case .finished = state { return }
            subscribers.publish(fired)
            publishedImpressionCount += fired.count
        }
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

    /// A new subscription: every impression published after this call, in order.
    ///
    /// Buffered without limit: a slow consumer loses nothing. Cancelling the consuming
    /// task ends this subscription only. After ``finish()``, the stream ends at once.
    public func impressions() -> TrackerSubscription<Impression<ID>> {
        impressions(bufferingPolicy: .unbounded)
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
    public func events() -> TrackerSubscription<VisibilityEvent<ID>> {
        events(bufferingPolicy: .unbounded)
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

    /// Applies an input: first brings the engine up to the clock (samples due before
    /// the input see the state before it, and inputs sent earlier apply first), then
    /// wakes `run()` for the next sample. The named inputs (``setViewport(_:)``,
    /// ``appear()``, ...) are sugar for this.
    ///
    /// - Throws: ``InputError``; the engine's previous state stays in force.
    public func apply(_ input: EngineInput<ID>) throws(InputError) {
        flush()
        defer { wakeForNextEvent() }
        try engine.apply(input)
    }

    /// Applies a frame's worth of inputs in one hop, in order, at the clock's current
    /// time: as many `apply(_:)` calls in a row, with nothing in between.
    ///
    /// - Throws: the first ``InputError``; the inputs before it stay applied, the one
    ///   refused and those after it are not applied.
    public func apply(_ inputs: [EngineInput<ID>]) throws(InputError) {
        flush()
        defer { wakeForNextEvent() }
        for input in inputs { try engine.apply(input) }
    }

    /// Makes a lifecycle call; see ``apply(_:)-(EngineInput<ID>)``. Never refused.
    public func apply(_ call: LifecycleCall) {
        flush()
        engine.apply(call)
        wakeForNextEvent()
    }

    private func wakeForNextEvent() {
        if case .running(let ticks) = state { ticks.setDeadline(engine.nextEventTime) }
    }
}
