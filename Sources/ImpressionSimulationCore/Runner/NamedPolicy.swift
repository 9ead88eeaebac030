import ImpressionTracking

/// An `ImpressionPolicy` with the name it is reported under in tables, JSON and
/// replayed impressions.
///
/// `Codable` as the name and the policy's values, so a run's configuration can be
/// written down and read back exactly.
///
/// ```swift
/// let strict = ImpressionPolicy(minimumVisibleRatio: 0.8, minimumDuration: .seconds(2))
/// let configuration = SimulationConfiguration(
///     policies: NamedPolicy.defaults + [NamedPolicy(name: "strict", policy: strict)])
/// ```
public struct NamedPolicy: Sendable, Hashable, Codable {
    /// The name shown in tables and JSON.
    public var name: String
    /// The policy.
    public var policy: ImpressionPolicy

    /// Pairs a policy with a name.
    public init(name: String, policy: ImpressionPolicy) {
        self.name = name
        self.policy = policy
    }

    /// The policies compared when none is given: ZOZO's default (50 % height, 1 s),
    /// MRC display (50 % area, 1 s) and ABEMA's (80 % area, 2 s).
    public static var defaults: [NamedPolicy] {
        [
            NamedPolicy(name: "default", policy: .default),
            NamedPolicy(name: "mrc-display", policy: .mrcDisplay),
            NamedPolicy(name: "abema", policy: .abema),
        ]
    }
}

extension NamedPolicy: CustomStringConvertible {
    /// `name: 50% height for 1 s, on every entry`.
    public var description: String { "\(name): \(policy)" }
}

extension ImpressionEngine {
    /// An engine under every policy of `policies`, in their order, measuring exposure
    /// signals with `measuresExposureSignals`, its impressions naming `session`.
    ///
    /// - Throws: ``SimulationError`` naming the first invalid policy, or the interval.
    package init(named policies: [NamedPolicy], sampleInterval: Duration, session: String? = nil,
                 measuresExposureSignals: Bool = false) throws(SimulationError) {
        // Checked one by one first, so the error names the policy.
        for named in policies {
            do throws(ConfigurationError) {
                try named.policy.validate()
            } catch {
                throw SimulationError("policy \(named.name): \(error)")
            }
        }
        do throws(ConfigurationError) {
            try self.init(policies: policies.map(\.policy), sampleInterval: sampleInterval, session: session,
                          measuresExposureSignals: measuresExposureSignals)
        } catch {
            throw SimulationError("\(error)")
        }
    }
}
