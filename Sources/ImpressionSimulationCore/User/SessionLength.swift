import ImpressionSimulationFormats

/// How long a user stays in the feed: a log-normal distribution, as session lengths
/// usually are (many short visits, a long tail), capped by the run's session duration.
///
/// `impressions fit` estimates it from recorded traces; without one (the built-in user
/// model) every session lasts exactly the run's duration.
///
/// ```swift
/// var user = UserModel()
/// user.sessionLength = SessionLength(median: .seconds(45), sigma: 0.8)   // many short visits, a long tail
/// let configuration = SimulationConfiguration(sessionDuration: .seconds(600), user: user)   // at most 10 min
/// ```
public struct SessionLength: Sendable, Hashable, Codable {
    /// The median session length.
    public var median: Duration
    /// The standard deviation of the logarithm of a session's length; 0 makes every
    /// session last ``median``.
    public var sigma: Double

    /// A log-normal session length with this median and log-standard deviation.
    public init(median: Duration, sigma: Double) {
        self.median = median
        self.sigma = sigma
    }

    /// The length of one session, drawn from `random`, at most `cap` and at least 1 ms.
    func draw(using random: inout SplitMix64, cap: Duration) -> Duration {
        let seconds = random.nextLogNormal(median: median.inSeconds, sigma: sigma)
        guard seconds.isFinite, seconds < cap.inSeconds else { return cap }
        return max(.milliseconds(1), min(cap, .nanoseconds(Int64((seconds * 1e9).rounded()))))
    }

    /// The first problem with these parameters, or `nil` when they are usable.
    var problem: String? {
        if !(median >= .milliseconds(1) && median <= .seconds(86_400)) {
            return "sessionLength.median must be in 0.001...86400 s, got \(median)"
        }
        if !(sigma.isFinite && sigma >= 0 && sigma <= 10) {
            return "sessionLength.sigma must be in 0...10, got \(sigma)"
        }
        return nil
    }
}
