/// The subscriptions of a tracker: each gets every batch published after it
/// subscribed, in order, through its own buffer: unbounded (a slow consumer loses
/// nothing) unless it asked for a bounded one, whose drops it counts.
struct Subscribers<Element: Sendable>: ~Copyable {
    private var buffers: [SubscriberBuffer<Element>] = []

    init() {}

    /// The live subscriptions.
    var count: Int {
        mutating get {
            buffers.removeAll { $0.isTerminated }
            return buffers.count
        }
    }

    /// A new subscription through the given buffer, holding `first` already.
    mutating func subscribe(bufferingPolicy: TrackerSubscription<Element>.BufferingPolicy = .unbounded,
                            first: [Element] = []) -> TrackerSubscription<Element> {
        let buffer = SubscriberBuffer<Element>(bufferingPolicy: bufferingPolicy)
        if !first.isEmpty { _ = buffer.publish(first) }
        buffers.append(buffer)
        return TrackerSubscription(buffer: buffer)
    }

    /// Sends `elements`, in order, to every subscription, as one batch each; forgets
    /// those whose consumer went away.
    mutating func publish(_ elements: [Element]) {
        guard !elements.isEmpty else { return }
        var live = 0
        for index in buffers.indices where buffers[index].publish(elements) {
            if live != index { buffers.swapAt(live, index) }
            live += 1
        }
        if live < buffers.count { buffers.removeSubrange(live...) }
    }

    /// Ends every subscription; their loops finish once they have read what was sent.
    mutating func finishAll() {
        let ending = buffers
        buffers.removeAll()
        for buffer in ending { buffer.finish() }
    }

    // The tracker going away ends every subscription.
    deinit {
        for buffer in buffers { buffer.finish() }
    }
}
