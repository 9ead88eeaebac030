/// Where a tracker's `run()` stands: not running, running on its ticks, or never again
/// because the tracker finished; and the tests waiting for it to begin.
///
/// It lives in its actor's isolation, like ``TrackerDriver``, which owns it. A class, not
/// a struct: ``waitUntilCaughtUp(isolation:)`` suspends while the state goes on changing.
final class TrackerRunState {
    private enum Phase {
        case idle
        /// `run()` is in progress, sleeping on these ticks.
        case running(SampleTicks)
        case finished
    }

    private var phase = Phase.idle
    /// Tasks waiting for `run()` to begin. For tests: see ``waitUntilCaughtUp(isolation:)``.
    private var startWaiters: [CheckedContinuation<Void, Never>] = []

    init() {}

    /// The ticks of the `run()` in progress; `nil` when none is.
    var ticks: SampleTicks? {
        guard case .running(let ticks) = phase else { return nil }
        return ticks
    }

    /// Whether a `run()` is in progress.
    var isRunning: Bool { ticks != nil }

    /// Whether the tracker finished: nothing is published any more, and `run()` refuses.
    var isFinished: Bool {
        guard case .finished = phase else { return false }
        return true
    }

    /// A `run()` begins, sleeping on `ticks`; those waiting for it go on.
    ///
    /// - Throws: ``ImpressionTrackerError/alreadyRunning`` when another `run()` is in
    ///   progress, ``ImpressionTrackerError/finished`` after ``finish()``.
    func start(_ ticks: SampleTicks) throws(ImpressionTrackerError) {
        switch phase {
        case .running: throw .alreadyRunning
        case .finished: throw .finished
        case .idle: phase = .running(ticks)
        }
        resumeStartWaiters()
    }

    /// The `run()` in progress returned: another may begin, unless the tracker finished.
    func stop() {
        if case .running = phase { phase = .idle }
    }

    /// The tracker finished: ends the ticks of the `run()` in progress, if any, and
    /// releases those waiting for a `run()` to begin.
    func finish() {
        ticks?.finish()
        phase = .finished
        resumeStartWaiters()
    }

    /// Suspends until `run()` has begun and is parked with nothing due by the clock's
    /// current time (every tick due so far has been flushed), or the tracker finished.
    /// For tests driving a ``ManualClock``: they await this instead of polling.
    func waitUntilCaughtUp(isolation actor: isolated any Actor) async {
        while true {
            switch phase {
            case .running(let ticks):
                await ticks.waitUntilCaughtUp()
                return
            case .finished:
                return
            case .idle:
                await withCheckedContinuation { startWaiters.append($0) }
            }
        }
    }

    private func resumeStartWaiters() {
        let waiters = startWaiters
        startWaiters = []
        for waiter in waiters { waiter.resume() }
    }
}
