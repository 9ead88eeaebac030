import Synchronization

/// The tracker's tick: an `AsyncStream` of sample deadlines from the clock, one for
/// each sample at which something can happen.
///
/// Between inputs, the engine knows the next sample that can report anything
/// (``ImpressionEngine/nextEventTime``): the one after an input, or the one at which a
/// visible section completes its run. The tracker sets that as the deadline after every
/// flush and input; the stream sleeps until it, and not at all while nothing can happen.
/// So an idle tracker costs nothing, and a counting one wakes once per impression
/// instead of ten times a second; samples in between are evaluated in bulk when it
/// wakes, with the same result as ticking every interval.
///
/// Deadlines lie on the grid `0, Δ, 2Δ, ...` from the tracker's origin, so they never
/// drift. The stream ends, without throwing into the consumer, when the consuming task
/// is cancelled or ``finish()`` is called.
final class SampleTicks: Sendable {
    private struct State {
        /// The sample time to wake at; `nil` to sleep until the deadline changes.
        var deadline: Duration?
        /// The consuming task, parked until the deadline passes or changes.
        var waiter: CheckedContinuation<Void, Never>?
        var sleeper: Task<Void, Never>?
        var isFinished = false

        /// Takes the parked waiter, if any, and cancels its sleeper; the caller resumes
        /// the waiter outside the lock.
        mutating func unpark() -> CheckedContinuation<Void, Never>? {
            sleeper?.cancel()
            sleeper = nil
            defer { waiter = nil }
            return waiter
        }
    }

    private let state = Mutex(State())
    private let clock: TrackerClock

    init(clock: TrackerClock) {
        self.clock = clock
    }

    /// The ticks: each is the deadline that passed.
    func stream() -> AsyncStream<Duration> {
        AsyncStream { await self.nextTick() }
    }

    /// Moves the next tick to `deadline` (`nil`: none until it changes again), waking
    /// the parked stream so it sleeps towards the new deadline.
    func setDeadline(_ deadline: Duration?) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard state.deadline != deadline else { return nil }
            state.deadline = deadline
            return state.unpark()
        }
        waiter?.resume()
    }

    /// Ends the stream.
    func finish() {
        let waiter = state.withLock { state in
            state.isFinished = true
            return state.unpark()
        }
        waiter?.resume()
    }

    /// Whether the stream is parked with no tick due at `time`: everything due by then
    /// has been ticked and consumed. For tests.
    func isParked(pastTime time: Duration) -> Bool {
        state.withLock { $0.waiter != nil && $0.deadline.map { $0 > time } ?? true }
    }

    private func nextTick() async -> Duration? {
        while true {
            let (deadline, isFinished) = state.withLock { ($0.deadline, $0.isFinished) }
            if isFinished || Task.isCancelled { return nil }
            if let deadline, clock.elapsed() >= deadline { return deadline }
            await withTaskCancellationHandler {
                await park(until: deadline)
            } onCancel: {
                finish()
            }
            // Woken: the deadline passed or changed, or the stream ended; look again.
        }
    }

    /// Parks the consuming task until `deadline` passes on the clock, or the deadline
    /// changes, or the stream ends.
    private func park(until deadline: Duration?) async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let parked = state.withLock { state -> Bool in
                guard !state.isFinished, state.deadline == deadline else { return false }
                state.waiter = waiter
                if let deadline {
                    let clock = self.clock
                    state.sleeper = Task { [weak self] in
                        do { try await clock.sleepUntil(deadline) } catch { return }   // cancelled: moved
                        self?.deadlinePassed(deadline)
                    }
                }
                return true
            }
            if !parked { waiter.resume() }
        }
    }

    private func deadlinePassed(_ deadline: Duration) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard state.deadline == deadline else { return nil }
            return state.unpark()
        }
        waiter?.resume()
    }
}
