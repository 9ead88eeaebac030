/// A clock reduced to what the tracker (and a ``TraceFileSink``) needs, with its `Instant` type erased: the time
/// elapsed since the tracker's origin, and a sleep until an elapsed time.
struct TrackerClock: Sendable {
    /// The time since the origin, never negative.
    let elapsed: @Sendable () -> Duration
    /// Sleeps until `elapsed() >= deadline`; throws when the task is cancelled.
    let sleepUntil: @Sendable (_ deadline: Duration) async throws -> Void

    /// Takes `clock.now` as the origin.
    init<C: Clock<Duration>>(_ clock: C) {
        let origin = clock.now
        elapsed = { max(.zero, origin.duration(to: clock.now)) }
        sleepUntil = { deadline in
            try await clock.sleep(until: origin.advanced(by: deadline), tolerance: nil)
        }
    }
}
