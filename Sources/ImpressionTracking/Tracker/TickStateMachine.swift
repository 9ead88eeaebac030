/// The rules of the tracker's tick, without locks, tasks or clocks: each call says what
/// happened and returns what to do, so every interleaving can be tested synchronously.
///
/// One consumer (the `run()` loop) asks for the next tick with ``next(now:isCancelled:)``:
/// a tick when the deadline has passed, or park. While it is parked, the deadline
/// changing (``setDeadline(_:)``), the sleep towards it ending (``sleepEnded()``) or
/// the end (``finish()``) hand back the parked waiter to resume, and the consumer asks
/// again. `Waiter` is the parked task's continuation; tests use plain values.
struct TickStateMachine<Waiter> {
    /// The sample time the next tick is due at; `nil` while nothing can happen, when the
    /// consumer parks without sleeping until the deadline changes.
    private(set) var deadline: Duration?
    /// Whether the ticks have ended (``finish()`` or the consumer's cancellation).
    private(set) var isFinished = false
    /// Whether an input was sent since the last tick: the consumer must flush now.
    private(set) var hasInputArrived = false
    /// The consumer, parked until the deadline passes or changes.
    private var parked: Waiter?
    /// Tasks waiting for the consumer to be parked with nothing due. For tests.
    private var caughtUpWaiters: [Waiter] = []

    init() {}

    /// What the consumer does next.
    enum NextAction: Hashable {
        /// The deadline has passed: deliver it as a tick.
        case tick(Duration)
        /// Park, sleeping until the deadline (`nil`: without sleeping).
        case park(until: Duration?)
        /// The ticks are over.
        case end
    }

    /// The consumer asks for its next tick at `now`.
    mutating func next(now: Duration, isCancelled: Bool) -> NextAction {
        if isFinished || isCancelled { return .end }
        if hasInputArrived {
            hasInputArrived = false
            return .tick(now)
        }
        if let deadline, now >= deadline { return .tick(deadline) }
        return .park(until: deadline)
    }

    /// What to do once the consumer offered to park.
    enum ParkAction {
        /// Things moved since ``next(now:isCancelled:)``: resume the consumer at once.
        case resume(Waiter)
        /// Parked; resume these tasks waiting for the consumer to catch up.
        case parked(caughtUp: [Waiter])
    }

    /// The consumer parks, sleeping towards `target`, the deadline ``next(now:isCancelled:)``
    /// gave it. Refused when the deadline changed or passed since, or the ticks ended.
    mutating func park(_ waiter: Waiter, until target: Duration?, now: Duration) -> ParkAction {
        guard !isFinished, !hasInputArrived, deadline == target, !(target.map { now >= $0 } ?? false) else {
            return .resume(waiter)
        }
        parked = waiter
        defer { caughtUpWaiters = [] }
        return .parked(caughtUp: caughtUpWaiters)
    }

    /// Moves the deadline (`nil`: no tick until it moves again); returns the parked
    /// consumer to resume, so that it sleeps towards the new deadline.
    mutating func setDeadline(_ newDeadline: Duration?) -> Waiter? {
        guard deadline != newDeadline else { return nil }
        deadline = newDeadline
        return takeParked()
    }

    /// An input was sent (``ImpressionTracker/send(_:)``); returns the parked consumer to
    /// resume, so that it ticks at once and the input is applied.
    mutating func inputArrived() -> Waiter? {
        hasInputArrived = true
        return takeParked()
    }

    /// The consumer's sleep reached its deadline; returns the consumer to resume.
    mutating func sleepEnded() -> Waiter? {
        takeParked()
    }

    /// Ends the ticks; returns every task to resume: the consumer and those waiting.
    mutating func finish() -> [Waiter] {
        isFinished = true
        defer { caughtUpWaiters = [] }
        return (takeParked().map { [$0] } ?? []) + caughtUpWaiters
    }

    /// Whether the consumer is parked with no tick due at `now`: every tick due by then
    /// was delivered, and the consumer asked for the next.
    func isCaughtUp(now: Duration) -> Bool {
        parked != nil && !hasInputArrived && deadline.map { $0 > now } ?? true
    }

    /// A task waits until the consumer is caught up at `now` (or the ticks ended).
    /// Returns the waiter when that holds already, to resume at once.
    mutating func waitUntilCaughtUp(_ waiter: Waiter, now: Duration) -> Waiter? {
        if isFinished || isCaughtUp(now: now) { return waiter }
        caughtUpWaiters.append(waiter)
        return nil
    }

    private mutating func takeParked() -> Waiter? {
        defer { parked = nil }
        return parked
    }
}
