import Synchronization

/// The subscriptions of a tracker: each gets every element published after it
/// subscribed, in order, buffered without limit so a slow consumer loses nothing.
struct Subscribers<Element: Sendable>: ~Copyable {
    private var continuations: [(id: Int, continuation: AsyncStream<Element>.Continuation)] = []
    private var nextID = 0
    // Subscriptions whose consumer went away; `onTermination` runs on any thread, so it
    // only notes the id here, and the owner drops them on its next call.
    private let terminated = TerminatedIDs()

    private final class TerminatedIDs: Sendable {
        let ids = Mutex<[Int]>([])
    }

    init() {}

    /// The live subscriptions.
    var count: Int {
        mutating get {
            removeTerminated()
            return continuations.count
        }
    }

    /// A new subscription.
    mutating func subscribe() -> AsyncStream<Element> {
        removeTerminated()
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: .unbounded)
        let id = nextID
        nextID += 1
        continuation.onTermination = { [terminated] _ in
            terminated.ids.withLock { $0.append(id) }
        }
        continuations.append((id, continuation))
        return stream
    }

    /// Sends `elements`, in order, to every subscription.
    mutating func publish(_ elements: [Element]) {
        guard !elements.isEmpty else { return }
        removeTerminated()
        for subscriber in continuations {
            for element in elements { subscriber.continuation.yield(element) }
        }
    }

    /// Ends every subscription; their loops finish once they have read what was sent.
    mutating func finishAll() {
        let ending = continuations
        continuations.removeAll()
        for subscriber in ending { subscriber.continuation.finish() }
    }

    private mutating func removeTerminated() {
        let ids = terminated.ids.withLock { ids in
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
