/// The subscriptions to overlay snapshots, grouped by policy, and the snapshot last sent
/// to each group, so that one an overlay would draw alike is not sent again.
///
/// It lives in its actor's isolation, owned by ``TrackerDriver``, which decides when a
/// sample's snapshots go out; this decides to whom, and whether they differ enough.
struct OverlaySubscribers<ID: Hashable & Sendable> {
    /// The overlay subscriptions of one policy, and the snapshot last sent to them.
    private final class Channel {
        let policy: Int
        var subscribers = Subscribers<EngineSnapshot<ID>>()
        var last: EngineSnapshot<ID>?

        init(policy: Int) { self.policy = policy }
    }

    /// The channels of each policy that has had a subscription since the last publish.
    private var channels: [Channel] = []

    init() {}

    /// Whether no policy has overlay subscriptions: samples need not be taken one by one.
    /// Channels whose subscribers all went away count until the next ``publish(from:)``.
    var isEmpty: Bool { channels.isEmpty }

    /// A new subscription to policy `policy`'s snapshots, from the next one published on.
    mutating func subscribe(policy: Int, bufferingPolicy: TrackerSubscription<EngineSnapshot<ID>>.BufferingPolicy)
        -> TrackerSubscription<EngineSnapshot<ID>> {
        let channel: Channel
        if let existing = channels.first(where: { $0.policy == policy }) {
            channel = existing
        } else {
            channel = Channel(policy: policy)
            channels.append(channel)
        }
        // The next sample's snapshot goes to every subscriber, the new one included.
        channel.last = nil
        return channel.subscribers.subscribe(bufferingPolicy: bufferingPolicy)
    }

    /// Sends each policy's overlay snapshot from `engine` to its subscriptions when it
    /// differs from the last one sent in more than its time; forgets channels nobody reads.
    mutating func publish(from engine: ImpressionEngine<ID>) {
        channels.removeAll { $0.subscribers.count == 0 }
        for channel in channels {
            let snapshot = engine.overlaySnapshot(policy: channel.policy)
            if let last = channel.last, Self.drawsAlike(last, snapshot) { continue }
            channel.last = snapshot
            channel.subscribers.publish([snapshot])
        }
    }

    /// Ends every overlay subscription and forgets them.
    mutating func finishAll() {
        for channel in channels { channel.subscribers.finishAll() }
        channels.removeAll()
    }

    /// Whether an overlay draws two snapshots alike: the same sections, ratios, counts,
    /// how they show, where their counting stands and why not, percentages in view and
    /// why not in view, visit and lifecycle. Ages and visible times, which grow at every
    /// sample, are not drawn.
    private static func drawsAlike(_ first: EngineSnapshot<ID>, _ second: EngineSnapshot<ID>) -> Bool {
        guard first.visit == second.visit, first.inactiveCauses == second.inactiveCauses,
              first.sections.count == second.sections.count else { return false }
        return zip(first.sections, second.sections).allSatisfy { one, other in
            one.sectionID == other.sectionID && one.visibleRatio == other.visibleRatio
                && one.statistics.countedSamples == other.statistics.countedSamples
                && one.consecutiveSamples == other.consecutiveSamples && one.visibility == other.visibility
                && one.counting == other.counting
                && one.hasFiredThisVisit == other.hasFiredThisVisit && one.notVisibleReason == other.notVisibleReason
                && one.geometry?.percentageInView == other.geometry?.percentageInView
                && one.geometry?.reasons == other.geometry?.reasons
        }
    }
}
