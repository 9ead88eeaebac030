/// The actor that tracks impressions under several policies at once, in real (or
/// virtual) time, and publishes them, each tagged with the policy that fired, to any
/// number of subscribers.
///
/// It is an ``ImpressionTracker`` whose engine is a ``MultiPolicyEngine``: the same
/// tick, inputs, delivery and end, and under policy `k` exactly the impressions and
/// events of `ImpressionTracker(policy: policies[k])` given the same calls, tagged with
/// `k`. One geometry pass per sample serves every policy.
///
/// ```swift
/// let tracker = MultiPolicyTracker<String>(policies: [.default, .mrcDisplay, .mrcVideo])
/// async let ticking: Void = tracker.run()
/// try await tracker.setViewport(Rect(x: 0, y: 0, width: 390, height: 844))
/// try await tracker.setLayout(sections)
/// for await fired in await tracker.impressions() {
///     print(fired.policy, fired.impression.sectionID)   // the index into `policies`
/// }
/// ```
///
/// - Important: Tracker time starts at the clock's `now` when the tracker is created.
///   ``finish()`` ends every subscription for good; later subscriptions end at once.
public actor MultiPolicyTracker<ID: Hashable & Sendable> {
    /// The engine, the tick loop, the flush and the subscribers, shared with
    /// ``ImpressionTracker``.
    private let driver: TrackerDriver<MultiPolicyEngine<ID>>
    private let clock: TrackerClock
    /// Inputs sent from synchronous code, waiting for the actor; see ``send(_:)``.
    nonisolated let inbox = SentInputs<ID>()

    /// Creates a tracker whose time starts now on `clock`, evaluating every policy of
    /// `policies`; impressions and events carry the index of theirs.
    ///
    /// - Important: An empty list, an invalid policy or an invalid interval does not
    ///   crash: the tracker then accepts no layout and publishes nothing;
    ///   ``configurationError`` says why.
    public init(
        policies: [ImpressionPolicy],
        sampleInterval: Duration = Sampling.defaultInterval,
        clock: some Clock<Duration> = ContinuousClock()
    ) {
        let engine = MultiPolicyEngine<ID>(policies: policies, sampleInterval: sampleInterval)
        self.policies = policies
        self.sampleInterval = sampleInterval
        configurationError = engine.configurationError
        self.clock = TrackerClock(clock)
        driver = TrackerDriver(engine: engine, clock: self.clock, inbox: inbox)
    }

    /// The policies, in the order their indices tag impressions and events.
    public nonisolated let policies: [ImpressionPolicy]
    /// The time between two samples.
    public nonisolated let sampleInterval: Duration
    /// Why the tracker accepts no input: no policy, an invalid one (the first), or an
    /// invalid interval; `nil` otherwise.
    public nonisolated let configurationError: ConfigurationError?
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
    public var rejectedSentInputCount: Int { driver.rejectedSentInputCount }
    /// Why the engine refused the last refused input sent with ``send(_:)``.
    public var lastSentInputError: InputError? { driver.lastSentInputError }

    /// The impressions published so far, over every policy. For tests.
    var publishedImpressionCount: Int { driver.publishedImpressionCount }

    /// Sends an input from synchronous code, such as a scroll callback on the main
    /// thread, without a `Task` or an `await`; see ``ImpressionTracker/send(_:)``.
    ///
    /// The input is stamped with the clock's time now and applied at that time on the
    /// actor's next flush, under every policy. A refused input keeps the previous state;
    /// see ``rejectedSentInputCount`` and ``lastSentInputError``.
    public nonisolated func send(_ input: EngineInput<ID>) {
        inbox.append(input, stampedBy: clock)
    }

    // MARK: - Running and delivery

    /// Runs the tick loop until the task is cancelled or the tracker finishes; see
    /// ``ImpressionTracker/run()``.
    ///
    /// Ticks come at the samples where something can happen under some policy: an idle
    /// tracker sleeps until the next input. Cancellation ends the loop quietly.
    ///
    /// - Throws: ``ImpressionTrackerError/alreadyRunning`` when another `run()` is in
    ///   progress.
    public func run() async throws {
        try await driver.run(isolation: self)
    }

    /// Brings the engine up to the clock's current time and publishes what fired under
    /// every policy; inputs sent with ``send(_:)`` apply first, each at its own time.
    public func flush() {
        driver.flush()
    }

    /// Suspends until `run()` is parked with nothing due by the clock's current time, or
    /// the tracker finished. For tests driving a ``ManualClock``.
    func waitUntilCaughtUp() async {
        await driver.waitUntilCaughtUp(isolation: self)
    }

    /// A new subscription: every impression published after this call, under every
    /// policy, in order (time, then policy index, then layout order).
    ///
    /// Buffered without limit: a slow consumer loses nothing. Cancelling the consuming
    /// task ends this subscription only. After ``finish()``, the stream ends at once.
    public func impressions() -> TrackerSubscription<PolicyImpression<ID>> {
        impressions(bufferingPolicy: .unbounded)
    }

    /// A new subscription to impressions through a buffer of your choice, which counts
    /// what it drops; see ``ImpressionTracker/impressions(bufferingPolicy:)``.
    public func impressions(
        bufferingPolicy: TrackerSubscription<PolicyImpression<ID>>.BufferingPolicy
    ) -> TrackerSubscription<PolicyImpression<ID>> {
        driver.impressions(bufferingPolicy: bufferingPolicy)
    }

    /// A new subscription to visibility events under every policy, each tagged with its
    /// policy: entries, exits and impressions, from this call on, in order.
    ///
    /// Buffered without limit, like ``impressions()``; ends with ``finish()``.
    public func events() -> TrackerSubscription<PolicyEvent<ID>> {
        events(bufferingPolicy: .unbounded)
    }

    /// A new subscription to visibility events through a buffer of your choice, which
    /// counts what it drops; see ``impressions(bufferingPolicy:)``.
    public func events(
        bufferingPolicy: TrackerSubscription<PolicyEvent<ID>>.BufferingPolicy
    ) -> TrackerSubscription<PolicyEvent<ID>> {
        driver.events(bufferingPolicy: bufferingPolicy)
    }

    /// Every section's state now under policy `policy`, an index into ``policies``; see
    /// ``MultiPolicyEngine/snapshot(policy:)``.
    ///
    /// - Precondition: `policy` is an index of ``policies``.
    public func snapshot(policy: Int) -> EngineSnapshot<ID> {
        driver.flush()
        return driver.engine.snapshot(policy: policy)
    }

    /// One section's state now under policy `policy`; see
    /// ``MultiPolicyEngine/snapshot(of:policy:)``.
    ///
    /// - Precondition: `policy` is an index of ``policies``.
    public func snapshot(of id: ID, policy: Int) -> SectionSnapshot<ID>? {
        driver.flush()
        return driver.engine.snapshot(of: id, policy: policy)
    }

    /// Ends every subscription; their loops finish once they have read what was
    /// published. The tracker publishes nothing more, and ``run()`` returns.
    public func finish() {
        driver.finish()
    }

    // MARK: - Inputs

    /// Applies an input under every policy: first brings the engine up to the clock,
    /// then wakes `run()` for the next sample; see
    /// ``ImpressionTracker/apply(_:)-(EngineInput<ID>)``.
    ///
    /// - Throws: ``InputError``; the engine's previous state stays in force.
    public func apply(_ input: EngineInput<ID>) throws(InputError) {
        try driver.apply(input)
    }

    /// Applies a frame's worth of inputs in one hop, in order, at the clock's current time.
    ///
    /// - Throws: the first ``InputError``; the inputs before it stay applied, the one
    ///   refused and those after it are not applied.
    public func apply(_ inputs: [EngineInput<ID>]) throws(InputError) {
        try driver.apply(inputs)
    }

    /// Makes a lifecycle call under every policy; never refused.
    public func apply(_ call: LifecycleCall) {
        driver.apply(call)
    }
}
