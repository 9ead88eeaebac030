import Synchronization

/// The inputs sent to a tracker from synchronous code (``ImpressionTracker/send(_:)``),
/// each stamped with the clock's time as it was sent, waiting for the actor.
///
/// Stamping and queueing happen under one lock, and so does the actor's reading of the
/// clock when it takes the queue: every input it takes was sent at or before the time
/// it then flushes to, and every later one is stamped at or after it. So each input
/// applies at its own time, in call order. A flush that finds nothing queued (an atomic
/// count, read after the clock) skips the lock: an input counted after that read is
/// stamped after it too, since each send counts itself before it reads the clock.
final class SentInputs<ID: Hashable & Sendable>: Sendable {
    /// An input and the tracker time it was sent at.
    struct Stamped: Sendable {
        var time: Duration
        var input: EngineInput<ID>
    }

    private struct State {
        var queue: [Stamped] = []
        /// The running loop's ticks, woken by each input so that it flushes.
        var ticks: SampleTicks?
    }

    private let state = Locked(State())
    /// The number of queued inputs, readable without the lock: most flushes find none.
    private let queuedCount = Atomic(0)

    /// Queues `input`, stamped with `clock`'s time now, and wakes the running loop.
    func append(_ input: EngineInput<ID>, stampedBy clock: TrackerClock) {
        let ticks = state.withLock { state in
            // Counted before stamping: a flush that reads the clock and then sees no input
            // misses only inputs stamped at or after its time (see `take`).
            queuedCount.add(1, ordering: .sequentiallyConsistent)
            state.queue.append(Stamped(time: clock.elapsed(), input: input))
            return state.ticks
        }
        ticks?.inputArrived()
    }

    /// Takes every queued input, and the clock's time, at or after all of their stamps.
    func take(stampedBy clock: TrackerClock) -> (inputs: [Stamped], now: Duration) {
        // The fast path, without the lock: nothing counted after the clock was read means
        // any input still to come is stamped at or after `now`.
        let now = clock.elapsed()
        if queuedCount.load(ordering: .sequentiallyConsistent) == 0 { return ([], now) }
        return state.withLock { state in
            queuedCount.store(0, ordering: .sequentiallyConsistent)
            let lockedNow = clock.elapsed()
            guard !state.queue.isEmpty else { return ([], lockedNow) }
            defer { state.queue = [] }
            return (state.queue, lockedNow)
        }
    }

    /// The queued inputs, in order, without taking them. For tests.
    var queued: [Stamped] {
        state.withLock { $0.queue }
    }

    /// The ticks to wake for each new input (`nil`: no loop is running).
    func wake(_ ticks: SampleTicks?) {
        state.withLock { $0.ticks = ticks }
    }
}
