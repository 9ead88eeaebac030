/// One subscription's buffer, between the tracker (which publishes batches into it) and
/// the one task iterating it.
///
/// What one sample fires is published as one batch: appended under one lock acquisition,
/// and a waiting consumer is woken once for all of it. The rules (what is kept, dropped
/// and handed over) live in ``SubscriberBufferStateMachine``; this is its storage: a
/// lock, the consumer's continuation, and the drop count. Each call takes the lock, asks
/// the machine, and resumes the consumer after releasing it.
final class SubscriberBuffer<Element: Sendable>: Sendable {
    private typealias Waiter = UnsafeContinuation<SubscriberHandoff<Element>, Never>
    private typealias Machine = SubscriberBufferStateMachine<Element, Waiter>

    let bufferingPolicy: TrackerSubscription<Element>.BufferingPolicy
    let drops = DropCounter()
    private let machine: Locked<Machine>

    init(bufferingPolicy: TrackerSubscription<Element>.BufferingPolicy, isFinished: Bool = false) {
        self.bufferingPolicy = bufferingPolicy
        machine = Locked(Machine(bufferingPolicy: bufferingPolicy, isFinished: isFinished))
    }

    /// Whether the consumer went away: the tracker stops publishing to it.
    var isTerminated: Bool { machine.withLock { $0.isConsumerGone } }

    // MARK: - Tracker side

    /// Appends `batch` and wakes a waiting consumer once; returns `false` when the
    /// consumer has gone away (nothing is kept then).
    func publish(_ batch: some Collection<Element>) -> Bool {
        switch machine.withLock({ $0.publish(batch) }) {
        case .consumerGone:
            return false
        case .published(let waking, let dropped):
            if dropped > 0 { drops.add(dropped) }
            waking?.resume()
            return true
        }
    }

    /// Appends all of `batch` to a bounded buffer that has room for it and `reserved`
    /// elements more, else nothing: returns whether it was taken (not when full, finished,
    /// or the consumer went away). A recorder's lines are whole or missing, never cut in
    /// the middle of a batch, and the room it reserves keeps its closing lines from ever
    /// being the ones dropped.
    func publishWhole(_ batch: some Collection<Element>, reserving reserved: Int = 0) -> Bool {
        switch machine.withLock({ $0.publishWhole(batch, reserving: reserved) }) {
        case .refused:
            return false
        case .taken(let waking):
            waking?.resume()
            return true
        }
    }

    /// Ends the subscription once the consumer has read what was published.
    func finish() {
        machine.withLock { $0.finish() }?.resume()
    }

    // MARK: - Consumer side

    /// Fills `batch`, which the consumer has emptied (its room serves the next batches),
    /// with what comes next: everything buffered (unbounded) or the next element
    /// (bounded), waiting when nothing is buffered. Returns `false` once the subscription
    /// finished and is drained, or when the consuming task is cancelled.
    func next(into batch: inout [Element]) async -> Bool {
        let isCancelled = Task.isCancelled
        switch machine.withLock({ $0.next(into: &batch, isCancelled: isCancelled) }) {
        case .filled: return true
        case .ended: return false
        case .wait: break
        }
        let handoff = await withTaskCancellationHandler {
            await withUnsafeContinuation { (waiter: Waiter) in
                machine.withLock { $0.wait(waiter, handingOver: &batch) }?.resume()
            }
        } onCancel: {
            machine.withLock { $0.consumerCancelled() }?.resume()
        }
        return handoff.deliver(into: &batch)
    }

    /// The consumer dropped every copy of the subscription: publish no more.
    func terminate() {
        machine.withLock { $0.consumerWentAway() }
    }
}

extension SubscriberBufferStateMachine.Resumption
where Waiter == UnsafeContinuation<SubscriberHandoff<Element>, Never>, Element: Sendable {
    /// Resumes the consumer with its handoff. Never under the buffer's lock.
    func resume() {
        waiter.resume(returning: handoff)
    }
}
