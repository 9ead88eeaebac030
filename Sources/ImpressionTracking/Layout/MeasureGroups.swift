/// How an engine's policies share ways of measuring.
///
/// A *measure group* is the policies that measure a section alike: the same measure,
/// large-section rule, minimum opacity and rounding, the only fields of a policy a ratio
/// depends on. A layout is resolved once per group (``SectionGeometry``: its denominators, gates
/// and policies), under the group's first policy, and a sample measures each section near
/// the viewport once per group; each policy then counts from its group's ratio.
///
/// Group 0 is the first policy's, whose geometry is the layout's own
/// (``SectionLayout/geometry``, in the engine's inputs); groups 1, 2, ... are the other
/// groups, in the order of their first policies. An engine of one policy has one group,
/// and this holds nothing.
struct MeasureGroups: Sendable {
    /// Per policy, its group; empty with one policy.
    let groupOfPolicy: [Int]
    /// Per group after group 0, its first policy: the group's geometry is resolved under
    /// it (group 0's is policy 0).
    let otherGroupsFirstPolicies: [Int]

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

    /// The groups of the policies `first` and then `others`: a policy joins the group of
    /// the first policy before it that measures alike, or starts one.
    init(first: ImpressionPolicy, others: [ImpressionPolicy]) {
        // One policy is one group: nothing to work out, and nothing allocated for it.
        guard !others.isEmpty else {
            groupOfPolicy = []
            otherGroupsFirstPolicies = []
            return
        }
        var groupOfKey = [Key(first): 0]
        var groupOfPolicy = [0], otherGroupsFirstPolicies: [Int] = []
        for (index, policy) in others.enumerated() {
            let key = Key(policy)
            if let group = groupOfKey[key] {
                groupOfPolicy.append(group)
            } else {
                otherGroupsFirstPolicies.append(index + 1)
                groupOfKey[key] = otherGroupsFirstPolicies.count
                groupOfPolicy.append(otherGroupsFirstPolicies.count)
            }
        }
        self.groupOfPolicy = groupOfPolicy
        self.otherGroupsFirstPolicies = otherGroupsFirstPolicies
    }

    /// The number of groups.
    var count: Int { otherGroupsFirstPolicies.count + 1 }

    /// The group of policy `policyIndex`.
    func group(ofPolicy policyIndex: Int) -> Int {
        groupOfPolicy.isEmpty ? 0 : groupOfPolicy[policyIndex]
    }

    /// The first policy of group `group`: the one its geometry is resolved under.
    func firstPolicy(ofGroup group: Int) -> Int {
        group == 0 ? 0 : otherGroupsFirstPolicies[group - 1]
    }
}
