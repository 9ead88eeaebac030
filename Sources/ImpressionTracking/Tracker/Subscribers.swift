/// The subscriptions of a tracker: each gets every element published after it
/// subscribed, in order, through its own buffer: unbounded (a slow consumer loses
/// nothing) unless it asked for a bounded one, whose drops it counts.
struct Subscribers<Element: Sendable>: ~Copyable {
    private struct Subscriber {
        let id: Int
        let continuation: AsyncStream<Element>.Continuation
        let drops: DropCounter
    }

    private var continuations: [Subscriber] = []
    private var nextID = 0
    // Subscriptions whose consumer went away; `onTermination` runs on any thread, so it
    // only notes the id here, and the owner drops them on its next call.
    private let terminated = Locked<[Int]>([])

    init() {}

    /// The live subscriptions.
    var count: Int {
        mutating get {
            removeTerminated()
            return continuations.count
        }
    }

    /// A new subscription, buffered without limit.
    mutating func subscribe() -> AsyncStream<Element> {
        subscribe(bufferingPolicy: .unbounded).elements
    }

    /// A new subscription through the given buffer.
    mutating func subscribe(
        bufferingPolicy: TrackerSubscription<Element>.BufferingPolicy
    ) -> TrackerSubscription<Element> {
        removeTerminated()
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: bufferingPolicy)
        let drops = DropCounter()
        let id = nextID
        nextID += 1
        continuation.onTermination = { [terminated] _ in
            terminated.withLock { $0.append(id) }
        }
        continuations.append(Subscriber(id: id, continuation: continuation, drops: drops))
        return TrackerSubscription(elements: stream, bufferingPolicy: bufferingPolicy, drops: drops)
    }

    /// Sends `elements`, in order, to every subscription.
    mutating func publish(_ elements: [Element]) {
        guard !elements.isEmpty else { return }
        removeTerminated()
        for subscriber in continuations {
            var dropped = 0
            for element in elements {
                if case .dropped = subscriber.continuation.yield(element) { dropped += 1 }
            }
            if dropped > 0 { subscriber.drops.add(dropped) }
        }
    }

    /// Ends every subscription; their loops finish once they have read what was sent.
    mutating func finishAll() {
        let ending = continuations
        continuations.removeAll()
        for subscriber in ending { subscriber.continuation.finish() }
    }

    private mutating func removeTerminated() {
        let ids = terminated.withLock { ids in
            defer { ids.removeAll() }
            return ids
        }
        guard !ids.isEmpty else { return }
        continuations.removeAll { ids.contains($0.id) }
    }

    // The tracker going away ends every subscription.
    deinit {
        for subscriber in continuations { subscriber.continuation.finish() }
    }
}
