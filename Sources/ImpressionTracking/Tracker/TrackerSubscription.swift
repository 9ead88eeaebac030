import Synchronization

/// A subscription to an ``ImpressionTracker``'s impressions, events or overlay snapshots,
/// or to a ``TraceRecorder``'s lines: an `AsyncSequence` of every element published after
/// it was made, in order, through a buffer of your choice, counting whatever that buffer
/// drops.
///
/// What one sample fires arrives as one batch: the tracker appends it to the
/// subscription's buffer at once and wakes the consuming task once, and the task then
/// reads the batch element by element without waiting. Iterate it with `for await`,
/// from one task at a time.
///
/// With `.unbounded`, the buffer of ``ImpressionTracker/impressions()``, nothing is ever
/// dropped. With `.bufferingNewest(n)` or `.bufferingOldest(n)`, a consumer more than `n`
/// elements behind loses some: the oldest buffered ones, or the newest published ones,
/// exactly as an `AsyncStream` with that policy would. Every loss is added to
/// ``droppedCount`` as it happens, so it is never silent: read the count from any task,
/// while the subscription runs or after it ended, and report it (an ad SDK sends it with
/// its next batch, so that lost impressions show up in the numbers).
///
/// ```swift
/// let subscription = await tracker.impressions(bufferingPolicy: .bufferingNewest(1_000))
/// for await impression in subscription {
///     await uploader.send(impression, droppedSoFar: subscription.droppedCount)
/// }
/// ```
///
/// A limit of 0 or less buffers nothing: only a consumer already waiting receives.
/// Cancelling the consuming task, or dropping every copy of the subscription, ends it.
public struct TrackerSubscription<Element: Sendable>: AsyncSequence, Sendable {
    /// How many elements the subscription buffers for a consumer that falls behind, and
    /// which it drops when the buffer is full: the standard `AsyncStream` policies.
    public typealias BufferingPolicy = AsyncStream<Element>.Continuation.BufferingPolicy
    /// Iterating never throws.
    public typealias Failure = Never

    /// The buffer the subscription was made with.
    public var bufferingPolicy: BufferingPolicy { consumer.buffer.bufferingPolicy }
    private let consumer: SubscriptionConsumer<Element>

    init(buffer: SubscriberBuffer<Element>) {
        consumer = SubscriptionConsumer(buffer: buffer)
    }

    /// A subscription that has already ended: what a finished tracker hands out.
    static func ended(bufferingPolicy: BufferingPolicy) -> TrackerSubscription {
        TrackerSubscription(buffer: SubscriberBuffer(bufferingPolicy: bufferingPolicy, isFinished: true))
    }

    /// How many published elements this subscription's buffer has dropped so far; 0 for
    /// an unbounded buffer.
    public var droppedCount: Int { consumer.buffer.drops.count }

    /// An iterator over the elements.
    public func makeAsyncIterator() -> Iterator {
        Iterator(consumer: consumer)
    }

    /// Reads a subscription's elements, a batch at a time from its buffer.
    public struct Iterator: AsyncIteratorProtocol {
        private let consumer: SubscriptionConsumer<Element>
        /// The batch being read, and the position of the next element in it.
        private var batch: [Element] = []
        private var position = 0

        init(consumer: SubscriptionConsumer<Element>) {
            self.consumer = consumer
        }

        /// The next element, waiting for the tracker to publish one; `nil` once the
        /// tracker finished and everything published was read, or when the task is
        /// cancelled.
        public mutating func next() async -> Element? {
            await next(isolation: nil)
        }

        /// ``next()``, run on the caller's actor: the elements of a batch already taken
        /// come without leaving it.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
            if position < batch.count {
                defer { position += 1 }
                return batch[position]
            }
            // The emptied batch keeps its room for the next ones.
            batch.removeAll(keepingCapacity: true)
            position = 0
            guard await consumer.buffer.next(into: &batch), !batch.isEmpty else { return nil }
            position = 1
            return batch[0]
        }
    }
}

/// The consumer's hold on a subscription's buffer: when the last copy of the
/// subscription and of its iterators goes away, the tracker stops publishing to it.
final class SubscriptionConsumer<Element: Sendable>: Sendable {
    let buffer: SubscriberBuffer<Element>

    init(buffer: SubscriberBuffer<Element>) {
        self.buffer = buffer
    }

    deinit { buffer.terminate() }
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
