/// The tracker's tick: an `AsyncStream` of sample deadlines from the clock, one for
/// each sample at which something can happen. Here is where `run()` sleeps.
///
/// Samples lie on the grid `0, Δ, 2Δ, ...` from the tracker's origin, `Δ` the sample
/// interval (100 ms by default): the engine knows the next sample on that grid that can
/// report anything (``ImpressionEngine/nextEventTime``), the one after an input or the
/// one at which a visible section completes its run. The tracker sets it as the
/// deadline after every flush and input; the stream sleeps until it on the clock, and not
/// at all while nothing can happen. So an idle tracker costs nothing, and a counting one
/// wakes once per impression instead of ten times a second; samples in between are
/// evaluated in bulk when it wakes, with the same result as ticking every interval.
/// Deadlines come from the grid, never from `now + Δ`, so they do not drift.
///
/// The rules live in ``TickStateMachine``; this is its storage: a lock, the consumer's
/// continuation, and the sleep, a child task of the consumer's own task. The stream
/// ends, without throwing into the consumer, when the consuming task is cancelled or
/// ``finish()`` is called.
final class SampleTicks: Sendable {
    private typealias Waiter = CheckedContinuation<Void, Never>

    private let machine = Locked(TickStateMachine<Waiter>())
    private let clock: TrackerClock

    init(clock: TrackerClock) {
        self.clock = clock
    }

    /// The ticks: each is the deadline that passed. Consume it from one task only.
    func stream() -> AsyncStream<Duration> {
        AsyncStream { await self.nextTick() }
    }

    /// Moves the next tick to `deadline` (`nil`: none until it changes again), waking
    /// the parked stream so it sleeps towards the new deadline.
    func setDeadline(_ deadline: Duration?) {
        machine.withLock { $0.setDeadline(deadline) }?.resume()
    }

    /// Ticks at once: an input was sent and waits for a flush.
    func inputArrived() {
        machine.withLock { $0.inputArrived() }?.resume()
    }

    /// Ends the stream.
    func finish() {
        for waiter in machine.withLock({ $0.finish() }) { waiter.resume() }
    }

    /// Suspends until the stream is parked with no tick due at the clock's current time
    /// (everything due so far was ticked and consumed), or has ended. For tests.
    func waitUntilCaughtUp() async {
        await withCheckedContinuation { (waiter: Waiter) in
            machine.withLock { $0.waitUntilCaughtUp(waiter, now: clock.elapsed()) }?.resume()
        }
    }

    private func nextTick() async -> Duration? {
        while true {
            let action = machine.withLock { $0.next(now: clock.elapsed(), isCancelled: Task.isCancelled) }
            switch action {
            case .end: return nil
            case .tick(let deadline): return deadline
            case .park(let target): await park(until: target)
            }
            // Woken: the deadline passed or changed, or the stream ended; look again.
        }
    }

    /// Parks the consuming task until `target` passes on the clock, the deadline changes,
    /// or the stream ends. The sleep is a child task, cancelled once the consumer wakes.
    private func park(until target: Duration?) async {
        await withTaskGroup(of: Void.self) { sleep in
            if let target {
                sleep.addTask { [clock] in
                    do { try await clock.sleepUntil(target) } catch { return }   // cancelled: woken otherwise
                    self.machine.withLock { $0.sleepEnded() }?.resume()
                }
            }
            await withTaskCancellationHandler {
                await withCheckedContinuation { (waiter: Waiter) in
                    let action = machine.withLock { $0.park(waiter, until: target, now: clock.elapsed()) }
                    switch action {
                    case .resume(let waiter):
                        waiter.resume()
                    case .parked(let caughtUp):
                        for waiting in caughtUp { waiting.resume() }
                    }
                }
            } onCancel: {
                finish()
            }
            sleep.cancelAll()
        }
    }
}
