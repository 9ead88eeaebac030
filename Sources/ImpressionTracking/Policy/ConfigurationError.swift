/// A policy or sample interval that the engine cannot work with.
///
/// Thrown by ``ImpressionPolicy/validate()`` and by the initialisers of
/// ``ImpressionEngine`` and ``ImpressionTracker``: an engine or tracker exists only with
/// a configuration it can work with.
///
/// Compare ``code`` with the static members of ``Code``, or the whole error with a
/// factory such as `.ratioOutOfRange(1.5)`. It is a struct, not an enum, so that new
/// kinds of problem can be added without breaking a `switch` in your code.
public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of problem: an open set of values, compared with `==`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        private init(_ name: String) {
            self.name = name
        }

        /// The code's name, e.g. `ratioOutOfRange`.
        public var description: String { name }

        /// A visible ratio is outside `0...1` (or NaN).
        public static let ratioOutOfRange = Code("ratioOutOfRange")
        /// `minimumDuration` is negative.
        public static let negativeDuration = Code("negativeDuration")
        /// The sample interval is zero or negative.
        public static let nonPositiveSampleInterval = Code("nonPositiveSampleInterval")
        /// `exitVisibleRatio` is negative, NaN, or above the entry ratio.
        public static let exitRatioOutOfRange = Code("exitRatioOutOfRange")
        /// The large-section rule's `minimumArea` is negative or not finite.
        public static let invalidLargeSectionArea = Code("invalidLargeSectionArea")
        /// `cooldown` is negative.
        public static let negativeCooldown = Code("negativeCooldown")
        /// The focus rule's `fraction` is outside `(0, 1]` (or NaN).
        public static let focusFractionOutOfRange = Code("focusFractionOutOfRange")
        /// `minimumOpacity` is outside `0...1` (or NaN).
        public static let opacityOutOfRange = Code("opacityOutOfRange")
        /// `rounding` needs an axis the `measure` does not have (whole points by area).
        public static let roundingNeedsAxis = Code("roundingNeedsAxis")
        /// An engine or tracker was given an empty list of policies.
        public static let noPolicies = Code("noPolicies")
        /// A ``TraceRecorder`` already records another engine or tracker.
        public static let recorderInUse = Code("recorderInUse")
        /// An engine or tracker was given a session other than its recorder's.
        public static let sessionMismatch = Code("sessionMismatch")
        /// An engine or tracker was given a negative `rememberedSectionLimit`.
        public static let negativeRememberedSectionLimit = Code("negativeRememberedSectionLimit")
    }

    /// The kind of problem.
    public let code: Code
    /// The setting that was wrong, e.g. `minimumVisibleRatio`.
    public let field: String
    /// The offending value, as text.
    public let value: String
    /// A one-line message naming the setting and the value.
    public let description: String

    private init(_ code: Code, field: String, value: String, description: String) {
        self.code = code
        self.field = field
        self.value = value
        self.description = description
    }

    /// A visible ratio outside `0...1`, or NaN.
    public static func ratioOutOfRange(_ ratio: Double) -> ConfigurationError {
        ConfigurationError(.ratioOutOfRange, field: "minimumVisibleRatio", value: "\(ratio)",
                           description: "minimumVisibleRatio must be in 0...1, got \(ratio)")
    }

    /// A negative `minimumDuration`.
    public static func negativeDuration(_ duration: Duration) -> ConfigurationError {
        ConfigurationError(.negativeDuration, field: "minimumDuration", value: "\(duration)",
                           description: "minimumDuration must not be negative, got \(duration)")
    }

    /// A sample interval of zero or less.
    public static func nonPositiveSampleInterval(_ interval: Duration) -> ConfigurationError {
        ConfigurationError(.nonPositiveSampleInterval, field: "sampleInterval", value: "\(interval)",
                           description: "sampleInterval must be positive, got \(interval)")
    }

    /// An `exitVisibleRatio` that is negative, NaN, or above the entry ratio `entry`.
    public static func exitRatioOutOfRange(_ exit: Double, entry: Double) -> ConfigurationError {
        ConfigurationError(.exitRatioOutOfRange, field: "exitVisibleRatio", value: "\(exit)",
                           description: "exitVisibleRatio must be in 0...minimumVisibleRatio (\(entry)), got \(exit)")
    }

    /// A large-section rule whose `minimumArea` is negative or not finite.
    public static func invalidLargeSectionArea(_ area: Double) -> ConfigurationError {
        ConfigurationError(.invalidLargeSectionArea, field: "largeSectionRule.minimumArea", value: "\(area)",
                           description: "the large-section rule's minimumArea must be finite and not negative, got \(area)")
    }

    /// A negative `cooldown`.
    public static func negativeCooldown(_ cooldown: Duration) -> ConfigurationError {
        ConfigurationError(.negativeCooldown, field: "cooldown", value: "\(cooldown)",
                           description: "cooldown must not be negative, got \(cooldown)")
    }

    /// A focus rule whose `fraction` is outside `(0, 1]`, or NaN.
    public static func focusFractionOutOfRange(_ fraction: Double) -> ConfigurationError {
        ConfigurationError(.focusFractionOutOfRange, field: "largeSectionRule.fraction", value: "\(fraction)",
                           description: "the focus rule's fraction must be in (0, 1], got \(fraction)")
    }

    /// A `minimumOpacity` outside `0...1`, or NaN.
    public static func opacityOutOfRange(_ opacity: Double) -> ConfigurationError {
        ConfigurationError(.opacityOutOfRange, field: "minimumOpacity", value: "\(opacity)",
                           description: "minimumOpacity must be in 0...1, got \(opacity)")
    }

    /// A `rounding` of the geometry along an axis (``ImpressionPolicy/Rounding/floorToWholePoints``)
    /// with a `measure` that has none (``ImpressionPolicy/Measure/area``).
    public static func roundingNeedsAxis(_ rounding: ImpressionPolicy.Rounding,
                                         measure: ImpressionPolicy.Measure) -> ConfigurationError {
        ConfigurationError(.roundingNeedsAxis, field: "rounding", value: rounding.key,
                           description: "rounding \(rounding.key) floors along an axis: measure must be height or width, got \(measure.name)")
    }

    /// An empty list of policies for an engine or tracker.
    public static var noPolicies: ConfigurationError {
        ConfigurationError(.noPolicies, field: "policies", value: "[]",
                           description: "an engine needs at least one policy")
    }

    /// A negative limit on the sections that left the layout and keep their statistics
    /// (``ImpressionEngine/defaultRememberedSectionLimit``).
    public static func negativeRememberedSectionLimit(_ limit: Int) -> ConfigurationError {
        ConfigurationError(.negativeRememberedSectionLimit, field: "rememberedSectionLimit", value: "\(limit)",
                           description: "rememberedSectionLimit must not be negative, got \(limit)")
    }

    /// A session given to an engine or tracker other than the session of its
    /// ``TraceRecorder``: a trace names the session its impressions' ids were made with.
    public static func sessionMismatch(_ session: String, recorder recorderSession: String) -> ConfigurationError {
        ConfigurationError(.sessionMismatch, field: "session", value: session,
                           description: "the session \"\(session)\" differs from the recorder's, \"\(recorderSession)\": "
                               + "give one of them, or the same")
    }

    /// A ``TraceRecorder`` that already records another engine or tracker: a trace holds
    /// one session.
    public static func recorderInUse(session: String?) -> ConfigurationError {
        ConfigurationError(.recorderInUse, field: "recorder", value: session ?? "-",
                           description: "the trace recorder\(session.map { " of session \"\($0)\"" } ?? "") already records "
                               + "another engine: give each engine or tracker its own recorder")
    }
}
