import Testing
@testable import ImpressionTracking

/// A subscription's buffer delivers what one sample fires as one batch: a waiting
/// consumer is woken once for all of it and takes it whole; a bounded buffer keeps
/// `AsyncStream`'s element-by-element rules.
@Suite("Subscriber buffers: a batch at a time", .catchesHangs)
struct SubscriberBufferTests {
    /// The batches a consumer took, in order. Consumers run on a ``ManualTaskExecutor``,
    /// so "waiting" is a state the test observes, not a race.
    final class Outcome: Sendable {
        let batches = Locked<[[Int]]>([])
    }

    @Test("a waiting consumer is woken once and takes the whole batch; what piled up meanwhile comes in one take")
    func unboundedBatches() async {
        let buffer = SubscriberBuffer<Int>(bufferingPolicy: .unbounded)
        let executor = ManualTaskExecutor()
        let outcome = Outcome()
        let consumer = Task(executorPreference: executor) {
            var batch: [Int] = []
            for _ in 0 ..< 2 {
                guard await buffer.next(into: &batch) else { return }
                outcome.batches.withLock { $0.append(batch) }
                batch.removeAll(keepingCapacity: true)
            }
        }
        executor.runUntilIdle()                       // waiting, nothing delivered yet
        #expect(outcome.batches.withLock { $0 }.isEmpty)
        #expect(buffer.publish([1, 2, 3]))            // one sample's batch: one wake
        #expect(buffer.publish([4]))                  // published before the consumer runs
        #expect(buffer.publish([5, 6]))
        executor.runUntilIdle()
        await consumer.value
        #expect(outcome.batches.withLock { $0 } == [[1, 2, 3], [4, 5, 6]])
    }

    @Test("bounded: the waiting consumer gets the first element, the buffer the newest of the rest, drops counted")
    func boundedNewest() async {
        let buffer = SubscriberBuffer<Int>(bufferingPolicy: .bufferingNewest(2))
        let executor = ManualTaskExecutor()
        let outcome = Outcome()
        let consumer = Task(executorPreference: executor) {
            var batch: [Int] = []
            while await buffer.next(into: &batch) {
                outcome.batches.withLock { $0.append(batch) }
                batch.removeAll(keepingCapacity: true)
            }
        }
        executor.runUntilIdle()
        // As an AsyncStream with .bufferingNewest(2) and a consumer waiting: 1 goes to it,
        // 2 and 3 fill the buffer, 4 and 5 push out 2 and 3.
        #expect(buffer.publish([1, 2, 3, 4, 5]))
        buffer.finish()
        executor.runUntilIdle()
        await consumer.value
        #expect(outcome.batches.withLock { $0 } == [[1], [4], [5]])
        #expect(buffer.drops.count == 2)
    }

    @Test("a consumer gone away (every copy dropped, or its task cancelled) is reported to the publisher")
    func terminated() async {
        let buffer = SubscriberBuffer<Int>(bufferingPolicy: .unbounded)
        var subscription: TrackerSubscription<Int>? = TrackerSubscription(buffer: buffer)
        #expect(buffer.publish([1]) && subscription?.droppedCount == 0)
        subscription = nil
        #expect(!buffer.publish([2]) && buffer.isTerminated)

        let cancelled = SubscriberBuffer<Int>(bufferingPolicy: .unbounded)
        let executor = ManualTaskExecutor()
        let task = Task(executorPreference: executor) {
            var batch: [Int] = []
            return await cancelled.next(into: &batch)
        }
        executor.runUntilIdle()
        task.cancel()
        executor.runUntilIdle()
        #expect(await task.value == false)
        #expect(!cancelled.publish([3]))
    }

    @Test("a cancelled consumer reads what was buffered, then ends; nothing published after is kept")
    func cancelledConsumerDrains() async {
        let buffer = SubscriberBuffer<Int>(bufferingPolicy: .unbounded)
        #expect(buffer.publish([1, 2]))
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            var batch: [Int] = []
            let first = await buffer.next(into: &batch) ? batch : []
            batch.removeAll()
            let second = await buffer.next(into: &batch)
            return (first, second)
        }
        let (first, second) = await task.value
        #expect(first == [1, 2] && !second)
        #expect(!buffer.publish([3]))
    }
}
