/// An impression under one of a ``MultiPolicyEngine``'s policies.
public struct PolicyImpression<ID: Hashable & Sendable>: Sendable, Hashable {
    /// The index of the policy that fired, in ``MultiPolicyEngine/policies``.
    public var policy: Int
    /// The impression, exactly as an ``ImpressionEngine`` with that policy reports it.
    public var impression: Impression<ID>

    /// Tags `impression` with the index of its policy.
    public init(policy: Int, impression: Impression<ID>) {
        self.policy = policy
        self.impression = impression
    }
}

extension PolicyImpression: Codable where ID: Codable {}
