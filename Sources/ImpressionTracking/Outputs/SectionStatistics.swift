/// What an engine has seen of one section since it first appeared in a layout, in the
/// spirit of Snowplow's `element_statistics` (times in view, total time visible, largest
/// share seen, element age) and the OM SDK's time in view.
///
/// "Visible" means what the engine counts: a sample, while active, at which the
/// section met its policy's ratio (the exit ratio once counting). Durations follow the
/// one rule (<doc:TheRules#Durations>), as of the last sample evaluated: a run that ended
/// counts from its first visible sample to the sample that ended it (its stay, as its
/// exit says); a run still open, from its first sample to the last one evaluated (as an
/// impression fired there says), so visible time never exceeds the section's age. Statistics survive
/// ``ImpressionEngine/reset()`` and new visits (they describe what was seen, not what
/// counted); a section that leaves the layout before anything of it was seen is
/// forgotten, and appears anew if it comes back.
public struct SectionStatistics: Sendable, Hashable {
    /// How many times it became visible: the runs of visible samples it started, one
    /// per ``VisibilityEvent/entered(sectionID:time:visibleRatio:visit:policy:)``.
    public var entries: Int
    /// Its visible time in the current visit, over every run of the visit so far.
    public var visibleDurationThisVisit: Duration
    /// Its visible time since it first appeared, over every visit.
    public var totalVisibleDuration: Duration
    /// The highest visible ratio measured at a sample while the engine was active, below
    /// the policy's threshold or not; 0 when nothing of it has shown.
    public var highestVisibleRatio: Double
    /// The engine's time when a layout first held it.
    public var firstAppearance: Duration
    /// The engine's time since then (Snowplow's `element_age_ms`).
    public var timeSinceFirstAppearance: Duration
    /// The visible samples that count towards the policy's duration at the next sample:
    /// the open run's under ``ImpressionPolicy/Timing/continuous`` timing (as
    /// ``SectionSnapshot/consecutiveSamples``); under ``ImpressionPolicy/Timing/cumulative``,
    /// the visit's visible samples since the sum last restarted (at the first entry
    /// after a run that completed the duration).
    public var countedSamples: Int
    /// While a cooldown holds the section back at the next sample, the time of the first
    /// sample at which it may fire again; `nil` otherwise (and for sections no longer in
    /// the layout).
    public var cooldownEnd: Duration?
    /// The exposure signals of the current visit up to the last sample evaluated, when the
    /// engine measures them (all zero while the section has not been in view in this
    /// visit); `nil` when it does not. See <doc:ExposureSignalDefinitions>.
    public var signals: ExposureSignals?

    /// Creates statistics; engines make these. The defaults are a section never seen.
    public init(entries: Int = 0, visibleDurationThisVisit: Duration = .zero, totalVisibleDuration: Duration = .zero,
                highestVisibleRatio: Double = 0, firstAppearance: Duration = .zero,
                timeSinceFirstAppearance: Duration = .zero, countedSamples: Int = 0, cooldownEnd: Duration? = nil,
                signals: ExposureSignals? = nil) {
        self.entries = entries
        self.visibleDurationThisVisit = visibleDurationThisVisit
        self.totalVisibleDuration = totalVisibleDuration
        self.highestVisibleRatio = highestVisibleRatio
        self.firstAppearance = firstAppearance
        self.timeSinceFirstAppearance = timeSinceFirstAppearance
        self.countedSamples = countedSamples
        self.cooldownEnd = cooldownEnd
        self.signals = signals
    }
}
