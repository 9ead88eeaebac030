/// An engine that decides impressions under several policies at once, over one geometry
/// pass per sample: what an ``ImpressionEngine`` per policy would report, for about the
/// price of one.
///
/// ```swift
/// var engine = MultiPolicyEngine<String>(policies: [.default, .mrcDisplay, .mrcVideo])
/// try engine.setViewport(Rect(x: 0, y: 0, width: 390, height: 844))
/// try engine.setLayout([TrackedSection(id: "ad", cells: [Rect(x: 0, y: 0, width: 390, height: 300)])])
/// for fired in engine.advance(to: .seconds(2)) {
///     print(fired.policy, fired.impression)   // 1 (MRC display) at 1.0 s, 0 (default) at 1.0 s, ...
/// }
/// ```
///
/// Inputs, lifecycle calls and time are shared; each policy keeps its own counters,
/// open runs and departed sections, so policy `k`'s impressions, events and snapshots are
/// exactly those of `ImpressionEngine(policy: policies[k])` given the same calls. A
/// section with a policy of its own (``TrackedSection/policy``) uses it under every
/// policy of the list.
///
/// A sample finds the sections near the viewport once, and measures each one's ratio
/// once per distinct way of measuring among the policies (measure, large-section rule
/// and minimum opacity): policies that differ only in ratios, durations, recurrence,
/// hysteresis, timing or cooldown share one measurement. Then each policy's counters run.
public struct MultiPolicyEngine<ID: Hashable & Sendable>: Sendable {
    /// The policies, in the order their indices tag impressions and events.
    public let policies: [ImpressionPolicy]
    /// The time between two samples.
    public let sampleInterval: Duration
    /// Why the engine accepts no input: no policy, an invalid one (the first), or an
    /// invalid interval; `nil` otherwise.
    public let configurationError: ConfigurationError?

    /// The inputs, screen, lifecycle, time and layout every policy shares, with the first
    /// policy's way of measuring; with one policy, the whole engine. Checks every input.
    var base: ImpressionEngine<ID>
    /// The layout resolved under each other way of measuring (column 1, 2, ...): the same
    /// cells, containers and index as `base`'s, with their own denominators and policies.
    var otherColumns: [SectionGeometry] = []
    /// With several policies, every policy's counters, by slot and lane, and the sampling loop.
    var sampler: LaneSampler
    /// Per policy, the sections that left the layout whose counters it keeps (several
    /// policies only; `base` keeps its own with one).
    var departed: [DepartedSections<ID>]
    /// Per policy, its default policy resolved for a small and a large section: what a
    /// layout's sections without a policy of their own take under it.
    let laneDefaults: [(small: ResolvedPolicy, large: ResolvedPolicy)]
    /// Per policy, its column among the ways of measuring.
    let columnOfLane: [Int]
    /// Per column, the first policy measuring that way: the column is resolved under it.
    let leadLaneOfColumn: [Int]
    /// The last sample's candidates and ratios, kept so a steady sample does not allocate.
    var measured = SlotSampler.MeasuredSample()
    var measurer = VisibilityMeasurer()
    /// The sample of each report collected at the last advance.
    var sampleOfReport: [Int] = []

    /// What makes two policies measure a section alike: the same denominators, gates and
    /// large sections, hence the same ratio.
    private struct MeasureKey: Hashable {
        var measure: ImpressionPolicy.Measure
        var largeSectionRule: ImpressionPolicy.LargeSectionRule?
        var minimumOpacity: Double
    }

    /// Creates an engine at time zero, in visit 1, active, with no layout or viewport.
    ///
    /// - Important: An empty list, an invalid policy or a sample interval that is not
    ///   positive does not crash: the engine then accepts no input (every throwing input
    ///   throws ``InputError/Code/invalidConfiguration``), fires nothing, and says why in
    ///   ``configurationError``.
    public init(policies: [ImpressionPolicy], sampleInterval: Duration = Sampling.defaultInterval) {
        self.policies = policies
        self.sampleInterval = sampleInterval
        base = ImpressionEngine(policy: policies.first ?? .default, sampleInterval: sampleInterval)
        let configurationError = policies.isEmpty ? .noPolicies : policies.lazy.compactMap {
            ImpressionEngine<ID>(policy: $0, sampleInterval: sampleInterval).configurationError
        }.first
        self.configurationError = configurationError
        sampler = LaneSampler(laneCount: policies.count)
        departed = Array(repeating: DepartedSections(), count: policies.count)
        // Resolving an invalid policy is not defined; such an engine never samples.
        laneDefaults = configurationError != nil ? [] : policies.map {
            (ResolvedPolicy($0, sampleInterval: sampleInterval, isLarge: false),
             ResolvedPolicy($0, sampleInterval: sampleInterval, isLarge: true))
        }
        var columns: [MeasureKey: Int] = [:]
        var columnOfLane: [Int] = []
        var leadLaneOfColumn: [Int] = []
        for (lane, policy) in policies.enumerated() {
            let key = MeasureKey(measure: policy.measure, largeSectionRule: policy.largeSectionRule,
                                 minimumOpacity: policy.minimumOpacity)
            if let column = columns[key] {
                columnOfLane.append(column)
            } else {
                columns[key] = leadLaneOfColumn.count
                columnOfLane.append(leadLaneOfColumn.count)
                leadLaneOfColumn.append(lane)
            }
        }
        self.columnOfLane = columnOfLane
        self.leadLaneOfColumn = leadLaneOfColumn
        otherColumns = Array(repeating: SectionGeometry(), count: max(0, leadLaneOfColumn.count - 1))
        measured.stride = max(1, leadLaneOfColumn.count)
    }

    /// Creates an engine, throwing when the list is empty, or a policy or the sample
    /// interval is invalid.
    ///
    /// - Throws: ``ConfigurationError`` naming the bad value.
    public init(validating policies: [ImpressionPolicy], sampleInterval: Duration = Sampling.defaultInterval)
        throws(ConfigurationError) {
        self.init(policies: policies, sampleInterval: sampleInterval)
        if let configurationError { throw configurationError }
    }

    /// The time advanced to: the latest `time` given to ``advance(to:)``, or zero.
    public var time: Duration { base.time }
    /// The current visit, 1 for the first; see ``ImpressionEngine/appear()``.
    public var visit: Int { base.visit }
    /// Whether samples count now; see ``ImpressionEngine/isActive``.
    public var isActive: Bool { base.isActive }
    /// Why the engine is inactive; empty when it is active.
    public var inactiveCauses: InactiveCauses { base.inactiveCauses }
    /// The number of sections in the current layout.
    public var sectionCount: Int { base.sectionCount }

    // MARK: - Layout and screen

    /// Replaces the layout; see ``ImpressionEngine/setLayout(_:containers:)``.
    ///
    /// Validated and built once: each way of measuring adds its own denominators,
    /// policies and gates to the same cells and spatial index. The sections are matched
    /// with the previous layout's once, and each policy carries its counters over.
    ///
    /// - Throws: ``InputError`` as ``ImpressionEngine/setLayout(_:containers:)`` does;
    ///   the previous layout stays in force.
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    public mutating func setLayout(_ sections: [TrackedSection<ID>], containers: [ScrollContainer] = []) throws(InputError) {
        try checkConfiguration()
        guard policies.count > 1 else {
            let (layout, keepsSlots) = try base.laneValidatedLayout(sections, containers: containers)
            base.adopt(layout, keepsSlots: keepsSlots)
            return
        }
        let (layout, otherColumns, keepsSlots) = try base.laneValidatedColumns(
            sections, containers: containers, otherColumnPolicies: leadLaneOfColumn.dropFirst().map { policies[$0] })
        if !keepsSlots { carryCountersOver(to: layout) }
        base.commit(layout, states: nil)
        self.otherColumns = otherColumns
        sampler.resolvePolicies(firstColumn: base.layout.geometry, otherColumns: otherColumns,
                                columnOfLane: columnOfLane, laneDefaults: laneDefaults)
    }

    /// Applies `input` under every policy; see ``ImpressionEngine/apply(_:)-(EngineInput<ID>)``.
    ///
    /// - Throws: ``InputError`` when the engine refuses it; its previous state stays.
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    public mutating func apply(_ input: EngineInput<ID>) throws(InputError) {
        if case .layout(let sections, let containers) = input {
            try setLayout(sections, containers: containers)
            return
        }
        if case .lifecycle(let call) = input {
            apply(call)
            return
        }
        try checkConfiguration()
        try base.apply(input)
        // A container's offset moves cells in every column's geometry.
        guard case .contentOffset(let offset, let containerID) = input, !otherColumns.isEmpty,
              let container = base.layout.geometry.containers.indicesByID[containerID] else { return }
        for column in otherColumns.indices { otherColumns[column].containers.setOffset(offset, ofContainer: container) }
    }

    /// Makes the lifecycle call under every policy; never refused. See ``LifecycleCall``.
    public mutating func apply(_ call: LifecycleCall) {
        let visit = base.visit
        base.apply(call)
        // A visit started: what each policy keeps of departed sections is pruned, as
        // `base` prunes its own.
        guard base.visit != visit, policies.count > 1 else { return }
        let retention = base.retention
        for lane in departed.indices { departed[lane].prune(retention) }
    }

    /// Sets the viewport; see ``ImpressionEngine/setViewport(_:)``.
    ///
    /// - Throws: ``InputError`` for an invalid rect.
    public mutating func setViewport(_ viewport: Rect) throws(InputError) { try apply(.viewport(viewport)) }

    /// Scrolls a container; see ``ImpressionEngine/setContentOffset(_:ofContainer:)``.
    ///
    /// - Throws: ``InputError`` for an unknown container or a non-finite offset.
    public mutating func setContentOffset(_ offset: Point, ofContainer containerID: String) throws(InputError) {
        try apply(.contentOffset(offset, containerID: containerID))
    }

    /// Insets the viewport; see ``ImpressionEngine/setViewportInsets(_:)``.
    ///
    /// - Throws: ``InputError`` for a non-finite inset.
    public mutating func setViewportInsets(_ insets: Insets) throws(InputError) { try apply(.viewportInsets(insets)) }

    /// Sets the rects drawn over the content; see ``ImpressionEngine/setObstructions(_:)``.
    ///
    /// - Throws: ``InputError`` for an invalid rect.
    public mutating func setObstructions(_ obstructions: [Rect]) throws(InputError) { try apply(.obstructions(obstructions)) }

    // MARK: - Snapshots

    /// Every section's state under policy `policy` (an index into ``policies``), as
    /// ``ImpressionEngine/snapshot()`` reports it.
    ///
    /// - Precondition: `policy` is an index of ``policies``.
    public func snapshot(policy: Int) -> EngineSnapshot<ID> {
        lane(policy).snapshot()
    }

    /// One section's row of ``snapshot(policy:)``, measuring that section alone; `nil`
    /// for a section the engine neither lays out nor remembers under that policy.
    public func snapshot(of id: ID, policy: Int) -> SectionSnapshot<ID>? {
        lane(policy).snapshot(of: id)
    }

    /// The engine that policy `policy` alone would be: `base` with that policy's geometry,
    /// counters and departed sections.
    private func lane(_ policy: Int) -> ImpressionEngine<ID> {
        guard policies.count > 1 else { return base }
        let column = columnOfLane[policy]
        var geometry = column == 0 ? base.layout.geometry : otherColumns[column - 1]
        if policies[policy] != policies[leadLaneOfColumn[column]] {
            geometry.replaceDefaultPolicy(with: policies[policy], sampleInterval: sampleInterval)
        }
        var lane = base
        lane.showLane(geometry: geometry, states: sampler.states(ofLane: policy),
                      slotsInRun: sampler.slotsInRun(ofLane: policy, before: base.nextSample),
                      departed: departed[policy])
        return lane
    }

    private func checkConfiguration() throws(InputError) {
        if let configurationError { throw .invalidConfiguration(configurationError) }
    }
}
