/// The actor that tracks impressions in real (or virtual) time, under one policy or
/// several at once, and publishes them to any number of subscribers.
///
/// It owns an ``ImpressionEngine``, a clock, and a tick of one sample interval (100 ms
/// by default) that ``run()`` drives. Every input first brings the engine up to the
/// clock's current time, so samples that fell due before an input see the state before
/// it, even when the tick runs late.
///
/// ```swift
/// let tracker = try ImpressionTracker<String>()
/// async let ticking: Void = tracker.run()
/// try await tracker.setViewport(Rect(x: 0, y: 0, width: 390, height: 844))
/// try await tracker.setLayout(sections)
/// for await impression in await tracker.impressions() {
///     print(impression.sectionID, impression.time)
/// }
/// ```
///
/// With several policies (`ImpressionTracker(policies: [.default, .mrcDisplay])`), every
/// impression, event and snapshot row says which one decided it, by its index in
/// ``policies``; under policy `k` they are exactly those of
/// `ImpressionTracker(policy: policies[k])` given the same calls.
///
/// - Important: Tracker time starts at the clock's `now` when the tracker is created.
///   ``finish()`` ends every subscription for good; later subscriptions end at once.
public actor ImpressionTracker<ID: Hashable & Sendable> {
    /// The engine, the tick loop, the flush and the routing to subscribers; this actor
    /// forwards to it.
    private let driver: TrackerDriver<ID>
    private let clock: TrackerClock
    /// Inputs sent from synchronous code, waiting for the actor; see ``send(_:)``.
    /// Internal: tests read the queue.
    nonisolated let inbox = SentInputs<ID>()

    /// Creates a tracker whose time starts now on `clock`, deciding impressions under
    /// every policy of `policies`.
    ///
    /// - Parameters:
    ///   - policies: the policies, in the order their indices tag what the tracker publishes.
    ///   - sampleInterval: the time between two samples.
    ///   - clock: the clock the tick and sent inputs follow; a ``ManualClock`` in tests.
    ///   - recorder: where to write every input the tracker applies, as a trace, until
    ///     ``finish()`` writes its end; see ``TraceRecorder``. `nil` records nothing.
    ///   - session: the session every impression names, part of its ``Impression/id``;
    ///     `nil` takes the recorder's; see ``ImpressionEngine/session``.
    ///   - rememberedSectionLimit: how many sections that left the layout keep their
    ///     statistics, under each policy; see
    ///     ``ImpressionEngine/defaultRememberedSectionLimit``.
    ///   - measuresExposureSignals: whether impressions, exits and snapshots also report
    ///     each section's ``ExposureSignals``; `false`, the default, costs nothing.
    /// - Throws: ``ConfigurationError`` for an empty list, an invalid policy, a sample
    ///   interval that is not positive, a negative remembered-section limit, a recorder
    ///   that records another engine, or a session other than the recorder's.
    public init(
        policies: [ImpressionPolicy],
        sampleInterval: Duration = .milliseconds(100),
        clock: some Clock<Duration> = ContinuousClock(),
        recorder: TraceRecorder? = nil,
        session: String? = nil,
        rememberedSectionLimit: Int = ImpressionEngine<ID>.defaultRememberedSectionLimit,
        measuresExposureSignals: Bool = false
    ) throws(ConfigurationError) {
        let engine = try ImpressionEngine<ID>(policies: policies, sampleInterval: sampleInterval, recorder: recorder,
                                              session: session,
                                              rememberedSectionLimit: rememberedSectionLimit,
                                              measuresExposureSignals: measuresExposureSignals)
        self.policies = policies
        self.sampleInterval = sampleInterval
        self.session = engine.session
        self.clock = TrackerClock(clock)
        driver = TrackerDriver(engine: engine, clock: self.clock, inbox: inbox)
    }

    /// Creates a tracker deciding impressions under one policy:
    /// `init(policies: [policy], sampleInterval:clock:recorder:session:rememberedSectionLimit:measuresExposureSignals:)`.
    ///
    /// - Throws: ``ConfigurationError`` for an invalid policy, a sample interval that is
    ///   not positive, a negative remembered-section limit, a recorder that records
    ///   another engine, or a session other than the recorder's.
    public init(
        policy: ImpressionPolicy = .default,
        sampleInterval: Duration = .milliseconds(100),
        clock: some Clock<Duration> = ContinuousClock(),
        recorder: TraceRecorder? = nil,
        session: String? = nil,
        rememberedSectionLimit: Int = ImpressionEngine<ID>.defaultRememberedSectionLimit,
        measuresExposureSignals: Bool = false
    ) throws(ConfigurationError) {
        try self.init(policies: [policy], sampleInterval: sampleInterval, clock: clock, recorder: recorder, session: session,
                      rememberedSectionLimit: rememberedSectionLimit, measuresExposureSignals: measuresExposureSignals)
    }

    /// The engine. Internal: tests check its memory.
    var engine: ImpressionEngine<ID> { driver.engine }
    /// The impressions published so far, over every policy: a test's check that nothing
    /// was lost between the engine and the subscribers. Behind `@_spi(Testing)`.
    @_spi(Testing) public var publishedImpressionCount: Int { driver.publishedImpressionCount }

    /// The policies, in the order their indices tag impressions, events and snapshot rows.
    public nonisolated let policies: [ImpressionPolicy]
    /// The time between two samples.
    public nonisolated let sampleInterval: Duration
    /// The session every impression names: see ``ImpressionEngine/session``.
    public nonisolated let session: String?
    /// The tracker time the engine has been brought up to.
    public var time: Duration { driver.engine.time }
    /// The current visit, 1 for the first.
    public var visit: Int { driver.engine.visit }
    /// Whether samples count now; see ``ImpressionEngine/isActive``.
    public var isActive: Bool { driver.engine.isActive }
    /// The number of live subscriptions to impressions.
    public var subscriberCount: Int { driver.subscriberCount }
    /// How many inputs sent with ``send(_:)`` the engine refused (each kept its previous
    /// state); the last one's error is ``lastSentInputError``.
    public var rejectedSentInputCount: Int { driver.rejections.count }
    /// Why the engine refused the last refused input sent with ``send(_:)``.
    public var lastSentInputError: InputError? { driver.rejections.lastError }

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
    ///   progress, ``ImpressionTrackerError/finished`` after ``finish()``.
    public func run() async throws {
        try await driver.run(isolation: self)
    }

    /// Brings the engine up to the clock's current time and publishes what fired.
    ///
    /// Inputs sent with ``send(_:)`` apply first, each at the time it was sent: the
    /// engine is brought up to that time, publishing what fired, then given the input.
    public func flush() {
        driver.flush()
    }

    /// Suspends until `run()` has begun and is parked with nothing due by the clock's
    /// current time (every tick due so far has been flushed), or the tracker finished.
    /// For tests driving a ``ManualClock``: they await this instead of polling or
    /// sleeping. Behind `@_spi(Testing)`: `@_spi(Testing) import ImpressionTracking`.
    @_spi(Testing) public func waitUntilCaughtUp() async {
        await driver.waitUntilCaughtUp(isolation: self)
    }

    /// A new subscription: every impression published after this call, under every
    /// policy, in order (time, then policy index, then layout order).
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
        driver.impressions(bufferingPolicy: bufferingPolicy)
    }

    /// A new subscription to visibility events under every policy: sections entering and
    /// leaving the screen (with their exposure time) and impressions, from this call on,
    /// in order.
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
        driver.events(bufferingPolicy: bufferingPolicy)
    }

    /// A new subscription to the sections' geometry (``VisibleGeometry``): from the next
    /// sample on, the first sends every section's geometry, and each later sample sends a
    /// change for every section whose values changed (and one for each section that left
    /// the layout), after that sample's impressions.
    ///
    /// The geometry is worked out only while some subscription is live, and then only at
    /// the samples that follow an input: between inputs nothing it reads changes.
    /// Subscribing again sends every section's geometry once more, to every subscription.
    /// A bounded buffer counts what it drops, as ``impressions(bufferingPolicy:)``'s
    /// does; unbounded by default. After ``finish()``, the subscription ends at once.
    ///
    /// ```swift
    /// let tracker = try ImpressionTracker<String>(clock: ManualClock())
    /// let changes = await tracker.geometryChanges(bufferingPolicy: .bufferingNewest(100))
    /// Task {
    ///     for await change in changes {
    ///         print("\(change.sectionID): \(change.percentageInView)% in view, \(change.reasons)")
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter bufferingPolicy: how many changes a stalled consumer may hold.
    public func geometryChanges(
        bufferingPolicy: TrackerSubscription<VisibleGeometry<ID>>.BufferingPolicy = .unbounded
    ) -> TrackerSubscription<VisibleGeometry<ID>> {
        driver.geometryChanges(bufferingPolicy: bufferingPolicy)
    }

    /// Every section's state now under policy `policy`, an index into ``policies``; see
    /// ``ImpressionEngine/snapshot(policy:)``.
    ///
    /// - Precondition: `policy` is an index of ``policies``.
    public func snapshot(policy: Int = 0) -> EngineSnapshot<ID> {
        driver.flush()
        return driver.engine.snapshot(policy: policy)
    }

    /// One section's state now under policy `policy`; see
    /// ``ImpressionEngine/snapshot(of:policy:)``.
    ///
    /// - Precondition: `policy` is an index of ``policies``.
    public func snapshot(of id: ID, policy: Int = 0) -> SectionSnapshot<ID>? {
        driver.flush()
        return driver.engine.snapshot(of: id, policy: policy)
    }

    /// A subscription to what an overlay draws under policy `policy`: after each sample
    /// that changed something, ``ImpressionEngine/overlaySnapshot(policy:)`` (the
    /// sections on or near the screen, each with its ratio, its count against what it
    /// needs, how it shows and where its counting stands, and why it does not count).
    ///
    /// Each snapshot describes one sample: it is taken as that sample is evaluated, before
    /// any input that came after it, and says which (``EngineSnapshot/sample``, with
    /// ``EngineSnapshot/time`` that sample's time). The first is that of the first sample
    /// evaluated after subscribing, whatever it shows; nothing is sent before a sample is.
    ///
    /// While an overlay is subscribed and the tracker is active, ``run()`` ticks at every
    /// sample, so counts grow one by one on screen; a tick that runs late evaluates the
    /// samples it missed one by one. A snapshot an overlay would draw as the last one (the
    /// same sections, ratios, counts, visibilities, countings and reasons) is not sent. The default
    /// buffer keeps only the newest snapshot: an overlay wants the present, not a backlog.
    ///
    /// ```swift
    /// for await snapshot in await tracker.overlaySnapshots() {
    ///     overlay.rows = snapshot.sections.map {
    ///         "\($0.sectionID) \(Int($0.visibleRatio * 100))% \($0.visibility), \($0.counting)"
    ///     }
    /// }
    /// ```
    ///
    /// - Precondition: `policy` is an index of ``policies``.
    public func overlaySnapshots(
        policy: Int = 0,
        bufferingPolicy: TrackerSubscription<EngineSnapshot<ID>>.BufferingPolicy = .bufferingNewest(1)
    ) -> TrackerSubscription<EngineSnapshot<ID>> {
        precondition(policies.indices.contains(policy), "policy \(policy) is not an index of the \(policies.count) policies")
        return driver.overlaySnapshots(policy: policy, bufferingPolicy: bufferingPolicy)
    }

    /// Ends every subscription; their loops finish once they have read what was
    /// published. The tracker publishes nothing more, and ``run()`` returns. A
    /// ``TraceRecorder`` writes its `end` line at the tracker's ``time`` and ends its lines.
    public func finish() {
        driver.finish()
    }

    // MARK: - Inputs

    /// Applies an input: first brings the engine up to the clock (samples due before
    /// the input see the state before it, and inputs sent earlier apply first), then
    /// wakes `run()` for the next sample. The named inputs (``setViewport(_:)``,
    /// ``appear()``, ...) are sugar for this.
    ///
    /// - Throws: ``InputError``; the engine's previous state stays in force.
    public func apply(_ input: EngineInput<ID>) throws(InputError) {
        try driver.apply(input)
    }

    /// Applies a frame's worth of inputs in one hop, in order, at the clock's current
    /// time: as many `apply(_:)` calls in a row, with nothing in between.
    ///
    /// - Throws: the first ``InputError``; the inputs before it stay applied, the one
    ///   refused and those after it are not applied.
    public func apply(_ inputs: [EngineInput<ID>]) throws(InputError) {
        try driver.apply(inputs)
    }

    /// Makes a lifecycle call; see ``apply(_:)-(EngineInput<ID>)``. Never refused.
    public func apply(_ call: LifecycleCall) {
        driver.apply(call)
    }
}

// The inputs by name, as the manual's Sending inputs article lists them: each is sugar
// for `apply(_:)` with its `EngineInput`.
extension ImpressionTracker {
    /// Replaces the layout; see ``ImpressionEngine/setLayout(_:containers:)``.
    ///
    /// - Throws: ``InputError``; the previous layout stays in force.
    public func setLayout(_ sections: [TrackedSection<ID>]) throws(InputError) {
        try apply(.layout(sections))
    }

    /// Replaces the layout and its scroll containers; see
    /// ``ImpressionEngine/setLayout(_:containers:)``.
    ///
    /// - Throws: ``InputError``; the previous layout stays in force.
    public func setLayout(_ sections: [TrackedSection<ID>], containers: [ScrollContainer]) throws(InputError) {
        try apply(.layout(sections: sections, containers: containers))
    }

    /// Scrolls a container; see ``ImpressionEngine/setContentOffset(_:ofContainer:)``.
    ///
    /// - Throws: ``InputError``; the previous offset stays in force.
    public func setContentOffset(_ offset: Point, ofContainer containerID: String) throws(InputError) {
        try apply(.contentOffset(offset, containerID: containerID))
    }

    /// Changes one section's loaded, opacity and hidden state; see
    /// ``ImpressionEngine/setSectionState(_:isLoaded:opacity:isHidden:)``.
    ///
    /// - Throws: ``InputError`` for an id not in the layout or a bad opacity; nothing changes.
    public func setSectionState(_ id: ID, isLoaded: Bool? = nil, opacity: Double? = nil,
                                isHidden: Bool? = nil) throws(InputError) {
        try apply(.sectionState(id, isLoaded: isLoaded, opacity: opacity, isHidden: isHidden))
    }

    /// Insets the viewport; see ``ImpressionEngine/setViewportInsets(_:)``.
    ///
    /// - Throws: ``InputError``; the previous insets stay in force.
    public func setViewportInsets(_ insets: Insets) throws(InputError) {
        try apply(.viewportInsets(insets))
    }

    /// Sets what covers the content, and the friendly obstructions, listed in the geometry
    /// but not subtracted; see ``ImpressionEngine/setObstructions(_:friendly:)``.
    ///
    /// - Parameters:
    ///   - obstructions: the rects that hide what is under them, in viewport coordinates.
    ///   - friendly: the friendly obstructions, in viewport coordinates; none by default.
    /// - Throws: ``InputError``; the previous obstructions stay in force.
    public func setObstructions(_ obstructions: [Rect], friendly: [FriendlyObstruction] = []) throws(InputError) {
        try apply(.obstructions(obstructions, friendly: friendly))
    }

    /// Sets the viewport; see ``ImpressionEngine/setViewport(_:)``.
    ///
    /// - Throws: ``InputError``; the previous viewport stays in force.
    public func setViewport(_ viewport: Rect) throws(InputError) {
        try apply(.viewport(viewport))
    }

    /// The screen appeared; see ``ImpressionEngine/appear()``.
    public func appear() { apply(.appear) }
    /// The screen disappeared; see ``ImpressionEngine/disappear()``.
    public func disappear() { apply(.disappear) }
    /// The app went to the background; see ``ImpressionEngine/enterBackground()``.
    public func enterBackground() { apply(.enterBackground) }
    /// The app came to the foreground; see ``ImpressionEngine/enterForeground()``.
    public func enterForeground() { apply(.enterForeground) }
    /// A modal covers the screen or no longer does; see ``ImpressionEngine/setCovered(_:)``.
    public func setCovered(_ covered: Bool) { apply(covered ? .cover : .uncover) }
    /// Content is being replaced; see ``ImpressionEngine/beginRefresh()``.
    public func beginRefresh() { apply(.beginRefresh) }
    /// The refresh is over; see ``ImpressionEngine/endRefresh()``.
    public func endRefresh() { apply(.endRefresh) }
    /// Forgets what fired and starts a new visit; see ``ImpressionEngine/reset()``.
    public func reset() { apply(.reset) }
    /// The user interacted with the screen (the first drag of the list); see
    /// ``ImpressionEngine/interact()``.
    public func interact() { apply(.interact) }
}
