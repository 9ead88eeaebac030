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

    /// Per policy, its counters and bookkeeping: an engine whose layouts, geometry and
    /// inputs are shared with the others (copy-on-write) and whose samples are evaluated
    /// from the ratios measured here. Lane 0 checks every input for all.
    var lanes: [ImpressionEngine<ID>]
    /// Per lane, its column among the ways of measuring.
    let columnOfLane: [Int]
    /// Per column, the first lane measuring that way: its geometry measures for all.
    let leadLaneOfColumn: [Int]
    /// The last sample's candidates and ratios, kept so a steady sample does not allocate.
    var measured = SlotSampler.MeasuredSample()
    var measurer = VisibilityMeasurer()
    /// The lanes whose last evaluation recorded anything, ascending; kept between samples.
    var recordingLanes: [Int] = []
    /// The sample of each report collected from the lanes at the last advance.
    var sampleOfReport: [Int] = []
    /// The lanes' lifecycle, mirrored: reading a lane's would copy it.
    var lifecycle = Lifecycle()

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
        lanes = policies.map { ImpressionEngine(policy: $0, sampleInterval: sampleInterval) }
        configurationError = policies.isEmpty ? .noPolicies : lanes.lazy.compactMap(\.configurationError).first
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
    public var time: Duration { lanes.first?.time ?? .zero }
    /// The current visit, 1 for the first; see ``ImpressionEngine/appear()``.
    public var visit: Int { lanes.first?.visit ?? 1 }
    /// Whether samples count now; see ``ImpressionEngine/isActive``.
    public var isActive: Bool { lifecycle.isActive }
    /// Why the engine is inactive; empty when it is active.
    public var inactiveCauses: InactiveCauses { lanes.first?.inactiveCauses ?? [] }
    /// The number of sections in the current layout.
    public var sectionCount: Int { lanes.first?.sectionCount ?? 0 }

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
        if lanes.count == 1 {
            let (layout, keepsSlots) = try lanes[0].laneValidatedLayout(sections, containers: containers)
            lanes[0].adopt(layout, keepsSlots: keepsSlots)
            return
        }
        let (layout, otherColumns, keepsSlots) = try lanes[0].laneValidatedColumns(
            sections, containers: containers, otherColumnPolicies: leadLaneOfColumn.dropFirst().map { policies[$0] })
        // Every lane has lane 0's slots: lane 0's old layout says where each section goes.
        let carryOver = keepsSlots ? nil : lanes[0].laneCarryOver(to: layout)
        for lane in lanes.indices {
            let column = columnOfLane[lane]
            var laneLayout = column == 0 ? layout : SectionLayout(idsOf: layout, geometry: otherColumns[column - 1])
            if policies[lane] != policies[leadLaneOfColumn[column]] {
                laneLayout.geometry.replaceDefaultPolicy(with: policies[lane], sampleInterval: sampleInterval)
            }
            if let carryOver {
                lanes[lane].adopt(laneLayout, carrying: carryOver)
            } else {
                lanes[lane].adopt(laneLayout, keepsSlots: true)
            }
        }
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
        // Every lane checks an input alike: lane 0's answer is theirs.
        try lanes[0].apply(input)
        // The screen (viewport, insets, obstructions) is lane 0's alone: every lane's
        // samples are measured on it, and a snapshot shows another lane on it. Only a
        // container's offset moves cells in every lane's geometry.
        guard case .contentOffset = input else { return }
        lanes.withUnsafeMutableBufferPointer { lanes in
            for lane in lanes.indices.dropFirst() { try? lanes[lane].apply(input) }
        }
    }

    /// Makes the lifecycle call under every policy; never refused. See ``LifecycleCall``.
    public mutating func apply(_ call: LifecycleCall) {
        for lane in lanes.indices { lanes[lane].apply(call) }
        switch call {
        case .appear: _ = lifecycle.appear()
        case .disappear: _ = lifecycle.disappear()
        case .enterBackground: _ = lifecycle.enterBackground()
        case .enterForeground: _ = lifecycle.enterForeground()
        case .cover: _ = lifecycle.setCovered(true)
        case .uncover: _ = lifecycle.setCovered(false)
        case .beginRefresh: _ = lifecycle.beginRefresh()
        case .endRefresh: _ = lifecycle.endRefresh()
        case .reset: break
        }
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

    /// Lane `policy`, on lane 0's screen: the screen inputs go to lane 0 alone.
    private func lane(_ policy: Int) -> ImpressionEngine<ID> {
        guard policy != 0 else { return lanes[0] }
        var lane = lanes[policy]
        lane.showScreen(of: lanes[0])
        return lane
    }

    private func checkConfiguration() throws(InputError) {
        if let configurationError { throw .invalidConfiguration(configurationError) }
    }
}
