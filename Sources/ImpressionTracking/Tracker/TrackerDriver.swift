/// What a tracker actor does around its engine: the tick loop of `run()`, the flush
/// (inputs sent from synchronous code, then the samples due), and the routing of what
/// each sample produces to its subscribers, until the end.
///
/// ``ImpressionTracker`` owns one and forwards to it. It keeps the engine and decides
/// when samples are evaluated and when `run()` wakes; where `run()` stands is in
/// ``TrackerRunState``, the subscriptions in ``ImpressionAndEventSubscribers`` and
/// ``OverlaySubscribers``, the refused sent inputs in ``SentInputRejections``. It is not
/// `Sendable`: it lives in its actor's isolation. Its async methods take that actor as
/// their isolation, so they run on it, between the actor's other calls.
final class TrackerDriver<ID: Hashable & Sendable> {
    private(set) var engine: ImpressionEngine<ID>
    let clock: TrackerClock
    /// Inputs sent from synchronous code, waiting for a flush. The actor holds it too, to
    /// queue inputs without its isolation.
    let inbox: SentInputs<ID>
    private let runState = TrackerRunState()
    private var subscribers = ImpressionAndEventSubscribers<ID>()
    private var overlays = OverlaySubscribers<ID>()
    /// The subscriptions to geometry changes; the engine watches the geometry only while
    /// there are some.
    private var geometrySubscribers = Subscribers<VisibleGeometry<ID>>()
    /// The sent inputs the engine refused.
    private(set) var rejections = SentInputRejections()

    init(engine: ImpressionEngine<ID>, clock: TrackerClock, inbox: SentInputs<ID>) {
        self.engine = engine
        self.clock = clock
        self.inbox = inbox
    }

    /// The number of live subscriptions to impressions.
    var subscriberCount: Int { subscribers.impressionSubscriberCount }

    /// The impressions published so far. For tests.
    var publishedImpressionCount: Int { subscribers.publishedImpressionCount }

    // MARK: - Running

    /// The tick loop of the actor's `run()`, run on `actor`.
    ///
    /// - Throws: ``ImpressionTrackerError/alreadyRunning`` when another `run()` is in
    ///   progress, ``ImpressionTrackerError/finished`` after ``finish()``.
    func run(isolation actor: isolated any Actor) async throws {
        let ticks = SampleTicks(clock: clock)
        try runState.start(ticks)
        inbox.wake(ticks)
        defer {
            runState.stop()
            inbox.wake(nil)
            ticks.finish()   // releases anyone waiting on these ticks
        }
        flush()
        for await _ in ticks.stream() {
            guard runState.isRunning else { return }
            flush()
        }
    }

    /// Brings the engine up to the clock's current time and publishes what fired; inputs
    /// sent from synchronous code apply first, each at the time it was sent.
    func flush() {
        let (sent, now) = inbox.take(stampedBy: clock)
        for input in sent {
            publish(upTo: input.time)
            do throws(InputError) {
                try engine.apply(input.input)
            } catch {
                rejections.record(error)
            }
        }
        publish(upTo: now)
        wakeForNextEvent()
    }

    /// Brings the engine up to `time` and publishes what fired (nothing after finish()).
    /// With an overlay subscribed, it goes one sample at a time and publishes the overlay
    /// snapshots that changed right after each sample, before any later input: each
    /// snapshot is then that sample's.
    private func publish(upTo time: Duration) {
        // Without an overlay nothing watches single samples: one advance takes them all.
        if !overlays.isEmpty {
            engine.stepSamples(through: time) { engine, _, sampleTime in
                guard !overlays.isEmpty else { return }
                advanceAndPublish(&engine, to: sampleTime)
                if !runState.isFinished { overlays.publish(from: engine) }
            }
        }
        advanceAndPublish(&engine, to: time)
    }

    /// Advances `engine`, this driver's, to `time` and publishes what fired; the engine is
    /// passed in so that a step of ``ImpressionEngine/stepSamples(through:_:)``, which has
    /// it, can call this.
    private func advanceAndPublish(_ engine: inout ImpressionEngine<ID>, to time: Duration) {
        // Entries and exits cost a little more: work them out only for listeners.
        if subscribers.wantsEvents {
            let events = engine.advanceWithEvents(to: time)
            if runState.isFinished { return }
            subscribers.publish(events)
        } else {
            let fired = engine.advance(to: time)
            if runState.isFinished { return }
            subscribers.publish(fired)
        }
        // One test when nobody watches the geometry: the engine then works none out.
        if engine.watchesGeometry { publishGeometry(from: &engine) }
    }

    /// Sends the geometry changes `engine` worked out to their subscriptions, after what
    /// fired at the same samples; stops the engine watching once nobody listens.
    private func publishGeometry(from engine: inout ImpressionEngine<ID>) {
        let changes = engine.takeGeometryChanges()
        guard geometrySubscribers.count > 0 else {
            engine.stopWatchingGeometry()
            return
        }
        geometrySubscribers.publish(changes)
    }

    /// Suspends until `run()` has begun and is parked with nothing due by the clock's
    /// current time (every tick due so far has been flushed), or the tracker finished.
    /// For tests driving a ``ManualClock``: they await this instead of polling.
    func waitUntilCaughtUp(isolation actor: isolated any Actor) async {
        await runState.waitUntilCaughtUp(isolation: actor)
    }

    // MARK: - Subscriptions

    /// A new subscription to policy `policy`'s overlay snapshots, from the next sample
    /// evaluated on; ended at once after ``finish()``.
    func overlaySnapshots(policy: Int, bufferingPolicy: TrackerSubscription<EngineSnapshot<ID>>.BufferingPolicy)
        -> TrackerSubscription<EngineSnapshot<ID>> {
        if runState.isFinished { return .ended(bufferingPolicy: bufferingPolicy) }
        flush()
        defer { wakeForNextEvent() }   // counting sections now tick every sample
        return overlays.subscribe(policy: policy, bufferingPolicy: bufferingPolicy)
    }

    /// A new subscription to what fires, through `bufferingPolicy`; ended at once after
    /// ``finish()``.
    func impressions(bufferingPolicy: TrackerSubscription<Impression<ID>>.BufferingPolicy)
        -> TrackerSubscription<Impression<ID>> {
        if runState.isFinished { return .ended(bufferingPolicy: bufferingPolicy) }
        return subscribers.subscribeToImpressions(bufferingPolicy: bufferingPolicy)
    }

    /// A new subscription to visibility events, through `bufferingPolicy`; ended at once
    /// after ``finish()``.
    func events(bufferingPolicy: TrackerSubscription<VisibilityEvent<ID>>.BufferingPolicy)
        -> TrackerSubscription<VisibilityEvent<ID>> {
        if runState.isFinished { return .ended(bufferingPolicy: bufferingPolicy) }
        return subscribers.subscribeToEvents(bufferingPolicy: bufferingPolicy)
    }

    /// A new subscription to geometry changes, from the next sample evaluated on, which
    /// sends every section's geometry to every subscription (a new reader gets the whole
    /// picture; those already reading get it again); ended at once after ``finish()``.
    func geometryChanges(bufferingPolicy: TrackerSubscription<VisibleGeometry<ID>>.BufferingPolicy)
        -> TrackerSubscription<VisibleGeometry<ID>> {
        if runState.isFinished { return .ended(bufferingPolicy: bufferingPolicy) }
        flush()
        defer { wakeForNextEvent() }   // the next sample sends every section's geometry
        engine.watchGeometry()
        return geometrySubscribers.subscribe(bufferingPolicy: bufferingPolicy)
    }

    /// Ends every subscription and the tick loop; nothing is published afterwards.
    func finish() {
        engine.recorder?.finish(at: engine.time)
        runState.finish()
        subscribers.finishAll()
        overlays.finishAll()
        geometrySubscribers.finishAll()
        engine.stopWatchingGeometry()
    }

    // MARK: - Inputs

    /// Flushes, then applies `input` and wakes `run()` for the next sample.
    ///
    /// - Throws: ``InputError``; the engine's previous state stays in force.
    func apply(_ input: EngineInput<ID>) throws(InputError) {
        flush()
        defer { wakeForNextEvent() }
        try engine.apply(input)
    }

    /// Flushes, then applies `inputs` in order, stopping at the first one refused.
    ///
    /// - Throws: the first ``InputError``; the inputs before it stay applied.
    func apply(_ inputs: [EngineInput<ID>]) throws(InputError) {
        flush()
        defer { wakeForNextEvent() }
        for input in inputs { try engine.apply(input) }
    }

    /// Flushes, then makes the lifecycle call.
    func apply(_ call: LifecycleCall) {
        flush()
        engine.apply(call)
        wakeForNextEvent()
    }

    /// Moves the running loop's next tick to the next sample that can report anything.
    private func wakeForNextEvent() {
        guard let ticks = runState.ticks else { return }
        var deadline = engine.nextEventTime
        if !overlays.isEmpty, engine.isActive, engine.viewport != nil {
            // An overlay shows runs growing: tick at every sample while one may count.
            let nextSample = engine.inputs.duration(ofSamples: engine.nextSample)   // saturates, never traps
            deadline = min(deadline ?? nextSample, nextSample)
        }
        ticks.setDeadline(deadline)
    }
}
