extension ManualClock {
    /// A point in the manual clock's time: the duration since the clock was created.
    ///
    /// Instants of different ``ManualClock`` values are all measured from their own clock's
    /// creation, so comparing them across clocks means nothing.
    public struct Instant: InstantProtocol, Sendable, Hashable, Comparable {
        /// The instant's duration type: the standard library's `Duration`.
        public typealias Duration = Swift.Duration

        /// The time since the clock's creation; ``ManualClock/now`` starts at `.zero`.
        public var offset: Duration

        /// Creates the instant `offset` after the clock's creation.
        ///
        /// Useful for absolute deadlines in tests, e.g.
        /// `clock.advance(to: .init(offset: .seconds(3)))`.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The instant `duration` later than this one (earlier when `duration` is negative).
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The duration from this instant to `other`: negative when `other` is earlier.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` is earlier than `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        // The operators below mirror `ContinuousClock.Instant`, so tests can write
        // `clock.now + .seconds(1)` as they would against a real clock.

        /// The instant `rhs` later than `lhs`.
        public static func + (lhs: Instant, rhs: Duration) -> Instant {
            lhs.advanced(by: rhs)
        }

        /// Moves `lhs` later by `rhs`.
        public static func += (lhs: inout Instant, rhs: Duration) {
            lhs = lhs.advanced(by: rhs)
        }

        /// The instant `rhs` earlier than `lhs`.
        public static func - (lhs: Instant, rhs: Duration) -> Instant {
            lhs.advanced(by: .zero - rhs)
        }

        /// Moves `lhs` earlier by `rhs`.
        public static func -= (lhs: inout Instant, rhs: Duration) {
            lhs = lhs - rhs
        }

        /// The duration from `rhs` to `lhs`: negative when `lhs` is earlier.
        public static func - (lhs: Instant, rhs: Instant) -> Duration {
            rhs.duration(to: lhs)
        }
    }
}
