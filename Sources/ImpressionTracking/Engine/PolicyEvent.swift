/// A visibility event under one of a ``MultiPolicyEngine``'s policies.
///
/// Entries and exits depend on the policy too: its ratio (and exit ratio) decide when a
/// section counts as visible.
public struct PolicyEvent<ID: Hashable & Sendable>: Sendable, Hashable {
    /// The index of the policy, in ``MultiPolicyEngine/policies``.
    public var policy: Int
    /// The event, exactly as an ``ImpressionEngine`` with that policy reports it.
    public var event: VisibilityEvent<ID>

    /// Tags `event` with the index of its policy.
    public init(policy: Int, event: VisibilityEvent<ID>) {
        self.policy = policy
        self.event = event
    }
}

extension PolicyEvent: Codable where ID: Codable {}
