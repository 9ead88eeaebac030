/// One subscription's buffer, between the tracker (which publishes batches into it) and
/// the one task iterating it.
///
/// What one sample fires is published as one batch: appended under one lock acquisition,
/// and a waiting consumer is woken once for all of it. An unbounded consumer then takes
/// everything buffered in one swap of arrays, handing back its emptied array, whose room
/// the next batches fill: in a steady state nothing is allocated per element or per batch.
/// A bounded buffer keeps `AsyncStream`'s rules element by element (a waiting consumer
/// receives the first element directly, the buffer holds at most `limit` more, each taken
/// one at a time), so what it drops is what an `AsyncStream` would drop.
final class SubscriberBuffer<Element: Sendable>: Sendable {
    /// What a waiting consumer is resumed with.
    enum Handoff: Sendable {
        /// Everything buffered, for an unbounded consumer.
        case batch([Element])
        /// One element, for a bounded consumer.
        case one(Element)
        /// The subscription ended: finished, or its consumer cancelled.
        case end
    }

    private struct State {
        /// Published and not yet taken; `pending[head...]` for a bounded buffer.
        var pending: [Element] = []
        var head = 0
        /// An emptied array a waiting unbounded consumer left, to become `pending`.
        var spare: [Element] = []
        var waiting: UnsafeContinuation<Handoff, Never>?
        /// No more elements come: the tracker finished.
        var isFinished = false
        /// The consumer went away (cancelled, or every copy of the subscription dropped).
        var isTerminated = false

        var bufferedCount: Int { pending.count - head }
    }

    let bufferingPolicy: TrackerSubscription<Element>.BufferingPolicy
    let drops = DropCounter()
    private let state = Locked(State())

    init(bufferingPolicy: TrackerSubscription<Element>.BufferingPolicy, isFinished: Bool = false) {
        self.bufferingPolicy = bufferingPolicy
        if isFinished { state.withLock { $0.isFinished = true } }
    }

    /// The buffer's limit, or `nil` when it has none.
    private var limit: Int? {
        switch bufferingPolicy {
        case .unbounded: nil
        case .bufferingOldest(let limit), .bufferingNewest(let limit): max(0, limit)
        @unknown default: nil
        }
    }

    /// Whether the consumer went away: the tracker stops publishing to it.
    var isTerminated: Bool { state.withLock { $0.isTerminated } }

    // MARK: - Tracker side

    /// Appends `batch` and wakes a waiting consumer once; returns `false` when the
    /// consumer has gone away (nothing is kept then).
    func publish(_ batch: some Collection<Element>) -> Bool {
        let limit = self.limit
        let (alive, wake, handoff, dropped) = state.withLock { state -> (Bool, UnsafeContinuation<Handoff, Never>?, Handoff, Int) in
            guard !state.isTerminated else { return (false, nil, .end, 0) }
            guard !state.isFinished else { return (true, nil, .end, 0) }
            guard let limit else {
                state.pending.append(contentsOf: batch)
                guard let waiting = state.waiting else { return (true, nil, .end, 0) }
                state.waiting = nil
                // The batch goes to the consumer; the room it left waiting becomes `pending`.
                var taken: [Element] = []
                swap(&taken, &state.pending)
                swap(&state.pending, &state.spare)
                return (true, waiting, .batch(taken), 0)
            }
            var elements = batch[...]
            var wake: (UnsafeContinuation<Handoff, Never>, Element)?
            if let waiting = state.waiting, let first = elements.first {
                // As AsyncStream: a waiting consumer receives the first element directly.
                state.waiting = nil
                wake = (waiting, first)
                elements = elements.dropFirst()
            }
            let dropped = Self.buffer(elements, limit: limit, policy: bufferingPolicy, into: &state)
            if let (waiting, first) = wake { return (true, waiting, .one(first), dropped) }
            return (true, nil, .end, dropped)
        }
        if dropped > 0 { drops.add(dropped) }
        wake?.resume(returning: handoff)
        return alive
    }

    /// Appends all of `batch` to a bounded buffer that has room for it and `reserved`
    /// elements more, else nothing: returns whether it was taken (not when full, finished,
    /// or the consumer went away). A recorder's lines are whole or missing, never cut in
    /// the middle of a batch, and the room it reserves keeps its closing lines from ever
    /// being the ones dropped.
    func publishWhole(_ batch: some Collection<Element>, reserving reserved: Int = 0) -> Bool {
        guard let limit else { return publish(batch) }
        let (taken, wake) = state.withLock { state -> (Bool, (UnsafeContinuation<Handoff, Never>, Element)?) in
            guard !state.isTerminated, !state.isFinished else { return (false, nil) }
            let room = limit - state.bufferedCount + (state.waiting == nil ? 0 : 1)
            guard let first = batch.first, batch.count + reserved <= room else { return (batch.isEmpty, nil) }
            var rest = batch[...]
            var wake: (UnsafeContinuation<Handoff, Never>, Element)?
            if let waiting = state.waiting {
                // As in `publish`: a waiting consumer receives the first element directly.
                state.waiting = nil
                wake = (waiting, first)
                rest = rest.dropFirst()
            }
            state.pending.append(contentsOf: rest)
            return (true, wake)
        }
        if let (waiting, first) = wake { waiting.resume(returning: .one(first)) }
        return taken
    }

    /// Ends the subscription once the consumer has read what was published.
    func finish() {
        let waiting = state.withLock { state -> UnsafeContinuation<Handoff, Never>? in
            state.isFinished = true
            defer { state.waiting = nil }
            return state.waiting
        }
        waiting?.resume(returning: .end)
    }

    /// Appends `elements` to a bounded buffer of `limit`, dropping as `policy` says;
    /// returns how many it dropped.
    private static func buffer(_ elements: some Collection<Element>, limit: Int,
                               policy: TrackerSubscription<Element>.BufferingPolicy, into state: inout State) -> Int {
        var dropped = 0
        for element in elements {
            if state.bufferedCount < limit {
                state.pending.append(element)
            } else if case .bufferingNewest = policy, limit > 0 {
                // The oldest buffered element makes room.
                state.head += 1
                state.pending.append(element)
                dropped += 1
            } else {
                dropped += 1
            }
        }
        if state.head > 0 && state.head * 2 >= state.pending.count {
            state.pending.removeFirst(state.head)
            state.head = 0
        }
        return dropped
    }

    // MARK: - Consumer side

    /// Fills `batch`, which the consumer has emptied (its room serves the next batches),
    /// with what comes next: everything buffered (unbounded) or the next element
    /// (bounded), waiting when nothing is buffered. Returns `false` once the subscription
    /// finished and is drained, or when the consuming task is cancelled.
    func next(into batch: inout [Element]) async -> Bool {
        let unbounded = limit == nil
        // As AsyncStream: a cancelled consumer takes nothing new, but reads what is
        // buffered first.
        let cancelled = Task.isCancelled
        let ready = state.withLock { state -> Bool? in
            if cancelled { state.isTerminated = true }
            if Self.take(from: &state, into: &batch, unbounded: unbounded) { return true }
            return state.isTerminated || state.isFinished ? false : nil
        }
        if let ready { return ready }
        let handoff = await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Handoff, Never>) in
                let ready = state.withLock { state -> Handoff? in
                    var taken: [Element] = []
                    if Self.take(from: &state, into: &taken, unbounded: unbounded) {
                        return unbounded ? .batch(taken) : .one(taken[0])
                    }
                    if state.isTerminated || state.isFinished { return .end }
                    precondition(state.waiting == nil, "a tracker subscription was iterated by two tasks at once")
                    state.waiting = continuation
                    if unbounded { swap(&state.spare, &batch) }   // its room becomes the next `pending`
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            // Waiting means nothing is buffered: the subscription ends here.
            let waiting = state.withLock { state -> UnsafeContinuation<Handoff, Never>? in
                state.isTerminated = true
                defer { state.waiting = nil }
                return state.waiting
            }
            waiting?.resume(returning: .end)
        }
        switch handoff {
        case .batch(let taken): batch = taken
        case .one(let element): batch.append(element)
        case .end: return false
        }
        return true
    }

    /// The consumer dropped every copy of the subscription: publish no more.
    func terminate() {
        state.withLock { state in
            state.isTerminated = true
            state.pending = []
        }
    }

    /// Moves what is buffered into the empty `batch`: all of it when `unbounded` (by a
    /// swap, so `pending` keeps `batch`'s room), else the oldest element. `false` when
    /// nothing is buffered.
    private static func take(from state: inout State, into batch: inout [Element], unbounded: Bool) -> Bool {
        guard state.bufferedCount > 0 else { return false }
        if unbounded {
            swap(&batch, &state.pending)
            return true
        }
        batch.append(state.pending[state.head])
        state.head += 1
        if state.head == state.pending.count {
            state.pending.removeAll(keepingCapacity: true)
            state.head = 0
        }
        return true
    }
}
