import Synchronization

/// A subscription to an ``ImpressionTracker``'s impressions or events through a buffer
/// of your choice, counting whatever that buffer drops.
///
/// Iterate it like the `AsyncStream` it wraps (``elements``). With `.unbounded`, the
/// buffer of ``ImpressionTracker/impressions()``, nothing is ever dropped. With
/// `.bufferingNewest(n)` or `.bufferingOldest(n)`, a consumer more than `n` elements
/// behind loses some: the oldest buffered ones, or the newest published ones. Every loss
/// is added to ``droppedCount`` as it happens, so it is never silent: read the count from
/// any task, while the subscription runs or after it ended, and report it (an ad SDK
/// sends it with its next batch, so that lost impressions show up in the numbers).
///
/// ```swift
/// let subscription = await tracker.impressions(bufferingPolicy: .bufferingNewest(1_000))
/// for await impression in subscription {
///     await uploader.send(impression, droppedSoFar: subscription.droppedCount)
/// }
/// ```
///
/// A limit of 0 or less buffers nothing: only a consumer already waiting receives.
public struct TrackerSubscription<Element: Sendable>: AsyncSequence, Sendable {
    /// How many elements the subscription buffers for a consumer that falls behind, and
    /// which it drops when the buffer is full: the standard `AsyncStream` policies.
    public typealias BufferingPolicy = AsyncStream<Element>.Continuation.BufferingPolicy
    /// Iterating never throws.
    public typealias Failure = Never

    /// The elements, in the order the tracker published them, less the dropped ones.
    public let elements: AsyncStream<Element>
    /// The buffer the subscription was made with.
    public let bufferingPolicy: BufferingPolicy
    let drops: DropCounter

    init(elements: AsyncStream<Element>, bufferingPolicy: BufferingPolicy, drops: DropCounter) {
        self.elements = elements
        self.bufferingPolicy = bufferingPolicy
        self.drops = drops
    }

    /// A subscription that has already ended: what a finished tracker hands out.
    static func ended(bufferingPolicy: BufferingPolicy) -> TrackerSubscription {
        TrackerSubscription(elements: AsyncStream { $0.finish() }, bufferingPolicy: bufferingPolicy,
                            drops: DropCounter())
    }

    /// How many published elements this subscription's buffer has dropped so far; 0 for
    /// an unbounded buffer.
    public var droppedCount: Int { drops.count }

    /// An iterator over ``elements``.
    public func makeAsyncIterator() -> AsyncStream<Element>.Iterator {
        elements.makeAsyncIterator()
    }
}

/// The drop count of one subscription, shared by the tracker (which adds) and the
/// subscription (which reads, from any task).
final class DropCounter: Sendable {
    private let dropped = Atomic<Int>(0)

    var count: Int { dropped.load(ordering: .sequentiallyConsistent) }

    func add(_ count: Int) {
        // 2^63 drops take 292 years at a billion a second: no overflow in practice.
        dropped.wrappingAdd(count, ordering: .sequentiallyConsistent)
    }
}
