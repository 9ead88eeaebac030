/// What counts as an impression: how much of a section must be seen, for how long, and
/// how often it may count again.
///
/// The default is ZOZO's module rule: half of the section's height, for one continuous
/// second, again on every entry. Presets for the other apps' rules and the industry
/// standards are in ``ImpressionPolicy`` extensions, e.g. ``mrcDisplay``.
///
/// A policy is a plain value; it is checked when handed to an engine or tracker
/// (``validate()``): a ratio outside `0...1` or a negative duration is rejected there.
public struct ImpressionPolicy: Sendable, Hashable {
    /// How the visible part of a section is measured.
    public enum Measure: Sendable, Hashable {
        /// The height of the bounding box of the visible parts of the cells, over the
        /// section's full height (ZOZO: union of the visible cell rects, then its height).
        case height
        /// The exact area of the union of the visible parts, overlaps counted once, over
        /// the section's full area (the MRC "percentage of pixels" rule).
        case area
        /// The width of the bounding box of the visible parts of the cells, over the
        /// section's full width (``TrackedSection/fullWidth``, else the width of the
        /// bounding box of all its cells): for horizontal lists and carousels, where a
        /// half-shown card reads 1.0 under ``height`` (SushiBelt measures width when
        /// the list scrolls sideways).
        case width
    }

    /// When a section that has fired may fire again.
    public enum Recurrence: Sendable, Hashable {
        /// Again after at least one sample at which it was not visible (ZOZO: scrolled out
        /// and back in fires again).
        case onEveryEntry
        /// Once per visit of the screen (SARAH, Cookpad): scrolling back does not count
        /// again; a new visit (pop back, foreground, refresh) does.
        case oncePerVisit
        /// Once until ``ImpressionEngine/reset()``.
        case oncePerTracker
    }

    /// The fraction of the section, in `0...1`, that must be visible; inclusive (`>=`).
    ///
    /// `0` is the one-pixel rule: any positive visible area counts.
    public var minimumVisibleRatio: Double
    /// How long the section must stay visible before it fires: continuously, or in all,
    /// as ``timing`` says.
    public var minimumDuration: Duration
    /// How the visible part is measured.
    public var measure: Measure
    /// When a section may fire again.
    public var recurrence: Recurrence
    /// Hysteresis (MoPub's maximum-invisible percentage): once a section is counting, it
    /// keeps counting while its ratio stays at or above this, which must not exceed
    /// ``minimumVisibleRatio``. `nil` (the default) exits where it entered.
    public var exitVisibleRatio: Double?
    /// An opt-in rule for sections too large to reach the ratio on screen; `nil` (the
    /// default) measures every section against its own full size.
    public var largeSectionRule: LargeSectionRule?
    /// Whether ``minimumDuration`` must be seen in one run of consecutive samples
    /// (``Timing/continuous``, the default, MRC's rule), may add up over the visit
    /// (``Timing/cumulative``, AMP's `totalTimeMin`), or is checked only when the wait
    /// starts and when it ends (``Timing/checkedAtBothEnds``, React Native's `minimumViewTime`).
    public var timing: Timing = .continuous
    /// The least time between two impressions of a section (daangn's KarrotImpression
    /// `.cooldown(interval:)`); zero, the default, never holds one back.
    ///
    /// A section that completes ``minimumDuration`` at a sample less than `cooldown` after
    /// its last impression does not fire, and that run is spent: it fires again only on
    /// a later entry (as ``recurrence`` allows) that completes the duration once the
    /// cooldown is over. KarrotImpression likewise drops a detection made while cooling
    /// down instead of queuing it. ``ImpressionEngine/reset()`` forgets the last
    /// impression, and so the cooldown.
    public var cooldown: Duration = .zero
    /// The least effective opacity, in `0...1`, at which a cell counts (ImpressionKit's
    /// alpha threshold, IntersectionObserver v2's `isVisible`); inclusive (`>=`).
    ///
    /// A cell's effective opacity is its section's ``TrackedSection/opacity`` times the
    /// ``ScrollContainer/opacity`` of every container up its chain, as alpha composes on
    /// screen. Zero, the default, lets opacity never matter; a hidden section or
    /// container hides its cells whatever this says.
    public var minimumOpacity: Double = 0
    /// How the measured ratio is rounded before it is compared and reported: as measured
    /// (``Rounding/exact``, the default), snapped near 0 and 1 as Flutter's
    /// `visibility_detector` does, or floored to a whole percent as the OM SDK reports it.
    public var rounding: Rounding = .exact
    /// Whether nothing counts until the user's first interaction with the screen
    /// (``ImpressionEngine/interact()``), as React Native's `waitForInteraction` waits
    /// for the first drag of the list: for feeds that open on a screen the user has not
    /// touched. `false`, the default, counts from the first sample.
    ///
    /// Until then a section under this policy never enters, counts or fires; it is still
    /// measured, so its statistics and exposure signals see it as in view below the
    /// policy. The interaction is remembered for the engine's life:
    /// ``ImpressionEngine/reset()`` and new visits keep it.
    public var requiresInteraction: Bool = false

    /// Creates a policy with any of its knobs; see the properties for what each means.
    /// Every knob left out keeps its default: 50 % of the height for 1 s, continuously,
    /// again on every entry, no hysteresis, no large-section rule, no cooldown, opacity
    /// never mattering, the ratio exact, and no wait for an interaction.
    ///
    /// ```swift
    /// let ad = ImpressionPolicy(minimumVisibleRatio: 0.5, measure: .area, largeSectionRule: .capToViewport,
    ///                           timing: .cumulative, cooldown: .seconds(30), minimumOpacity: 0.5)
    /// ```
    public init(
        minimumVisibleRatio: Double = 0.5,
        minimumDuration: Duration = .seconds(1),
        measure: Measure = .height,
        recurrence: Recurrence = .onEveryEntry,
        exitVisibleRatio: Double? = nil,
        largeSectionRule: LargeSectionRule? = nil,
        timing: Timing = .continuous,
        cooldown: Duration = .zero,
        minimumOpacity: Double = 0,
        rounding: Rounding = .exact,
        requiresInteraction: Bool = false
    ) {
        self.minimumVisibleRatio = minimumVisibleRatio
        self.minimumDuration = minimumDuration
        self.measure = measure
        self.recurrence = recurrence
        self.exitVisibleRatio = exitVisibleRatio
        self.largeSectionRule = largeSectionRule
        self.timing = timing
        self.cooldown = cooldown
        self.minimumOpacity = minimumOpacity
        self.rounding = rounding
        self.requiresInteraction = requiresInteraction
    }

    /// 50 % of the height for 1 s, again on every entry (ZOZO's module rule).
    public static var `default`: ImpressionPolicy { ImpressionPolicy() }

    /// Checks that the ratios and the minimum opacity are in `0...1`, a focus fraction in
    /// `(0, 1]`, the duration and cooldown are not negative, and a rounding of whole
    /// points has an axis to floor along (height or width).
    ///
    /// - Throws: ``ConfigurationError`` naming the bad value.
    public func validate() throws(ConfigurationError) {
        guard minimumVisibleRatio >= 0, minimumVisibleRatio <= 1 else {
            throw .ratioOutOfRange(minimumVisibleRatio)
        }
        guard minimumDuration >= .zero else {
            throw .negativeDuration(minimumDuration)
        }
        if let exitVisibleRatio, !(exitVisibleRatio >= 0 && exitVisibleRatio <= minimumVisibleRatio) {
            throw .exitRatioOutOfRange(exitVisibleRatio, entry: minimumVisibleRatio)
        }
        switch largeSectionRule {
        case .lowerRatio(let minimumArea, let ratio):
            guard ratio >= 0, ratio <= 1 else { throw .ratioOutOfRange(ratio) }
            guard minimumArea.isFinite, minimumArea >= 0 else { throw .invalidLargeSectionArea(minimumArea) }
        case .focus(let fraction):
            guard fraction > 0, fraction <= 1 else { throw .focusFractionOutOfRange(fraction) }
        case .capToViewport, .viewportCoverage, nil:
            break
        }
        if rounding == .floorToWholePoints && measure == .area { throw .roundingNeedsAxis(rounding, measure: measure) }
        guard cooldown >= .zero else { throw .negativeCooldown(cooldown) }
        guard minimumOpacity >= 0, minimumOpacity <= 1 else { throw .opacityOutOfRange(minimumOpacity) }
    }

    /// The number of consecutive visible samples that make an impression:
    /// `ceil(minimumDuration / sampleInterval) + 1`.
    ///
    /// 11 for 1 s at 100 ms, 5 for 2 s at 500 ms, 1 for a duration of zero. An
    /// impression is never early: the span from the first to the last of these samples
    /// is at least `minimumDuration`. Saturates at `Int.max` for absurd durations.
    public func requiredSamples(sampleInterval: Duration) -> Int {
        let intervals = Self.intervals(spanning: minimumDuration, sampleInterval: sampleInterval)
        return intervals == Int.max ? Int.max : intervals + 1
    }

    /// The number of sample intervals a ``cooldown`` spans, `ceil(cooldown / sampleInterval)`:
    /// a section that fired at sample `s` may fire again from sample `s + cooldownSamples`.
    func cooldownSamples(sampleInterval: Duration) -> Int {
        Self.intervals(spanning: cooldown, sampleInterval: sampleInterval)
    }

    /// `ceil(duration / sampleInterval)`, 0 for a duration or interval that is not
    /// positive, saturating at `Int.max` for absurd durations.
    private static func intervals(spanning duration: Duration, sampleInterval: Duration) -> Int {
        guard sampleInterval > .zero, duration > .zero else { return 0 }
        let (quotient, remainder) = duration.totalAttoseconds.quotientAndRemainder(dividingBy: sampleInterval.totalAttoseconds)
        let intervals = quotient + (remainder > 0 ? 1 : 0)
        return intervals >= Int128(Int.max) ? Int.max : Int(intervals)
    }
}

extension ImpressionPolicy: CustomStringConvertible {
    /// A compact form such as `50% height for 1 s, on every entry`.
    public var description: String {
        // The smallest positive ratio is how a policy writes a peer's `> 0`.
        let ratio = minimumVisibleRatio == .leastNonzeroMagnitude ? "above 0%" : Self.percent(minimumVisibleRatio) + "%"
        let recurrenceText: String
        switch recurrence {
        case .onEveryEntry: recurrenceText = "on every entry"
        case .oncePerVisit: recurrenceText = "once per visit"
        case .oncePerTracker: recurrenceText = "once per tracker"
        }
        let inAll = switch timing {
        case .continuous: ""
        case .cumulative: " in all"
        case .checkedAtBothEnds: " at both ends"
        }
        var text = "\(ratio) \(measure.name) for \(minimumDuration.formatted)\(inAll), \(recurrenceText)"
        if let exitVisibleRatio { text += ", exit below \(Self.percent(exitVisibleRatio))%" }
        switch largeSectionRule {
        case nil: break
        case .capToViewport: text += ", large sections against the viewport"
        case .viewportCoverage: text += ", of the viewport"
        case .focus(let fraction): text += ", focus on \(Self.percent(fraction))% of the viewport"
        case .lowerRatio(let minimumArea, let ratio):
            text += ", \(Self.percent(ratio))% from \(minimumArea) pt²"
        }
        if cooldown != .zero { text += ", cooldown \(cooldown.formatted)" }
        if minimumOpacity == .leastNonzeroMagnitude {
            text += ", opacity above 0"
        } else if minimumOpacity > 0 {
            text += ", opacity at least \(Self.percent(minimumOpacity))%"
        }
        switch rounding {
        case .exact: break
        case .snapNearEnds: text += ", snapped near 0 and 1"
        case .floorToPercent: text += ", floored to a percent"
        case .floorToWholePoints: text += ", floored to whole points"
        }
        if requiresInteraction { text += ", after the first interaction" }
        return text
    }
}

extension Duration {
    /// The duration as a whole number of attoseconds, saturating beyond ±2^63 seconds.
    ///
    /// The standard library's `attoseconds` (its own representation, free to read) where
    /// the platform has it; before, from `components`, a 128-bit division: that property is
    /// newer than the package's Apple platforms (macOS 15, iOS 18). The simulator uses it too.
    @inline(__always)
    package var totalAttoseconds: Int128 {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            return min(max(attoseconds, -Self.saturatedAttoseconds), Self.saturatedAttoseconds)
        }
        // `components` traps when the seconds do not fit an Int64 (292 billion years, but
        // `.seconds(Int64.max) + .seconds(1)` is a valid Duration a caller can pass).
        let limit = Duration.seconds(Int64.max)
        let (seconds, attoseconds) = self > limit ? limit.components
            : self < .zero - limit ? (.zero - limit).components : components
        return Int128(seconds) * 1_000_000_000_000_000_000 + Int128(attoseconds)
    }

    /// Whether this is later than `other`: the standard library's `attoseconds` compared
    /// where the platform has them, since its `>` is a call into the library at every
    /// sample.
    @inline(__always)
    package func isLater(than other: Duration) -> Bool {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            return attoseconds > other.attoseconds
        }
        return self > other
    }

    /// 2^63 - 1 seconds in attoseconds, where ``totalAttoseconds`` saturates; inlined, so
    /// that it is a constant where it is compared rather than a call at every sample.
    @inlinable @inline(__always)
    package static var saturatedAttoseconds: Int128 { Int128(Int64.max) * 1_000_000_000_000_000_000 }

    /// The duration in whole nanoseconds, saturating at `Int64`'s range.
    package var wholeNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        guard seconds < Int64.max / 1_000_000_000 else { return Int64.max }
        guard seconds > Int64.min / 1_000_000_000 else { return Int64.min }
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// A short human form: `1 s`, `100 ms`, `1.5 s`.
    var formatted: String {
        let milliseconds = Double(totalAttoseconds) / 1e15
        if milliseconds.magnitude >= 1000 {
            let seconds = milliseconds / 1000
            return seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
        }
        return milliseconds == milliseconds.rounded() ? "\(Int(milliseconds)) ms" : "\(milliseconds) ms"
    }
}

extension ImpressionPolicy {
    /// `ratio` as a percentage, without a fraction when it is whole.
    static func percent(_ ratio: Double) -> String {
        (ratio * 100).shortText
    }
}

extension Double {
    /// The number as a person writes it: without a fraction when it is whole (`44`, not
    /// `44.0`), else Swift's shortest form.
    var shortText: String {
        self == rounded() && magnitude < 1e15 ? String(Int(self)) : String(self)
    }
}

extension ImpressionPolicy: Codable {
    private enum CodingKeys: String, CodingKey {
        case minimumVisibleRatio, minimumDuration, measure, recurrence, exitVisibleRatio, largeSectionRule
        case timing, cooldown, minimumOpacity, rounding, requiresInteraction
    }

    /// Decodes a policy; `timing`, `cooldown`, `minimumOpacity`, `rounding` and
    /// `requiresInteraction`, which older encodings lack, default to
    /// ``Timing/continuous``, zero, zero, ``Rounding/exact`` and `false`.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        self.init(minimumVisibleRatio: try fields.decode(Double.self, forKey: .minimumVisibleRatio),
                  minimumDuration: try fields.decode(Duration.self, forKey: .minimumDuration),
                  measure: try fields.decode(Measure.self, forKey: .measure),
                  recurrence: try fields.decode(Recurrence.self, forKey: .recurrence),
                  exitVisibleRatio: try fields.decodeIfPresent(Double.self, forKey: .exitVisibleRatio),
                  largeSectionRule: try fields.decodeIfPresent(LargeSectionRule.self, forKey: .largeSectionRule))
        timing = try fields.decodeIfPresent(Timing.self, forKey: .timing) ?? .continuous
        cooldown = try fields.decodeIfPresent(Duration.self, forKey: .cooldown) ?? .zero
        minimumOpacity = try fields.decodeIfPresent(Double.self, forKey: .minimumOpacity) ?? 0
        rounding = try fields.decodeIfPresent(Rounding.self, forKey: .rounding) ?? .exact
        requiresInteraction = try fields.decodeIfPresent(Bool.self, forKey: .requiresInteraction) ?? false
    }

    /// Encodes every knob; `rounding` and `requiresInteraction` only when they are not
    /// the defaults, so that a policy that uses neither encodes with only the keys every
    /// reader of policies knows.
    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encode(minimumVisibleRatio, forKey: .minimumVisibleRatio)
        try fields.encode(minimumDuration, forKey: .minimumDuration)
        try fields.encode(measure, forKey: .measure)
        try fields.encode(recurrence, forKey: .recurrence)
        try fields.encodeIfPresent(exitVisibleRatio, forKey: .exitVisibleRatio)
        try fields.encodeIfPresent(largeSectionRule, forKey: .largeSectionRule)
        try fields.encode(timing, forKey: .timing)
        try fields.encode(cooldown, forKey: .cooldown)
        try fields.encode(minimumOpacity, forKey: .minimumOpacity)
        if rounding != .exact { try fields.encode(rounding, forKey: .rounding) }
        if requiresInteraction { try fields.encode(requiresInteraction, forKey: .requiresInteraction) }
    }
}

extension ImpressionPolicy.Measure: Codable {}

extension ImpressionPolicy.Measure {
    /// The measure's name as traces, feed files and reports spell it: `height`, `area`
    /// or `width`.
    public var name: String {
        switch self {
        case .height: "height"
        case .area: "area"
        case .width: "width"
        }
    }

    /// The measure named `name` (`height`, `area` or `width`), or `nil`.
    public init?(name: String) {
        switch name {
        case "height": self = .height
        case "area": self = .area
        case "width": self = .width
        default: return nil
        }
    }
}
extension ImpressionPolicy.Recurrence: Codable {}

extension ImpressionPolicy.Recurrence {
    /// The recurrence as traces, feed files and the command line spell it:
    /// `every-entry`, `once-per-visit` or `once-per-tracker`.
    package var key: String {
        switch self {
        case .onEveryEntry: "every-entry"
        case .oncePerVisit: "once-per-visit"
        case .oncePerTracker: "once-per-tracker"
        }
    }
}
