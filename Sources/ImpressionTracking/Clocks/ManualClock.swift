import Synchronization

/// A clock whose time moves only when it is told to, for driving time-based code
/// deterministically in tests and simulations.
///
/// ``now`` starts at an ``Instant/offset`` of zero when the clock is created and moves
/// forward only through ``advance(by:)`` and ``advance(to:)``. A task sleeping on the clock
/// wakes when an advance reaches its deadline; the sleepers that one advance makes due are
/// resumed in deadline order, and sleepers with the same deadline in the order they began
/// to sleep.
///
/// ```swift
/// let clock = ManualClock()
/// let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
/// // ... once clock.sleeperCount == 1:
/// clock.advance(by: .seconds(1))   // the sleeper wakes
/// try await sleeper.value
/// ```
///
/// The clock is a `Clock<Duration>`, so it can be handed to anything that takes
/// `some Clock<Duration>` in place of a `ContinuousClock`.
///
/// - Important: Nothing but ``advance(by:)`` and ``advance(to:)`` moves time. A task that
///   sleeps on a clock nobody advances sleeps until it is cancelled.
public final class ManualClock: Clock, Sendable {
    /// The clock's duration type: the standard library's `Duration`.
    public typealias Duration = Swift.Duration

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

    /// A registered sleeper, waiting for an advance to reach its deadline.
    private struct Sleeper: Sendable {
        let sleepID: UInt64
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    /// Where a sleep that has an id but no registered continuation yet stands.
    private enum PendingSleep: Sendable {
        /// Not cancelled so far.
        case waitingForRegistration
        /// Cancelled before its continuation was registered: it throws as it registers.
        case cancelledBeforeRegistration
    }

    private struct State: Sendable {
        var now = Instant(offset: .zero)
        var nextSleepID: UInt64 = 0
        // The window between a sleep taking its id and registering its continuation: a
        // cancel that lands there is remembered here, so the sleep cannot miss it.
        var pendingSleeps: [UInt64: PendingSleep] = [:]
        // Registration order; deadline order is only needed when an advance wakes some.
        var sleepers: [Sleeper] = []
    }

    private let state = Mutex(State())

    /// Creates a clock whose ``now`` is an ``Instant/offset`` of zero.
    public init() {}

    /// The current instant: the sum of every forward advance since the clock was created.
    public var now: Instant {
        state.withLock { $0.now }
    }

    /// The smallest step the clock can tell apart: `.zero`.
    ///
    /// Time moves only by the exact amounts given to ``advance(by:)`` and ``advance(to:)``,
    /// so any duration, however small, is representable and no rounding ever happens.
    public var minimumResolution: Duration {
        .zero
    }

    /// The number of tasks currently sleeping on this clock.
    ///
    /// A task counts once its sleep is registered and stops counting when it is woken or
    /// cancelled. Tests use it to know a sleeper is in place before advancing, e.g.
    /// `while clock.sleeperCount < 1 { await Task.yield() }`, instead of sleeping.
    public var sleeperCount: Int {
        state.withLock { $0.sleepers.count }
    }

    /// Sleeps given an id whose continuation is not registered yet; zero once every
    /// ``sleep(until:tolerance:)`` call has registered or returned. For tests: proves that
    /// cancels arriving early leave nothing behind.
    var pendingSleepCount: Int {
        state.withLock { $0.pendingSleeps.count }
    }

    /// Suspends the calling task until an advance of the clock reaches `deadline`.
    ///
    /// A deadline at or before ``now`` returns at once. Otherwise the task sleeps until
    /// ``advance(by:)`` or ``advance(to:)`` moves ``now`` to or past `deadline`.
    /// `tolerance` is ignored: every sleeper wakes at the advance that reaches its deadline.
    ///
    /// - Important: Cancellation is honoured: the sleep throws `CancellationError` when its
    ///   task is cancelled while sleeping, or was cancelled before the sleep began (even
    ///   when `deadline` has passed, as `Task.sleep` does). A cancelled sleeper no longer
    ///   counts in ``sleeperCount``.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let sleepID = state.withLock { state in
            let sleepID = state.nextSleepID
            state.nextSleepID += 1
            state.pendingSleeps[sleepID] = .waitingForRegistration
            return sleepID
        }
        // When the task is already cancelled, `onCancel` runs before the operation, so the
        // id must exist first: the cancel marks it and registration sees the mark.
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                register(sleepID, deadline: deadline, continuation: continuation)
            }
        } onCancel: {
            cancel(sleepID)
        }
    }

    /// Moves the clock forward by `duration` and wakes the sleepers that become due.
    ///
    /// The woken sleepers are resumed in deadline order, those with the same deadline in
    /// the order they began to sleep. A zero or negative `duration` changes nothing: time
    /// never runs backwards.
    public func advance(by duration: Duration) {
        // Read and moved in one critical section, so concurrent advances add up.
        advance { $0.advanced(by: duration) }
    }

    /// Moves the clock forward to `instant` and wakes the sleepers that become due.
    ///
    /// The woken sleepers are resumed in deadline order, those with the same deadline in
    /// the order they began to sleep. An `instant` at or before ``now`` changes nothing:
    /// time never runs backwards.
    public func advance(to instant: Instant) {
        advance { _ in instant }
    }

    private func advance(_ target: (Instant) -> Instant) {
        let woken = state.withLock { state -> [Sleeper] in
            let newNow = target(state.now)
            guard newNow > state.now else { return [] }
            state.now = newNow
            var due: [(registration: Int, sleeper: Sleeper)] = []
            var remaining: [Sleeper] = []
            for (registration, sleeper) in state.sleepers.enumerated() {
                if sleeper.deadline <= newNow {
                    due.append((registration, sleeper))
                } else {
                    remaining.append(sleeper)
                }
            }
            state.sleepers = remaining
            due.sort { ($0.sleeper.deadline, $0.registration) < ($1.sleeper.deadline, $1.registration) }
            return due.map(\.sleeper)
        }
        // Outside the lock: a resumed task may touch the clock again at once.
        for sleeper in woken {
            sleeper.continuation.resume()
        }
    }

    private func register(
        _ sleepID: UInt64,
        deadline: Instant,
        continuation: CheckedContinuation<Void, any Error>
    ) {
        enum Outcome { case sleep, wake, cancel }
        let outcome = state.withLock { state -> Outcome in
            let pending = state.pendingSleeps.removeValue(forKey: sleepID)
            if case .cancelledBeforeRegistration = pending {
                return .cancel
            }
            // Every registered sleeper is still due, so an advance never misses one.
            if deadline <= state.now {
                return .wake
            }
            state.sleepers.append(Sleeper(sleepID: sleepID, deadline: deadline, continuation: continuation))
            return .sleep
        }
        switch outcome {
        case .sleep:
            break
        case .wake:
            continuation.resume()
        case .cancel:
            continuation.resume(throwing: CancellationError())
        }
    }

    private func cancel(_ sleepID: UInt64) {
        let cancelled = state.withLock { state -> Sleeper? in
            if let index = state.sleepers.firstIndex(where: { $0.sleepID == sleepID }) {
                return state.sleepers.remove(at: index)
            }
            // Only a sleep still waiting to register is marked; one already woken is gone
            // from both places, so a late cancel leaves nothing behind.
            if state.pendingSleeps[sleepID] != nil {
                state.pendingSleeps[sleepID] = .cancelledBeforeRegistration
            }
            return nil
        }
        cancelled?.continuation.resume(throwing: CancellationError())
    }
}
