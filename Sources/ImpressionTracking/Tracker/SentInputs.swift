/// The inputs sent to a tracker from synchronous code (``ImpressionTracker/send(_:)``),
/// each stamped with the clock's time as it was sent, waiting for the actor.
///
/// Stamping and queueing happen under one lock, and so does the actor's reading of the
/// clock when it takes the queue: every input it takes was sent at or before the time
/// it then flushes to, and every later one is stamped at or after it. So each input
/// applies at its own time, in call order.
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

    /// Queues `input`, stamped with `clock`'s time now, and wakes the running loop.
    func append(_ input: EngineInput<ID>, stampedBy clock: TrackerClock) {
        let ticks = state.withLock { state in
            state.queue.append(Stamped(time: clock.elapsed(), input: input))
            return state.ticks
        }
        ticks?.inputArrived()
    }

    /// Takes every queued input, and the clock's time, at or after all of their stamps.
    func take(stampedBy clock: TrackerClock) -> (inputs: [Stamped], now: Duration) {
        state.withLock { state in
            let now = clock.elapsed()
            guard !state.queue.isEmpty else { return ([], now) }
            defer { state.queue = [] }
            return (state.queue, now)
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
