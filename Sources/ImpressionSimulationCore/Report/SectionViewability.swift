/// How often sections were rendered and impressed, and how long they were in view: one
/// section's under one policy, over the sessions of a run, or a kind's, summed over its
/// sections (then each count is of section-sessions).
///
/// - `rendered`: sessions in which a part of one of the section's cells, of positive
///   area, was inside the viewport at some sample while the screen was active (a
///   carousel's cards clipped by the carousel). The same for every policy.
/// - `impressed`: sessions in which the section fired at least once under the policy.
/// - `timeInView`: the samples at which the section counted as visible under the policy
///   (its ratio at or above the policy's threshold while active), times the sample
///   interval, summed over sessions: the engine's exposure time, as its exit events
///   report it.
///
/// ``viewableRate`` is `impressed / rendered`, as Google Active View reports viewable
/// impressions over measurable ones.
///
/// ```swift
/// let ads = report.policies[0].viewability(of: .ad)
/// print("\(ads.impressed) of \(ads.rendered) ad-sessions viewable:", ads.viewableRate ?? 0,
///       "mean time in view:", ads.meanTimeInView ?? .zero)
/// ```
public struct SectionViewability: Sendable, Hashable {
    /// Sessions in which it was rendered.
    public var rendered: Int
    /// Sessions in which it was impressed.
    public var impressed: Int
    /// Its time in view, over every session.
    public var timeInView: Duration

    /// Creates counts; ``Simulation`` makes them.
    public init(rendered: Int = 0, impressed: Int = 0, timeInView: Duration = .zero) {
        self.rendered = rendered
        self.impressed = impressed
        self.timeInView = timeInView
    }

    /// `impressed / rendered`; `nil` when it was never rendered.
    public var viewableRate: Double? {
        rendered == 0 ? nil : Double(impressed) / Double(rendered)
    }

    /// The mean time in view per session in which it was rendered (a session in which it
    /// never met the policy's ratio counts zero); `nil` when it was never rendered.
    public var meanTimeInView: Duration? {
        rendered == 0 ? nil : timeInView / rendered
    }

    /// The counts of both, added: a kind's from its sections'.
    public static func + (lhs: SectionViewability, rhs: SectionViewability) -> SectionViewability {
        SectionViewability(rendered: lhs.rendered + rhs.rendered, impressed: lhs.impressed + rhs.impressed,
                           timeInView: lhs.timeInView + rhs.timeInView)
    }
}
