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
/// try await clock.waitForSleepers(count: 1)
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

    /// A ``waitForSleepers(count:)`` call, from taking its id to being resumed.
    private enum SleeperCountWait: Sendable {
        /// Not registered yet, and not cancelled so far.
        case waitingForRegistration
        /// Cancelled before it registered: it throws as it registers.
        case cancelledBeforeRegistration
        /// Registered, until `count` tasks sleep.
        case waiting(count: Int, continuation: CheckedContinuation<Void, any Error>)
    }

    private struct State: Sendable {
        var now = Instant(offset: .zero)
        var nextSleepID: UInt64 = 0
        // The window between a sleep taking its id and registering its continuation: a
        // cancel that lands there is remembered here, so the sleep cannot miss it.
        var pendingSleeps: [UInt64: PendingSleep] = [:]
        // Registration order; deadline order is only needed when an advance wakes some.
        var sleepers: [Sleeper] = []
        var sleeperCountWaits: [UInt64: SleeperCountWait] = [:]

        mutating func takeID() -> UInt64 {
            defer { nextSleepID += 1 }
            return nextSleepID
        }

        /// Removes the sleeper-count waits that the current number of sleepers satisfies.
        mutating func takeSatisfiedCountWaits() -> [CheckedContinuation<Void, any Error>] {
            var satisfied: [CheckedContinuation<Void, any Error>] = []
            for (waitID, wait) in sleeperCountWaits {
                if case .waiting(let count, let continuation) = wait, sleepers.count >= count {
                    sleeperCountWaits[waitID] = nil
                    satisfied.append(continuation)
                }
            }
            return satisfied
        }
    }

    private let state = Locked(State())

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
    /// cancelled. To wait for sleepers to be in place before advancing, await
    /// ``waitForSleepers(count:)`` rather than polling this.
    public var sleeperCount: Int {
        state.withLock { $0.sleepers.count }
    }

    /// Suspends until at least `count` tasks are sleeping on the clock (see
    /// ``sleeperCount``), so that a test advances only once the sleepers it expects are
    /// in place: an event to await, not a condition to poll.
    ///
    /// Returns at once when that many sleep already.
    ///
    /// - Throws: `CancellationError` when the waiting task is cancelled first.
    public func waitForSleepers(count: Int = 1) async throws {
        let waitID = state.withLock { state in
            let waitID = state.takeID()
            state.sleeperCountWaits[waitID] = .waitingForRegistration
            return waitID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = state.withLock { state -> Result<Void, any Error>? in
                    if case .cancelledBeforeRegistration = state.sleeperCountWaits.removeValue(forKey: waitID) {
                        return .failure(CancellationError())
                    }
                    if state.sleepers.count >= count { return .success(()) }
                    state.sleeperCountWaits[waitID] = .waiting(count: count, continuation: continuation)
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                switch state.sleeperCountWaits[waitID] {
                case .waitingForRegistration:
                    state.sleeperCountWaits[waitID] = .cancelledBeforeRegistration
                    return nil
                case .waiting(_, let continuation):
                    state.sleeperCountWaits[waitID] = nil
                    return continuation
                case .cancelledBeforeRegistration, nil:
                    return nil
                }
            }
            cancelled?.resume(throwing: CancellationError())
        }
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
            let sleepID = state.takeID()
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
        enum Outcome { case sleep(satisfying: [CheckedContinuation<Void, any Error>]), wake, cancel }
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
            return .sleep(satisfying: state.takeSatisfiedCountWaits())
        }
        switch outcome {
        case .sleep(let satisfiedWaits):
            for wait in satisfiedWaits { wait.resume() }
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
