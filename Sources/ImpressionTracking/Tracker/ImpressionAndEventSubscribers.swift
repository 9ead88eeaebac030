/// The subscriptions to what a tracker's samples fire: impressions, and visibility events
/// (entries, exits, and the impressions again), with the count of impressions published.
///
/// It lives in its actor's isolation, owned by ``TrackerDriver``, which advances the
/// engine and hands over what came out; the engine works out entries and exits, which
/// cost a little more, only while ``wantsEvents``.
struct ImpressionAndEventSubscribers<ID: Hashable & Sendable>: ~Copyable {
    private var impressionSubscribers = Subscribers<Impression<ID>>()
    private var eventSubscribers = Subscribers<VisibilityEvent<ID>>()
    /// The impressions published so far. For tests.
    private(set) var publishedImpressionCount = 0

    init() {}

    /// The number of live subscriptions to impressions.
    var impressionSubscriberCount: Int {
        mutating get { impressionSubscribers.count }
    }

    /// Whether anyone listens to visibility events: only then are they worked out.
    var wantsEvents: Bool {
        mutating get { eventSubscribers.count > 0 }
    }

    /// A new subscription to impressions, through `bufferingPolicy`.
    mutating func subscribeToImpressions(bufferingPolicy: TrackerSubscription<Impression<ID>>.BufferingPolicy)
        -> TrackerSubscription<Impression<ID>> {
        impressionSubscribers.subscribe(bufferingPolicy: bufferingPolicy)
    }

    /// A new subscription to visibility events, through `bufferingPolicy`.
    mutating func subscribeToEvents(bufferingPolicy: TrackerSubscription<VisibilityEvent<ID>>.BufferingPolicy)
        -> TrackerSubscription<VisibilityEvent<ID>> {
        eventSubscribers.subscribe(bufferingPolicy: bufferingPolicy)
    }

    /// Publishes what fired, in order.
    mutating func publish(_ fired: [Impression<ID>]) {
        impressionSubscribers.publish(fired)
        publishedImpressionCount += fired.count
    }

    /// Publishes `events` to the event subscriptions and their impressions to the
    /// impression subscriptions, in order.
    mutating func publish(_ events: [VisibilityEvent<ID>]) {
        eventSubscribers.publish(events)
        publish(events.compactMap(\.impression))
    }

    /// Ends every subscription; their loops finish once they have read what was sent.
    mutating func finishAll() {
        impressionSubscribers.finishAll()
        eventSubscribers.finishAll()
    }
}
