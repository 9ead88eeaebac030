/// One measure group's part of a layout's geometry (see ``MeasureGroups``), built section
/// by section: denominators, resolved policies and gates.
///
/// ``GeometryBuilder`` validates a layout and builds its cells, containers and spatial
/// index once, then fills one measure group per way of measuring from the same figures of each
/// section, so an engine of several policies builds a layout once, not once per way of measuring.
struct MeasureGroupBuilder {
    /// The policy of the sections that have none of their own.
    let defaultPolicy: ImpressionPolicy
    private let sampleInterval: Duration
    /// The measure's denominator per slot: full height, width or area.
    private(set) var denominators: [Double] = []
    /// Index into `policies` per slot.
    private(set) var policyIndices: [Int32] = []
    private(set) var policies: [ResolvedPolicy] = []
    /// Where each of `policies` comes from, parallel to it.
    private(set) var policySources: [SectionGeometry.PolicySource] = []
    /// The gate per slot, when the layout has gates; empty otherwise.
    private(set) var gates: [SectionGeometry.Gate] = []
    /// The sections' own policies, resolved: a section's own policy stays its own even
    /// when it equals the engine's, since an engine of several policies swaps the default ones for
    /// each of its policies (``SectionGeometry/policySources``).
    private var ownPolicyIndexByKey: [PolicyKey: Int32] = [:]
    /// The own policy most sections share, looked up without hashing.
    private var lastOwnPolicy: (key: PolicyKey, index: Int32)?
    /// The index of the default policy for a section that is not large, and for one that
    /// is, once resolved: sections without a policy of their own take it without comparing
    /// or hashing policies (large and small sections alternate in a feed).
    private var defaultPolicyIndex: Int32?
    private var largeDefaultPolicyIndex: Int32?

    private struct PolicyKey: Hashable {
        var policy: ImpressionPolicy
        var isLarge: Bool
    }

    /// What a section is, whatever the policy: worked out once per section for every
    /// measure group. A figure no measure group's policy uses is 0.
    struct SectionFigures {
        var fullHeight = 0.0
        var fullWidth = 0.0
        var fullArea = 0.0
        /// `.notLoaded` or `.hidden` when the section is so under every policy; `nil`
        /// when its gate depends on the policy's minimum opacity.
        var fixedGate: SectionGeometry.Gate?
        /// Some cell is in a hidden container.
        var someCellHidden = false
        /// The least effective opacity of the section's cells; infinity without cells.
        var leastOpacity = Double.infinity

        /// Takes in one of the section's cells: its effective opacity and hiding container.
        @inline(__always)
        mutating func note(opacity: Double, hider: PackedIndex) {
            if hider.isSome { someCellHidden = true }
            // Skips NaN as `opacity < minimumOpacity` does.
            if opacity < leastOpacity { leastOpacity = opacity }
        }

        /// Takes in the section's own attributes: not loaded, or hidden, closes it to every policy.
        mutating func noteFixedGate(of display: DisplayState) {
            if !display.isLoaded {
                fixedGate = .notLoaded
            } else if display.isHidden {
                fixedGate = .hidden
            }
        }

        /// The section's gate under a policy of `minimumOpacity`: a cell that a hidden
        /// container hides, or less opaque than the policy asks, excludes itself
        /// (``GateTable/isExcluded(opacity:hider:minimumOpacity:)``).
        func gate(minimumOpacity: Double) -> SectionGeometry.Gate {
            let excluded = someCellHidden || leastOpacity < minimumOpacity
            return fixedGate ?? (excluded ? .someCellsExcluded : .open)
        }
    }

    /// Reserves room for `sectionCount` sections: the layout keeps these arrays.
    ///
    /// - Parameter defaultPolicy: valid (the engine refuses layouts otherwise).
    init(defaultPolicy: ImpressionPolicy, sampleInterval: Duration, sectionCount: Int, hasGates: Bool) {
        self.defaultPolicy = defaultPolicy
        self.sampleInterval = sampleInterval
        denominators.reserveCapacity(sectionCount)
        policyIndices.reserveCapacity(sectionCount)
        if hasGates { gates.reserveCapacity(sectionCount) }
    }

    /// Appends a valid section with policy `sectionPolicy` (`nil`: the default one), whose
    /// figures are `figures`; its gate too when `hasGates`.
    @inline(__always)
    mutating func append(sectionPolicy: ImpressionPolicy?, _ figures: SectionFigures, hasGates: Bool) {
        let policy = sectionPolicy ?? defaultPolicy
        var isLarge = false
        if case .lowerRatio(let minimumArea, _) = policy.largeSectionRule {
            isLarge = figures.fullArea >= minimumArea
        }
        if sectionPolicy != nil {
            policyIndices.append(ownPolicyIndex(of: PolicyKey(policy: policy, isLarge: isLarge)))
        } else if let known = isLarge ? largeDefaultPolicyIndex : defaultPolicyIndex {
            policyIndices.append(known)
        } else {
            // Resolved once per layout, without hashing the policy: hashing a whole
            // ImpressionPolicy, field by field, into a fresh dictionary costs more than
            // remembering the one index.
            let index = appendPolicy(policy, isLarge: isLarge, isDefault: true)
            if isLarge { largeDefaultPolicyIndex = index } else { defaultPolicyIndex = index }
            policyIndices.append(index)
        }
        switch policy.measure {
        case .height: denominators.append(figures.fullHeight)
        case .area: denominators.append(figures.fullArea)
        case .width: denominators.append(figures.fullWidth)
        }
        if hasGates { gates.append(figures.gate(minimumOpacity: policy.minimumOpacity)) }
    }

    /// Whether resolving a section under `policy` needs its full area: to measure it, or
    /// to tell whether it is large.
    static func usesFullArea(_ policy: ImpressionPolicy) -> Bool {
        policy.measure == .area || policy.largeSectionRule != nil
    }

    private mutating func ownPolicyIndex(of key: PolicyKey) -> Int32 {
        if let lastOwnPolicy, lastOwnPolicy.key == key { return lastOwnPolicy.index }
        let index: Int32
        if let known = ownPolicyIndexByKey[key] {
            index = known
        } else {
            index = appendPolicy(key.policy, isLarge: key.isLarge, isDefault: false)
            ownPolicyIndexByKey[key] = index
        }
        lastOwnPolicy = (key, index)
        return index
    }

    /// Resolves `policy` into a new entry of `policies`, and returns its index.
    private mutating func appendPolicy(_ policy: ImpressionPolicy, isLarge: Bool, isDefault: Bool) -> Int32 {
        policies.append(ResolvedPolicy(policy, sampleInterval: sampleInterval, isLarge: isLarge))
        policySources.append(.init(isDefault: isDefault, isLarge: isLarge))
        return Int32(policies.count - 1)
    }

    /// Puts this measure group's tables in `geometry` (the layout's cells, containers and
    /// index, shared by every measure group); its gate table too, with the layout's per-cell
    /// opacities and hiding containers (shared too), when the layout has gates.
    func apply(to geometry: inout SectionGeometry, hasGates: Bool, cellOpacities: [Double], cellHiders: [PackedIndex],
               sectionDisplays: [DisplayState], containerDisplays: [DisplayState]) {
        geometry.denominators = denominators
        geometry.policyIndices = policyIndices
        geometry.policies = policies
        geometry.policySources = policySources
        geometry.gateTable = hasGates
            ? GateTable(gates: gates, cellOpacities: cellOpacities, cellHiders: cellHiders, sectionDisplays: sectionDisplays,
                        containerDisplays: containerDisplays)
            : nil
    }
}
