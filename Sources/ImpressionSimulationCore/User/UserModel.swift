/// How a simulated user behaves: the parameters of the sessions ``SessionGenerator``
/// writes.
///
/// A session alternates reading pauses and gestures. After each pause the user does, in
/// this order of precedence: a rare event that fell due during the pause (back to top, a
/// tab switch, sending the app to the background, a modal sheet, pull to refresh; each a
/// Poisson process with its rate per minute, timed from the end of the previous one);
/// else, when a carousel is entirely on screen, a sideways swipe with
/// ``carouselSwipeProbability``; else a fling. A fling starts at a log-normal speed and
/// decelerates like `UIScrollView`'s normal rate: the velocity is multiplied by
/// ``velocityDecayPerMillisecond`` every millisecond until it drops below
/// ``stoppingSpeed``, or the feed's top or bottom stops it. Each frame of a moving feed
/// is one scroll input.
///
/// ```swift
/// var user = UserModel()
/// user.meanReadingPause = .seconds(3)         // slower readers
/// user.backgroundingsPerMinute = 1
/// let configuration = SimulationConfiguration(user: user)
/// ```
public struct UserModel: Sendable, Hashable, Codable {
    /// The mean time spent reading between two gestures (log-normal). The built-in
    /// 2.2 s puts the synthetic feed's ad slots at 71 % viewable under MRC display,
    /// between IAS's published 70.8 % and 72.1 % for mobile in-app display (2020); see
    /// the manual's "Calibration" article.
    public var meanReadingPause: Duration
    /// The standard deviation of the logarithm of a reading pause.
    public var readingPauseSigma: Double
    /// The median speed at which a fling starts, in points per second (log-normal).
    public var medianFlingSpeed: Double
    /// The standard deviation of the logarithm of a fling's starting speed.
    public var flingSpeedSigma: Double
    /// The chance that a fling goes up (back towards the top) rather than down.
    public var upwardFlingProbability: Double
    /// The factor applied to a fling's velocity every millisecond: about 0.998 on iOS.
    public var velocityDecayPerMillisecond: Double
    /// The speed, in points per second, below which a fling stops.
    public var stoppingSpeed: Double
    /// Frames per second while the feed moves: one scroll input per frame.
    public var frameRate: Double
    /// The chance that the user swipes a carousel that is entirely on screen, rather than
    /// flinging on.
    public var carouselSwipeProbability: Double
    /// How long a carousel takes to settle after a swipe; the new offset applies then.
    public var carouselSwipeDuration: Duration
    /// Taps on the status bar (back to the top), per minute.
    public var backToTopPerMinute: Double
    /// How long the scroll to the top takes.
    public var backToTopDuration: Duration
    /// Switches to another tab and back, per minute.
    public var tabSwitchesPerMinute: Double
    /// The mean time on the other tab (log-normal with ``awayTimeSigma``).
    public var meanTimeOnOtherTab: Duration
    /// Trips to the background and back, per minute.
    public var backgroundingsPerMinute: Double
    /// The mean time in the background (log-normal with ``awayTimeSigma``).
    public var meanTimeInBackground: Duration
    /// Modal sheets over the feed, per minute.
    public var modalsPerMinute: Double
    /// The mean time a modal stays up (log-normal with ``awayTimeSigma``).
    public var meanModalTime: Duration
    /// The standard deviation of the logarithm of the times away and under a modal.
    public var awayTimeSigma: Double
    /// Pulls to refresh, per minute; the user first goes back to the top. The feed keeps
    /// its sections (the same ids), so after the refresh (a new visit) they count again,
    /// as new content would.
    public var refreshesPerMinute: Double
    /// How long a refresh takes, from the pull to the new content.
    public var refreshDuration: Duration
    /// How long sessions last, capped by the run's session duration; `nil` (the
    /// default): every session lasts the run's duration.
    public var sessionLength: SessionLength?

    /// Creates a user model; see the properties for what each parameter means.
    public init(
        meanReadingPause: Duration = .milliseconds(2200),
        readingPauseSigma: Double = 0.9,
        medianFlingSpeed: Double = 2000,
        flingSpeedSigma: Double = 0.6,
        upwardFlingProbability: Double = 0.15,
        velocityDecayPerMillisecond: Double = 0.998,
        stoppingSpeed: Double = 20,
        frameRate: Double = 60,
        carouselSwipeProbability: Double = 0.4,
        carouselSwipeDuration: Duration = .milliseconds(300),
        backToTopPerMinute: Double = 0.2,
        backToTopDuration: Duration = .milliseconds(400),
        tabSwitchesPerMinute: Double = 0.4,
        meanTimeOnOtherTab: Duration = .seconds(6),
        backgroundingsPerMinute: Double = 0.2,
        meanTimeInBackground: Duration = .seconds(12),
        modalsPerMinute: Double = 0.3,
        meanModalTime: Duration = .seconds(4),
        awayTimeSigma: Double = 0.8,
        refreshesPerMinute: Double = 0.15,
        refreshDuration: Duration = .milliseconds(1200),
        sessionLength: SessionLength? = nil
    ) {
        self.meanReadingPause = meanReadingPause
        self.readingPauseSigma = readingPauseSigma
        self.medianFlingSpeed = medianFlingSpeed
        self.flingSpeedSigma = flingSpeedSigma
        self.upwardFlingProbability = upwardFlingProbability
        self.velocityDecayPerMillisecond = velocityDecayPerMillisecond
        self.stoppingSpeed = stoppingSpeed
        self.frameRate = frameRate
        self.carouselSwipeProbability = carouselSwipeProbability
        self.carouselSwipeDuration = carouselSwipeDuration
        self.backToTopPerMinute = backToTopPerMinute
        self.backToTopDuration = backToTopDuration
        self.tabSwitchesPerMinute = tabSwitchesPerMinute
        self.meanTimeOnOtherTab = meanTimeOnOtherTab
        self.backgroundingsPerMinute = backgroundingsPerMinute
        self.meanTimeInBackground = meanTimeInBackground
        self.modalsPerMinute = modalsPerMinute
        self.meanModalTime = meanModalTime
        self.awayTimeSigma = awayTimeSigma
        self.refreshesPerMinute = refreshesPerMinute
        self.refreshDuration = refreshDuration
        self.sessionLength = sessionLength
    }

    /// A user who only reads and flings: no carousel swipes and no rare events.
    public static var scrollingOnly: UserModel {
        UserModel(carouselSwipeProbability: 0, backToTopPerMinute: 0, tabSwitchesPerMinute: 0,
                  backgroundingsPerMinute: 0, modalsPerMinute: 0, refreshesPerMinute: 0)
    }

    /// The distance a fling starting at `speed` points per second travels before it
    /// stops, in points, on an endless feed: `(speed - stoppingSpeed) / (1000 × -ln decay)`.
    public func flingDistance(startingSpeed speed: Double) -> Double {
        FlingPhysics(model: self).distance(startingSpeed: speed)
    }

    /// The first problem with these parameters, or `nil` when they are usable.
    public var problem: String? {
        let durations: [(String, Duration)] = [
            ("meanReadingPause", meanReadingPause), ("carouselSwipeDuration", carouselSwipeDuration),
            ("backToTopDuration", backToTopDuration), ("meanTimeOnOtherTab", meanTimeOnOtherTab),
            ("meanTimeInBackground", meanTimeInBackground), ("meanModalTime", meanModalTime),
            ("refreshDuration", refreshDuration),
        ]
        for (name, value) in durations where !(value >= .zero && value <= .seconds(86_400)) {
            return "\(name) must be in 0...86400 s, got \(value)"
        }
        let nonNegative: [(String, Double)] = [
            ("readingPauseSigma", readingPauseSigma), ("medianFlingSpeed", medianFlingSpeed),
            ("flingSpeedSigma", flingSpeedSigma),
            ("backToTopPerMinute", backToTopPerMinute), ("tabSwitchesPerMinute", tabSwitchesPerMinute),
            ("backgroundingsPerMinute", backgroundingsPerMinute), ("modalsPerMinute", modalsPerMinute),
            ("awayTimeSigma", awayTimeSigma), ("refreshesPerMinute", refreshesPerMinute),
        ]
        for (name, value) in nonNegative where !(value.isFinite && value >= 0 && value <= 1_000_000) {
            return "\(name) must be in 0...1000000, got \(value)"
        }
        let probabilities: [(String, Double)] = [
            ("upwardFlingProbability", upwardFlingProbability),
            ("carouselSwipeProbability", carouselSwipeProbability),
        ]
        for (name, value) in probabilities where !(value >= 0 && value <= 1) {
            return "\(name) must be in 0...1, got \(value)"
        }
        if meanReadingPause < .milliseconds(1) {
            return "meanReadingPause must be at least 1 ms, got \(meanReadingPause)"
        }
        if !(stoppingSpeed > 0 && stoppingSpeed <= 1_000_000) {
            return "stoppingSpeed must be in 0<...1000000, got \(stoppingSpeed)"
        }
        if !(velocityDecayPerMillisecond > 0 && velocityDecayPerMillisecond < 1) {
            return "velocityDecayPerMillisecond must be in 0<..<1, got \(velocityDecayPerMillisecond)"
        }
        if !(frameRate >= 1 && frameRate <= 1000) {
            return "frameRate must be in 1...1000, got \(frameRate)"
        }
        return sessionLength?.problem
    }
}
