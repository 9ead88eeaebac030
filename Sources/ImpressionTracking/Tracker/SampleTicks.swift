import Synchronization

/// The tracker's tick: an `AsyncStream` of sample deadlines from the clock.
///
/// Deadlines lie on the grid `0, Δ, 2Δ, ...` from the tracker's origin, so they never
/// drift; a tick that comes late skips the deadlines already passed (the tracker
/// evaluates every sample due when it flushes, so nothing is lost). The stream ends,
/// without throwing into the consumer, when the consuming task is cancelled.
enum SampleTicks {
    static func stream(interval: Duration, clock: TrackerClock) -> AsyncStream<Duration> {
        let nextDeadline = Mutex(deadline(after: clock.elapsed(), interval: interval))
        return AsyncStream {
            let deadline = nextDeadline.withLock { $0 }
            do {
                try await clock.sleepUntil(deadline)
            } catch {
                return nil   // cancelled
            }
            guard !Task.isCancelled else { return nil }
            nextDeadline.withLock { $0 = Self.deadline(after: max(deadline, clock.elapsed()), interval: interval) }
            return deadline
        }
    }

    /// The first grid point strictly after `time`.
    static func deadline(after time: Duration, interval: Duration) -> Duration {
        let index = time.attoseconds / interval.attoseconds + 1
        return interval * Int(clamping: index)
    }
}
