/// An engine's policies, by number: what every impression, event and snapshot row's
/// `policy` indexes, and the one way to get a policy from its number.
///
/// The first is kept apart from the rest so that an engine of one policy allocates no
/// list for it; its subscript hides that.
struct PolicyList: Sendable {
    /// Policy 0: the one sections without a policy of their own take in measure group 0.
    let first: ImpressionPolicy
    /// Policies 1, 2, ...: empty with one policy.
    private let others: [ImpressionPolicy]

    /// `first`, then each of `others`, numbered in that order from 0.
    init(first: ImpressionPolicy, others: [ImpressionPolicy]) {
        self.first = first
        self.others = others
    }

    /// The number of policies.
    var count: Int { others.count &+ 1 }

    /// The policy numbered `number`.
    ///
    /// - Precondition: `0 <= number < count`.
    subscript(number: Int) -> ImpressionPolicy {
        number == 0 ? first : others[number &- 1]
    }

    /// Every policy, in the order of their numbers: a list made on each call.
    var all: [ImpressionPolicy] { [first] + others }
}
