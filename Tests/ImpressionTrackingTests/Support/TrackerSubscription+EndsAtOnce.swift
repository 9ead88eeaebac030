@testable import ImpressionTracking

extension TrackerSubscription {
    /// Whether the subscription has been finished with nothing left in its buffer: its `next()`
    /// returns `nil` at once instead of waiting.
    ///
    /// It calls `next()` on a task whose jobs run only here (a ``ManualTaskExecutor``), so
    /// a `next()` left waiting is seen as waiting, deterministically, not by a time limit.
    /// It reads the subscription: a buffered element is taken, and one still open is ended
    /// when the waiting probe is cancelled.
    func endsAtOnce() -> Bool {
        let executor = ManualTaskExecutor()
        let endedUncancelled = Locked<Bool?>(nil)
        let probe = Task(executorPreference: executor) {
            var iterator = makeAsyncIterator()
            let element = await iterator.next()
            // A cancelled next() returns nil too: only an uncancelled nil means finished.
            endedUncancelled.withLock { $0 = element == nil && !Task.isCancelled }
        }
        executor.runUntilIdle()
        let ended = endedUncancelled.withLock { $0 } == true
        probe.cancel()
        executor.runUntilIdle()
        return ended
    }
}
