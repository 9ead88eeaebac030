/// The rules of one subscription's buffer, without locks or tasks: each call says what
/// happened and returns what to do, so every interleaving of the publisher and the
/// consumer can be tested synchronously.
///
/// The publisher (the tracker, or a ``TraceRecorder``) hands in batches with
/// ``publish(_:)`` or ``publishWhole(_:reserving:)`` and ends with ``finish()``. The one
/// consumer asks with ``next(into:isCancelled:)``; when nothing is buffered it parks with
/// ``wait(_:handingOver:)``, and a later batch, the end or its cancellation
/// (``consumerCancelled()``) hands it back as a ``Resumption``. `Waiter` is the parked
/// task's continuation; tests use plain values.
///
/// An unbounded buffer keeps everything and hands it over in one take, swapping arrays so
/// that the room of a consumer's emptied batch serves the next ones: in a steady state
/// nothing is allocated per element or per batch. A bounded buffer keeps `AsyncStream`'s
/// rules element by element (a waiting consumer receives the first element directly, the
/// buffer holds at most `limit` more, each taken one at a time), so what it drops is what
/// an `AsyncStream` would drop.
struct SubscriberBufferStateMachine<Element, Waiter> {
    /// How the buffer treats a consumer that falls behind.
    enum Buffering: Hashable {
        /// Keeps everything; the consumer takes all of it at once.
        case unbounded
        /// Keeps at most `limit` elements: a new one pushes out the oldest buffered one.
        case newest(limit: Int)
        /// Keeps at most `limit` elements: a new one is dropped while the buffer is full.
        case oldest(limit: Int)
    }

    /// A waiting consumer to resume, and what to resume it with.
    struct Resumption {
        /// The parked consumer.
        let waiter: Waiter
        /// What it takes.
        let handoff: SubscriberHandoff<Element>

        /// Resume `waiter` with `handoff`.
        init(_ waiter: Waiter, with handoff: SubscriberHandoff<Element>) {
            self.waiter = waiter
            self.handoff = handoff
        }
    }

    /// What the publisher does once a batch went in.
    enum PublishAction {
        /// The consumer went away: nothing was kept; publish no more to it.
        case consumerGone
        /// The batch was buffered (or, after ``finish()``, ignored): resume `waking` when
        /// given, and add `dropped` to the subscription's drop count.
        case published(waking: Resumption?, dropped: Int)
    }

    /// What the publisher does once it offered a batch whole.
    enum WholePublishAction {
        /// Not taken: no room for all of it, finished, or the consumer went away.
        case refused
        /// Taken whole; resume `waking` when given.
        case taken(waking: Resumption?)
    }

    /// What the consumer does after asking for what comes next.
    enum NextAction: Hashable {
        /// Its batch now holds what comes next.
        case filled
        /// The subscription finished and is drained, or the consumer was cancelled.
        case ended
        /// Nothing is buffered: park with ``wait(_:handingOver:)``.
        case wait
    }

    /// How the buffer treats a consumer that falls behind.
    let buffering: Buffering
    /// Published and not yet taken: `buffered[head...]`; `head` stays 0 when unbounded.
    private var buffered: [Element] = []
    private var head = 0
    /// The emptied batch a waiting unbounded consumer handed over, to become `buffered`
    /// once the next batch goes to it.
    private var spare: [Element] = []
    /// The consumer, parked until something is published or the subscription ends.
    private var waiting: Waiter?
    /// Whether no more elements come: the publisher finished.
    private(set) var isFinished = false
    /// Whether the consumer went away (cancelled, or every copy of the subscription dropped).
    private(set) var isConsumerGone = false

    /// A buffer following `bufferingPolicy`, already finished when `isFinished`. A limit
    /// below 0 counts as 0: only a consumer already waiting receives.
    init(bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy, isFinished: Bool = false) {
        switch bufferingPolicy {
        case .unbounded: buffering = .unbounded
        case .bufferingNewest(let limit): buffering = .newest(limit: max(0, limit))
        case .bufferingOldest(let limit): buffering = .oldest(limit: max(0, limit))
        @unknown default: buffering = .unbounded
        }
        self.isFinished = isFinished
    }

    /// How many elements wait for the consumer.
    var bufferedCount: Int { buffered.count - head }

    /// The most elements the buffer holds, or `nil` when unbounded.
    private var limit: Int? {
        switch buffering {
        case .unbounded: nil
        case .newest(let limit), .oldest(let limit): limit
        }
    }

    // MARK: - Publisher side

    /// Appends `batch`, handing a waiting consumer everything (unbounded) or the first
    /// element (bounded), and dropping what a bounded buffer has no room for.
    mutating func publish(_ batch: some Collection<Element>) -> PublishAction {
        guard !isConsumerGone else { return .consumerGone }
        guard !isFinished else { return .published(waking: nil, dropped: 0) }
        guard let limit else {
            buffered.append(contentsOf: batch)
            guard let waiter = takeWaiting() else { return .published(waking: nil, dropped: 0) }
            // The batch goes to the consumer; the room it handed over becomes `buffered`.
            var taken: [Element] = []
            swap(&taken, &buffered)
            swap(&buffered, &spare)
            return .published(waking: Resumption(waiter, with: .batch(taken)), dropped: 0)
        }
        var elements = batch[...]
        let waking = handFirst(of: &elements)
        let dropped = keep(elements, limit: limit)
        return .published(waking: waking, dropped: dropped)
    }

    /// Appends all of `batch` to a bounded buffer that has room for it and `reserved`
    /// elements more, else nothing; a waiting consumer counts as room for one. An
    /// unbounded buffer takes it as ``publish(_:)`` does. An empty batch is taken.
    mutating func publishWhole(_ batch: some Collection<Element>, reserving reserved: Int) -> WholePublishAction {
        guard let limit else {
            guard case .published(let waking, _) = publish(batch) else { return .refused }
            return .taken(waking: waking)
        }
        guard !isConsumerGone, !isFinished else { return .refused }
        let room = limit - bufferedCount + (waiting == nil ? 0 : 1)
        guard batch.count + reserved <= room || batch.isEmpty else { return .refused }
        var rest = batch[...]
        let waking = handFirst(of: &rest)
        buffered.append(contentsOf: rest)
        return .taken(waking: waking)
    }

    /// Ends the subscription once the consumer has read what was buffered; returns the
    /// waiting consumer to resume with the end.
    mutating func finish() -> Resumption? {
        isFinished = true
        return takeWaiting().map { Resumption($0, with: .end) }
    }

    /// As `AsyncStream` does, hands the first of `elements` directly to a waiting bounded
    /// consumer, leaving the rest in `elements`; `nil` when nobody waits or there is none.
    private mutating func handFirst<Elements: Collection<Element>>(of elements: inout Elements) -> Resumption?
    where Elements.SubSequence == Elements {
        guard let first = elements.first, let waiter = takeWaiting() else { return nil }
        elements = elements.dropFirst()
        return Resumption(waiter, with: .one(first))
    }

    /// Keeps `elements` in a bounded buffer of `limit`, dropping as ``buffering`` says;
    /// returns how many it dropped.
    private mutating func keep(_ elements: some Collection<Element>, limit: Int) -> Int {
        var dropped = 0
        for element in elements {
            if bufferedCount < limit {
                buffered.append(element)
            } else if case .newest = buffering, limit > 0 {
                // The oldest buffered element makes room.
                head += 1
                buffered.append(element)
                dropped += 1
            } else {
                dropped += 1
            }
        }
        // Pushed-out elements are reclaimed once they are half the array, not one by one.
        if head > 0 && head * 2 >= buffered.count {
            buffered.removeFirst(head)
            head = 0
        }
        return dropped
    }

    // MARK: - Consumer side

    /// The consumer asks for what comes next, into its emptied `batch`: everything
    /// buffered (unbounded, by a swap, so the buffer keeps `batch`'s room) or the oldest
    /// element (bounded). As with `AsyncStream`, a cancelled consumer takes nothing new
    /// but reads what is buffered first.
    mutating func next(into batch: inout [Element], isCancelled: Bool) -> NextAction {
        if isCancelled { isConsumerGone = true }
        if take(into: &batch) { return .filled }
        return isConsumerGone || isFinished ? .ended : .wait
    }

    /// The consumer parks, handing over its emptied `batch` (whose room an unbounded
    /// buffer fills next). Returns it to resume at once when something was buffered or
    /// the subscription ended since ``next(into:isCancelled:)``.
    ///
    /// - Precondition: no other consumer is waiting: a subscription is iterated by one
    ///   task at a time.
    mutating func wait(_ waiter: Waiter, handingOver batch: inout [Element]) -> Resumption? {
        var taken: [Element] = []
        if take(into: &taken) {
            return Resumption(waiter, with: limit == nil ? .batch(taken) : .one(taken[0]))
        }
        if isConsumerGone || isFinished { return Resumption(waiter, with: .end) }
        precondition(waiting == nil, "a tracker subscription was iterated by two tasks at once")
        waiting = waiter
        if limit == nil { swap(&spare, &batch) }
        return nil
    }

    /// The waiting consumer's task was cancelled: waiting means nothing is buffered, so
    /// the subscription ends here. Returns the consumer to resume with the end.
    mutating func consumerCancelled() -> Resumption? {
        isConsumerGone = true
        return takeWaiting().map { Resumption($0, with: .end) }
    }

    /// Every copy of the subscription was dropped: nobody reads, so nothing is kept.
    mutating func consumerWentAway() {
        isConsumerGone = true
        buffered = []
        head = 0
    }

    /// Moves what is buffered into the empty `batch`: all of it when unbounded, else the
    /// oldest element. `false` when nothing is buffered.
    private mutating func take(into batch: inout [Element]) -> Bool {
        guard bufferedCount > 0 else { return false }
        guard limit != nil else {
            swap(&batch, &buffered)
            return true
        }
        batch.append(buffered[head])
        head += 1
        if head == buffered.count {
            buffered.removeAll(keepingCapacity: true)
            head = 0
        }
        return true
    }

    private mutating func takeWaiting() -> Waiter? {
        defer { waiting = nil }
        return waiting
    }
}

extension SubscriberBufferStateMachine.Resumption: Equatable where Waiter: Equatable, Element: Equatable {}
extension SubscriberBufferStateMachine.PublishAction: Equatable where Waiter: Equatable, Element: Equatable {}
extension SubscriberBufferStateMachine.WholePublishAction: Equatable where Waiter: Equatable, Element: Equatable {}
