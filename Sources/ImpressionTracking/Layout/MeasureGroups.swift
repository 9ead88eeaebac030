/// An engine's policies, the measure groups they form, and the layout resolved under
/// every group, group 0 included.
///
/// A *measure group* is the policies that measure a section alike: the same measure,
/// large-section rule, minimum opacity and rounding, the only fields of a policy a ratio
/// depends on. A layout is resolved once per group (``SectionGeometry``: its denominators, gates
/// and policies), under the group's first policy, and a sample measures each section near
/// the viewport once per group; each policy then counts from its group's ratio.
///
/// Group 0 is policy 0's; groups 1, 2, ... are the others, in the order of their first
/// policies. Group 0's geometry is the layout's own (``SectionLayout/geometry``, beside
/// the ids every group shares); the others' share its cells, containers and spatial
/// index. An engine of one policy has one group, and allocates no list for the others.
///
/// Every input that changes the layout (a layout, a container's offset, a section's
/// state) goes through this type, which applies it to every group at once and notes the
/// change in the engine's inputs it is handed (``EngineInputs/noteLayoutChange()``): a
/// change to the geometry cannot be made without it, and a sample without one reuses
/// the ratios the last sample measured (``CountingLoop``).
struct MeasureGroups<ID: Hashable & Sendable>: Sendable {
    /// The policies, by number.
    let policies: PolicyList
    /// Per policy, its group; empty with one policy.
    let groupOfPolicy: [Int]
    /// Per group after group 0, its first policy: the group's geometry is resolved under
    /// it (group 0's is policy 0).
    private let otherGroupsFirstPolicies: [Int]
    /// The layout: its ids, and its geometry resolved under group 0.
    private(set) var layout = SectionLayout<ID>()
    /// The layout's geometry resolved under groups 1, 2, ...: empty with one group.
    ///
    /// Settable from outside only for the counting loop, which measures them in place
    /// (see ``CountingLoop``'s note 4) and changes nothing; every input goes through this
    /// type's methods.
    var others: [SectionGeometry]

    /// What makes two policies measure a section alike: the same denominators, gates and
    /// large sections, hence the same ratio.
    private struct Key: Hashable {
        var measure: ImpressionPolicy.Measure
        var largeSectionRule: ImpressionPolicy.LargeSectionRule?
        var minimumOpacity: Double
        var rounding: ImpressionPolicy.Rounding

        init(_ policy: ImpressionPolicy) {
            measure = policy.measure
            largeSectionRule = policy.largeSectionRule
            minimumOpacity = policy.minimumOpacity
            rounding = policy.rounding
        }
    }

    /// The groups of `policies`, with an empty layout: a policy joins the group of the
    /// first policy before it that measures alike, or starts one.
    init(_ policies: PolicyList) {
        self.policies = policies
        // One policy is one group: nothing to work out, and nothing allocated for it.
        guard policies.count > 1 else {
            groupOfPolicy = []
            otherGroupsFirstPolicies = []
            others = []
            return
        }
        var groupOfKey = [Key(policies.first): 0]
        var groupOfPolicy = [0], otherGroupsFirstPolicies: [Int] = []
        for number in 1..<policies.count {
            let key = Key(policies[number])
            if let group = groupOfKey[key] {
                groupOfPolicy.append(group)
            } else {
                otherGroupsFirstPolicies.append(number)
                groupOfKey[key] = otherGroupsFirstPolicies.count
                groupOfPolicy.append(otherGroupsFirstPolicies.count)
            }
        }
        self.groupOfPolicy = groupOfPolicy
        self.otherGroupsFirstPolicies = otherGroupsFirstPolicies
        others = Array(repeating: SectionGeometry(), count: otherGroupsFirstPolicies.count)
    }

    /// The number of groups.
    var count: Int { otherGroupsFirstPolicies.count &+ 1 }

    /// The group of policy `policyIndex`.
    func group(ofPolicy policyIndex: Int) -> Int {
        groupOfPolicy.isEmpty ? 0 : groupOfPolicy[policyIndex]
    }

    /// The first policy of group `group`: the one its geometry is resolved under.
    func firstPolicy(ofGroup group: Int) -> Int {
        group == 0 ? 0 : otherGroupsFirstPolicies[group &- 1]
    }

    /// The layout resolved under group `group`: a copy, its tables retained.
    func geometry(ofGroup group: Int) -> SectionGeometry {
        withGeometry(ofGroup: group) { $0 }
    }

    /// Hands `body` the layout resolved under group `group`, read in place: a geometry
    /// returned whole is copied, its tables retained and released.
    @inline(__always)
    func withGeometry<Result>(ofGroup group: Int, _ body: (SectionGeometry) -> Result) -> Result {
        if group == 0 { return body(layout.geometry) }
        return body(others[group &- 1])
    }
}

// The inputs that change the layout, applied to every group.
extension MeasureGroups {
    /// Validates a layout and resolves it under every group, touching no state, so that a
    /// throw leaves the previous layout in force; says whether every section keeps its
    /// slot (``keepsSlots(of:)``).
    ///
    /// - Throws: ``InputError`` for a cell with a non-finite field or negative size, a
    ///   duplicate id, a negative or non-finite `fullHeight`/`fullWidth`/`fullArea`, an
    ///   invalid section policy, a container with a duplicate id, an unknown parent, a
    ///   cycle, or a bad frame or offset, or a nested cell in an unknown container.
    // Mutating, though it only reads: a mutating call on a stored value works in place,
    // where a read may copy the engine whole.
    mutating func validatedLayout(_ sections: [TrackedSection<ID>], containers: [ScrollContainer],
                                  sampleInterval: Duration)
        throws(InputError) -> (layout: SectionLayout<ID>, others: [SectionGeometry], keepsSlots: Bool) {
        let keepsSlots = keepsSlots(of: sections)
        // No list for one way of measuring: an engine of one policy allocates nothing for it.
        let otherGroupPolicies = otherGroupsFirstPolicies.isEmpty ? [] : otherGroupsFirstPolicies.map { policies[$0] }
        let (newLayout, others) = try SectionLayout.measureGroups(
            sections: sections, containers: containers, defaultPolicy: policies.first,
            otherGroupPolicies: otherGroupPolicies, sampleInterval: sampleInterval,
            sameIDsAs: keepsSlots ? layout : nil)
        return (newLayout, others, keepsSlots)
    }

    /// Whether `sections` are the current layout's, in the same order (a feed reporting
    /// moved rects): the id index is then reused and every counter stays in its slot.
    func keepsSlots(of sections: [TrackedSection<ID>]) -> Bool {
        sections.count == layout.count && sections.indices.allSatisfy { sections[$0].id == layout.ids[$0] }
    }

    /// Puts in force a layout validated by ``validatedLayout(_:containers:sampleInterval:)``,
    /// noting the change in `inputs`.
    mutating func commit(_ newLayout: consuming SectionLayout<ID>, others newOthers: consuming [SectionGeometry],
                         noting inputs: inout EngineInputs<ID>) {
        layout = newLayout
        others = newOthers
        inputs.noteLayoutChange()
    }

    /// Scrolls a container in every group: its cells move by the new content offset.
    /// O(1) per group, not a new layout. Notes the change in `inputs`.
    ///
    /// - Throws: ``InputError`` for an unknown container or a non-finite offset; the
    ///   previous offset stays in force.
    mutating func setContentOffset(_ offset: Point, ofContainer containerID: String,
                                   noting inputs: inout EngineInputs<ID>) throws(InputError) {
        guard let index = layout.geometry.containers.index(ofContainer: containerID) else {
            throw .noSuchContainer(containerID)
        }
        guard offset.isFinite else { throw .invalidContentOffset(offset, container: containerID) }
        layout.geometry.containers.setOffset(offset, ofContainer: index)
        for group in others.indices { others[group].containers.setOffset(offset, ofContainer: index) }
        inputs.noteLayoutChange()
    }

    /// Changes one section's loaded, opacity and hidden attributes (`nil` keeps one as it
    /// is) in every group, each resolving the section's gate under its own policies, as a
    /// layout with the section so would, without building the layout again. Notes the
    /// change in `inputs`.
    ///
    /// - Throws: ``InputError`` for an id not in the layout or an opacity outside `0...1`;
    ///   nothing changes then.
    mutating func setSectionState(_ id: ID, isLoaded: Bool?, opacity: Double?, isHidden: Bool?,
                                  noting inputs: inout EngineInputs<ID>) throws(InputError) {
        guard let slot = layout.slotsByID[id] else { throw InputError.unknownSection(id).inSection(id, at: nil) }
        var display = layout.geometry.display(ofSlot: slot)
        if let isLoaded { display.isLoaded = isLoaded }
        if let isHidden { display.isHidden = isHidden }
        if let opacity {
            guard opacity >= 0 && opacity <= 1 else { throw InputError.invalidOpacity(opacity).inSection(id, at: slot) }
            display.opacity = opacity
        }
        layout.geometry.setDisplay(display, ofSlot: slot)
        for group in others.indices { others[group].setDisplay(display, ofSlot: slot) }
        inputs.noteLayoutChange()
    }
}
