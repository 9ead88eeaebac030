/// The pure, synchronous, deterministic state machine that decides impressions, under
/// one policy or several at once.
///
/// Feed it a layout (``setLayout(_:containers:)``), a viewport (``setViewport(_:)``) and
/// lifecycle calls, then ``advance(to:)`` it through time: it evaluates every sample due
/// at `0, Δ, 2Δ, ...` (`Δ` the sample interval) and returns the impressions that fired, in
/// time order, then policy order, then layout order. Inputs apply from the next sample.
///
/// ```swift
/// var engine = try ImpressionEngine<String>()
/// try engine.setViewport(Rect(x: 0, y: 0, width: 390, height: 844))
/// try engine.setLayout([TrackedSection(id: "hero", cells: [Rect(x: 0, y: 0, width: 390, height: 300)])])
/// let impressions = engine.advance(to: .seconds(1))   // hero, at 1.0 s (the 11th sample)
/// ```
///
/// Give it several policies (IntersectionObserver's shape: one observer, many
/// thresholds) and every impression, event and snapshot row says which one, by its index
/// in ``policies``:
///
/// ```swift
/// var engine = try ImpressionEngine<String>(policies: [.default, .mrcDisplay, .mrcVideo])
/// try engine.setViewport(Rect(x: 0, y: 0, width: 390, height: 844))
/// try engine.setLayout([TrackedSection(id: "ad", cells: [Rect(x: 0, y: 0, width: 390, height: 300)])])
/// for impression in engine.advance(to: .seconds(2)) {
///     print(impression.policy, impression.sectionID)   // 1 (MRC display) at 1.0 s, 0 (default) at 1.0 s, ...
/// }
/// ```
///
/// Inputs, lifecycle calls and time are shared; each policy keeps its own counters,
/// open runs and departed sections, so policy `k`'s impressions, events and snapshots are
/// exactly those of `ImpressionEngine(policy: policies[k])` given the same calls. A
/// section with a policy of its own (``TrackedSection/policy``) uses it under every
/// policy of the list.
///
/// A sample finds the sections near the viewport once (through an index sorted by
/// position), and measures each one's ratio once per distinct way of measuring among the
/// policies (measure, large-section rule and minimum opacity): policies that differ only
/// in ratios, durations, recurrence, hysteresis, timing or cooldown share one
/// measurement. Samples between two inputs are evaluated together, so the cost of
/// ``advance(to:)`` depends on what is on screen, not on the size of the feed or the
/// length of the jump.
///
/// Real screens add scroll containers (``setContentOffset(_:ofContainer:)``), viewport
/// insets, obstructions, and policies with hysteresis or a large-section rule;
/// ``advanceWithEvents(to:)`` also reports entries and exits, and ``snapshot(policy:)``
/// says why each section does or does not count. ``ImpressionTracker`` wraps an engine
/// in an actor with a clock and subscribers; use the engine directly for simulations and
/// tests on virtual time.
public struct ImpressionEngine<ID: Hashable & Sendable>: Sendable {
    /// The time between two samples.
    public let sampleInterval: Duration

    /// The screen, lifecycle and time every policy shares. Checks every input but the layout's.
    @usableFromInline var inputs: EngineInputs<ID>
    /// The policies, by number; which of them measure alike; and the layout, resolved under
    /// each way of measuring (measure group 0, 1, ...). Checks the inputs that change the
    /// layout.
    var measureGroups: MeasureGroups<ID>
    /// Every policy's counters, by slot and policy.
    var table: CounterTable
    /// Per policy, the sections that left the layout whose counters it keeps.
    var departed: [DepartedSections<ID>]
    /// The checks of the policies whose timing is checked at both ends; empty without such.
    var bothEndsChecks: BothEndsChecks<ID>
    /// The layout as last given, its sections and containers: what the geometry's full
    /// figures are worked out from, once someone watches it. Held, not copied.
    var layoutInput: (sections: [TrackedSection<ID>], containers: [ScrollContainer]) = ([], [])
    /// The sections' geometry while someone watches it (``watchGeometry()``); `nil` otherwise.
    var geometryWatch: GeometryWatch<ID>?
    /// Per policy, its default policy resolved for a small and a large section: what a
    /// layout's sections without a policy of their own take under it.
    let defaultsByPolicy: [(small: ResolvedPolicy, large: ResolvedPolicy)]
    /// Where every input the engine accepts is written, when it records a trace.
    public let recorder: TraceRecorder?
    /// The session every impression names (``Impression/session``, part of its
    /// ``Impression/id``): the one the engine was given, else its recorder's; `nil`
    /// without either.
    public let session: String?

    /// Creates an engine at time zero, in visit 1, active, with no layout or viewport,
    /// deciding impressions under every policy of `policies`.
    ///
    /// - Parameters:
    ///   - policies: the policies, in the order their indices tag what the engine reports.
    ///   - sampleInterval: the time between two samples.
    ///   - recorder: where to write every input the engine accepts, as a trace; see
    ///     ``TraceRecorder``. `nil`, the default, records nothing and costs nothing.
    ///   - session: the session every impression names, part of its ``Impression/id``;
    ///     `nil` takes the recorder's. A recorder without a session of its own writes
    ///     this one in its header, so that a re-measured trace gives the same ids.
    ///   - rememberedSectionLimit: how many sections that left the layout keep their
    ///     statistics, under each policy; see ``defaultRememberedSectionLimit``.
    ///   - measuresExposureSignals: whether impressions, exits and snapshots also report
    ///     each section's ``ExposureSignals`` under every policy. `false`, the default,
    ///     measures none and costs nothing.
    /// - Throws: ``ConfigurationError`` for an empty list, the first invalid policy (see
    ///   ``ImpressionPolicy/validate()``), a sample interval that is not positive, a
    ///   negative remembered-section limit, a recorder that records another engine, or a
    ///   session other than the recorder's.
    public init(policies: [ImpressionPolicy], sampleInterval: Duration = .milliseconds(100),
                recorder: TraceRecorder? = nil, session: String? = nil,
                rememberedSectionLimit: Int = defaultRememberedSectionLimit,
                measuresExposureSignals: Bool = false) throws(ConfigurationError) {
        guard let first = policies.first else { throw .noPolicies }
        try self.init(first: first, others: Array(policies.dropFirst()), sampleInterval: sampleInterval,
                      recorder: recorder, session: session, rememberedSectionLimit: rememberedSectionLimit,
                      measuresExposureSignals: measuresExposureSignals)
    }

    /// Creates an engine deciding impressions under one policy:
    /// `init(policies: [policy], sampleInterval:recorder:session:rememberedSectionLimit:measuresExposureSignals:)`.
    ///
    /// - Throws: ``ConfigurationError`` for an invalid policy (see
    ///   ``ImpressionPolicy/validate()``), a sample interval that is not positive, a
    ///   negative remembered-section limit, a recorder that records another engine, or a
    ///   session other than the recorder's.
    public init(policy: ImpressionPolicy = .default, sampleInterval: Duration = .milliseconds(100),
                recorder: TraceRecorder? = nil, session: String? = nil,
                rememberedSectionLimit: Int = defaultRememberedSectionLimit,
                measuresExposureSignals: Bool = false) throws(ConfigurationError) {
        // No one-element array: an engine of one policy allocates nothing for its list.
        try self.init(first: policy, others: [], sampleInterval: sampleInterval, recorder: recorder, session: session,
                      rememberedSectionLimit: rememberedSectionLimit, measuresExposureSignals: measuresExposureSignals)
    }

    /// Whether impressions, exits and snapshots report each section's ``ExposureSignals``.
    public var measuresExposureSignals: Bool { inputs.measuresSignals }

    /// How many sections that left the layout keep their statistics under each policy,
    /// unless an engine or tracker is given another limit: 10,000.
    ///
    /// A lazy list reports only what it shows, so the engine remembers by id the sections
    /// that left: what their rules need, and their statistics (``SectionStatistics``, the
    /// visible time an exit reports, the rows of ``snapshot(policy:)``). What the rules
    /// need is kept exactly, without limit: the last impression of a section that may not
    /// fire again (`.oncePerVisit` in its visit, `.oncePerTracker` until ``reset()``) or
    /// whose cooldown runs, and with cumulative timing the visit's visible time: each such
    /// section keeps its counters in a hash table until its rules are done with them. The
    /// statistics are kept for at most this many departed sections: past it, the section
    /// that left first is forgotten but for what its rules need, and should it come back,
    /// its statistics start again. So an engine fed an endless feed under the default
    /// policy stays within a bounded memory; impressions never depend on the limit. See
    /// <doc:TheRules>.
    public static var defaultRememberedSectionLimit: Int { 10_000 }

    /// An engine under `first`, then each of `others`, in that order.
    private init(first: ImpressionPolicy, others: [ImpressionPolicy], sampleInterval: Duration,
                 recorder: TraceRecorder?, session: String?, rememberedSectionLimit: Int,
                 measuresExposureSignals: Bool) throws(ConfigurationError) {
        guard sampleInterval > .zero else { throw .nonPositiveSampleInterval(sampleInterval) }
        try first.validate()
        for policy in others { try policy.validate() }
        guard rememberedSectionLimit >= 0 else { throw .negativeRememberedSectionLimit(rememberedSectionLimit) }
        if let session, let recorderSession = recorder?.session, session != recorderSession {
            throw .sessionMismatch(session, recorder: recorderSession)
        }
        let session = session ?? recorder?.session
        // Last of the checks: a recorder taken writes its header.
        try recorder?.start(sampleInterval: sampleInterval, session: session)
        self.recorder = recorder
        self.session = session
        self.sampleInterval = sampleInterval
        inputs = EngineInputs(sampleInterval: sampleInterval, measuresSignals: measuresExposureSignals)
        let policies = PolicyList(first: first, others: others)
        let count = policies.count
        departed = Array(repeating: DepartedSections(statisticsLimit: rememberedSectionLimit), count: count)
        var defaultsByPolicy: [(small: ResolvedPolicy, large: ResolvedPolicy)] = []
        // One policy is one measure group with its own defaults: nothing to work out, and
        // nothing allocated for it.
        for policyIndex in 0..<count where count > 1 {
            let policy = policies[policyIndex]
            defaultsByPolicy.append((ResolvedPolicy(policy, sampleInterval: sampleInterval, isLarge: false),
                                     ResolvedPolicy(policy, sampleInterval: sampleInterval, isLarge: true)))
        }
        self.defaultsByPolicy = defaultsByPolicy
        bothEndsChecks = BothEndsChecks(policies, sampleInterval: sampleInterval)
        measureGroups = MeasureGroups(policies)
        table = CounterTable(groups: measureGroups)
    }

    /// The policies, in the order their indices tag impressions, events and snapshot rows.
    public var policies: [ImpressionPolicy] { measureGroups.policies.all }

    /// The number of policies: `policies.count`, without making the list.
    package var policyCount: Int { measureGroups.policies.count }

    /// The time advanced to: the latest `time` given to ``advance(to:)``, or zero.
    public var time: Duration { inputs.time }
    /// The current visit, 1 for the first; see ``appear()``.
    public var visit: Int { inputs.visit }
    /// Whether samples count now: the screen has appeared, the app is in the
    /// foreground, nothing covers the screen and no refresh is in progress.
    // Inlinable: a caller holding an optional engine then reads these flags in place,
    // where a call copies the whole engine out of the optional first.
    @inlinable public var isActive: Bool { inputs.isActive }
    /// Why the engine is inactive; empty when it is active.
    public var inactiveCauses: InactiveCauses { inputs.inactiveCauses }
    /// The number of sections in the current layout.
    public var sectionCount: Int { measureGroups.layout.count }
    /// The viewport in root content coordinates, once set.
    public var viewport: Rect? { inputs.viewport }
    /// Insets that shrink the viewport (safe area, bars); see ``setViewportInsets(_:)``.
    public var viewportInsets: Insets { inputs.viewportInsets }
    /// Rects over the content, in viewport coordinates; see ``setObstructions(_:friendly:)``.
    public var obstructions: [Rect] { inputs.obstructions }
    /// The friendly obstructions in force, in viewport coordinates: listed in the
    /// geometry, not subtracted; see ``setObstructions(_:friendly:)``.
    public var friendlyObstructions: [FriendlyObstruction] { inputs.friendlyObstructions }

    // MARK: - Layout and screen

    /// Replaces the layout and its scroll containers: every section with its cells, in
    /// the order impressions within one sample are reported.
    ///
    /// Sections keep their counters by id across layouts, so a lazy list may report
    /// only what it shows. A section missing from the layout at a sample is not visible
    /// at it, but what fired is remembered by id. Nested cells
    /// (``TrackedSection/nestedCells``) name their container; a cell's visible part is
    /// clipped by every container up its chain, then by the viewport.
    ///
    /// Validated and built once for every policy: each way of measuring adds its own
    /// denominators, policies and gates to the same cells and spatial index.
    ///
    /// - Throws: ``InputError`` for a cell with a non-finite field or negative size, a
    ///   duplicate id, a negative or non-finite `fullHeight`/`fullWidth`/`fullArea`, an
    ///   invalid section policy, a container with a duplicate id, an unknown parent, a
    ///   cycle, or a bad frame or offset, or a nested cell in an unknown container, or
    ///   more than `Int32.max` sections, cells or containers (``InputError/Code/layoutTooLarge``); the
    ///   previous layout stays in force.
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    public mutating func setLayout(_ sections: [TrackedSection<ID>], containers: [ScrollContainer] = []) throws(InputError) {
        let (layout, others, keepsSlots) = try measureGroups.validatedLayout(
            sections, containers: containers, sampleInterval: sampleInterval)
        if !keepsSlots {
            // Each policy's counters follow their sections.
            table.carryOver(from: measureGroups.layout, to: layout, departed: &departed, at: inputs.time,
                            nextSample: inputs.nextSample, retention: inputs.retention,
                            measuresSignals: inputs.measuresSignals)
        }
        measureGroups.commit(layout, others: others, noting: &inputs)
        layoutInput = (sections, containers)
        geometryWatch?.layoutChanged()
        table.resolvePolicies(in: measureGroups, defaultsByPolicy: defaultsByPolicy)
        bothEndsChecks.noteWaits(in: table)
        record(.layout(sections: sections, containers: containers))
    }

    /// Applies `input` under every policy: the one place that maps each ``EngineInput``
    /// to the engine. The input applies from the next unevaluated sample on, as the named
    /// method would.
    ///
    /// - Throws: ``InputError`` when the engine refuses it; its previous state stays.
    // Pre-specialised: the actor calls it from generic code, where the enum's payloads
    // would otherwise go through value witnesses.
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    public mutating func apply(_ input: EngineInput<ID>) throws(InputError) {
        try applyInput(input)
    }

    /// ``apply(_:)``'s body, which ``apply(_:)`` for integer ids calls too.
    @inline(__always)
    mutating func applyInput(_ input: EngineInput<ID>) throws(InputError) {
        switch input {
        case .layout(let sections, let containers): try setLayout(sections, containers: containers)
        case .viewport(let rect): try setViewport(rect)
        case .contentOffset(let offset, let containerID): try setContentOffset(offset, ofContainer: containerID)
        case .viewportInsets(let insets): try setViewportInsets(insets)
        case .obstructions(let rects, let friendly): try setObstructions(rects, friendly: friendly)
        case .sectionState(let id, let isLoaded, let opacity, let isHidden):
            try setSectionState(id, isLoaded: isLoaded, opacity: opacity, isHidden: isHidden)
        case .lifecycle(let call): apply(call)
        }
    }

    /// Makes the lifecycle call under every policy; never refused. See ``LifecycleCall``.
    public mutating func apply(_ call: LifecycleCall) {
        let visit = inputs.visit
        inputs.apply(call)
        record(.lifecycle(call))
        // A visit started: the last visit's exposure (and, after a reset, the fired
        // memory) is void, so what each policy keeps of departed sections is pruned.
        guard inputs.visit != visit else { return }
        let retention = inputs.retention
        for policyIndex in departed.indices { departed[policyIndex].prune(retention) }
    }

    /// Sets the visible rect of the root content (the scroll view's bounds, in the same
    /// coordinates as the cells). A zero-size viewport shows nothing.
    ///
    /// - Throws: ``InputError`` with code ``InputError/Code/invalidViewport`` for a
    ///   non-finite field or a negative size; the previous viewport stays in force.
    // The scroll-frame inputs (this one and the three after it) are pre-specialised for
    // Int and String ids: an app calls them from its own module at every scroll frame,
    // where a generic call would look up the engine's type metadata each time.
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    public mutating func setViewport(_ viewport: Rect) throws(InputError) {
        try inputs.setViewport(viewport)
        record(.viewport(viewport))
    }

    /// Scrolls a container: its cells move by the new content offset. O(1), not a new
    /// layout.
    ///
    /// - Throws: ``InputError`` for an unknown container or a non-finite offset; the
    ///   previous offset stays in force.
    // Pre-specialised, a scroll-frame input: see setViewport(_:).
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    public mutating func setContentOffset(_ offset: Point, ofContainer containerID: String) throws(InputError) {
        // A container's offset moves cells in every measure group's geometry.
        try measureGroups.setContentOffset(offset, ofContainer: containerID, noting: &inputs)
        record(.contentOffset(offset, containerID: containerID))
    }

    /// Insets the viewport (safe area, navigation bar, tab bar): only the rest counts
    /// as on screen.
    ///
    /// - Throws: ``InputError`` for a non-finite inset; the previous insets stay.
    // Pre-specialised, a scroll-frame input: see setViewport(_:).
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    public mutating func setViewportInsets(_ insets: Insets) throws(InputError) {
        try inputs.setViewportInsets(insets)
        record(.viewportInsets(insets))
    }

    /// Sets the rects drawn over the content (a sticky header, a floating button, a
    /// sheet), in viewport coordinates: they stay put while the content scrolls.
    ///
    /// What lies under them is not visible. With `.area`, the visible area is the
    /// exact area of the visible parts less the obstructions; with `.height`, the
    /// height of the bounding box of what remains of the visible parts.
    ///
    /// Friendly obstructions (``FriendlyObstruction``: video controls, a close button)
    /// take nothing away: they are only listed in the geometry (``VisibleGeometry``) of
    /// the sections they overlap. Each call replaces both lists.
    ///
    /// - Parameters:
    ///   - obstructions: the rects that hide what is under them, in viewport coordinates.
    ///   - friendly: the friendly obstructions, in viewport coordinates; none by default.
    /// - Throws: ``InputError`` for a non-finite rect or negative size, or a friendly
    ///   obstruction's reason longer than ``FriendlyObstruction/maximumReasonLength``; the
    ///   previous obstructions stay.
    // Pre-specialised, a scroll-frame input: see setViewport(_:).
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    public mutating func setObstructions(_ obstructions: [Rect], friendly: [FriendlyObstruction] = []) throws(InputError) {
        try inputs.setObstructions(obstructions, friendly: friendly)
        record(.obstructions(obstructions, friendly: friendly))
    }

    /// Changes one section's state: whether it has loaded, its opacity, whether it is
    /// hidden (`nil` keeps one as it is), as a new layout with the section so would, in
    /// time proportional to its cells, not to the layout: an ad that finishes loading in
    /// a feed of 10,000.
    ///
    /// ```swift
    /// try engine.setSectionState("ad-3", isLoaded: true)
    /// ```
    ///
    /// The change lasts until the next layout, which gives every section's state again.
    ///
    /// - Throws: ``InputError`` with code ``InputError/Code/unknownSection`` for an id not
    ///   in the layout (named in ``InputError/section``), or
    ///   ``InputError/Code/invalidOpacity`` for an opacity outside `0...1`; nothing
    ///   changes then.
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    public mutating func setSectionState(_ id: ID, isLoaded: Bool? = nil, opacity: Double? = nil,
                                         isHidden: Bool? = nil) throws(InputError) {
        // Each way of measuring resolves the section's gate under its own policies.
        try measureGroups.setSectionState(id, isLoaded: isLoaded, opacity: opacity, isHidden: isHidden,
                                          noting: &inputs)
        record(.sectionState(id, isLoaded: isLoaded, opacity: opacity, isHidden: isHidden))
    }

    /// Writes an accepted input to the recorder, if any, at the engine's time; one applied
    /// at time zero after sample 0 was evaluated is marked so, as a replay applies an
    /// unmarked input at exactly zero before sample 0.
    @inline(__always)
    private func record(_ input: @autoclosure () -> EngineInput<ID>) {
        guard let recorder else { return }
        recorder.record(input(), at: inputs.time, afterSample: inputs.time == .zero && inputs.nextSample > 0)
    }

    /// The index of the next sample to evaluate: the tracker publishes overlay snapshots
    /// when it moves.
    var nextSample: Int { inputs.nextSample }
}

// The screen's lifecycle calls, shared by every policy: each is sugar for
// `apply(_:)` with its `LifecycleCall`.
extension ImpressionEngine {
    /// The screen appeared (pop back, tab switch back).
    ///
    /// - Important: After ``disappear()`` this starts a new visit: counts restart and
    ///   `.oncePerVisit` sections may fire again. While already appeared it does nothing.
    public mutating func appear() { apply(.appear) }

    /// The screen disappeared (push, tab switch away); nothing counts until ``appear()``.
    public mutating func disappear() { apply(.disappear) }

    /// The app went to the background; nothing counts until ``enterForeground()``.
    public mutating func enterBackground() { apply(.enterBackground) }

    /// The app came to the foreground.
    ///
    /// - Important: This starts a new visit, except when the screen was covered
    ///   (``setCovered(_:)``) when the app went to the background: Cookpad's modal rule.
    public mutating func enterForeground() { apply(.enterForeground) }

    /// A modal covers the screen (`true`) or no longer does (`false`).
    ///
    /// Covering pauses counting; uncovering does not start a new visit.
    public mutating func setCovered(_ covered: Bool) { apply(covered ? .cover : .uncover) }

    /// Content is being replaced (pull to refresh, a refresh on foreground): nothing
    /// counts until ``endRefresh()``.
    public mutating func beginRefresh() { apply(.beginRefresh) }

    /// The refresh is over.
    ///
    /// - Important: This starts a new visit, so the new content fires and content shown
    ///   only before the refresh never does.
    public mutating func endRefresh() { apply(.endRefresh) }

    /// Forgets everything that fired under every policy and starts a new visit (SARAH's
    /// `restart`).
    public mutating func reset() { apply(.reset) }

    /// The user interacted with the screen (React Native's `recordInteraction()`, or the
    /// first drag of the list, `onScrollBeginDrag`): policies that
    /// ``ImpressionPolicy/requiresInteraction`` count from the next sample on.
    ///
    /// Only the first call changes anything; the interaction is remembered for the
    /// engine's life (``reset()`` and new visits keep it). Programmatic scrolls and
    /// momentum are not interactions: call this from the user's drag.
    public mutating func interact() { apply(.interact) }
}
