@testable import ImpressionTracking
import Testing

/// A subscription buffer's rules, called synchronously: what is kept, dropped and handed
/// over, one rule a test. Waiters are plain strings.
@Suite("The subscriber buffer's state machine")
struct SubscriberBufferStateMachineTests {
    typealias Machine = SubscriberBufferStateMachine<Int, String>

    /// What the consumer reads with `next` until it would have to wait or the end comes,
    /// one take at a time, and how that ended.
    private static func drain(_ machine: inout Machine, isCancelled: Bool = false) -> (takes: [[Int]], then: Machine.NextAction) {
        var takes: [[Int]] = []
        while true {
            var batch: [Int] = []
            let action = machine.next(into: &batch, isCancelled: isCancelled)
            guard action == .filled else { return (takes, action) }
            takes.append(batch)
        }
    }

    /// Parks `waiter`, which finds nothing buffered.
    private static func park(_ waiter: String, in machine: inout Machine) {
        var batch: [Int] = []
        #expect(machine.next(into: &batch, isCancelled: false) == .wait)
        #expect(machine.wait(waiter, handingOver: &batch) == nil)
    }

    @Test("bufferingNewest: past the limit the oldest buffered go, each drop counted; the rest come one at a time")
    func boundedNewest() {
        var machine = Machine(bufferingPolicy: .bufferingNewest(2))
        #expect(machine.publish([1, 2, 3]) == .published(waking: nil, dropped: 1))
        #expect(machine.publish([4]) == .published(waking: nil, dropped: 1))
        let (takes, then) = Self.drain(&machine)
        #expect(takes == [[3], [4]])
        #expect(then == .wait)
    }

    @Test("bufferingOldest: past the limit the newest published go, each drop counted")
    func boundedOldest() {
        var machine = Machine(bufferingPolicy: .bufferingOldest(2))
        #expect(machine.publish([1, 2, 3]) == .published(waking: nil, dropped: 1))
        #expect(machine.publish([4]) == .published(waking: nil, dropped: 1))
        #expect(Self.drain(&machine).takes == [[1], [2]])
    }

    @Test("a limit of 0 or less buffers nothing: every element is dropped unless a consumer waits")
    func zeroLimit() {
        var newest = Machine(bufferingPolicy: .bufferingNewest(0))
        #expect(newest.publish([1, 2]) == .published(waking: nil, dropped: 2))
        var oldest = Machine(bufferingPolicy: .bufferingOldest(-3))
        #expect(oldest.buffering == .oldest(limit: 0))
        Self.park("consumer", in: &oldest)
        #expect(oldest.publish([1, 2]) == .published(waking: .init("consumer", with: .one(1)), dropped: 1))
    }

    @Test("unbounded: everything is kept, nothing dropped, and the consumer takes it all in one take")
    func unbounded() {
        var machine = Machine(bufferingPolicy: .unbounded)
        #expect(machine.publish([1, 2, 3]) == .published(waking: nil, dropped: 0))
        #expect(machine.publish([4]) == .published(waking: nil, dropped: 0))
        #expect(machine.bufferedCount == 4)
        let (takes, then) = Self.drain(&machine)
        #expect(takes == [[1, 2, 3, 4]])
        #expect(then == .wait)
    }

    @Test("a waiting unbounded consumer is resumed directly with the whole batch; its handed-over room buffers the next")
    func waitingUnboundedConsumer() {
        var machine = Machine(bufferingPolicy: .unbounded)
        var batch: [Int] = []
        batch.reserveCapacity(64)
        #expect(machine.next(into: &batch, isCancelled: false) == .wait)
        #expect(machine.wait("consumer", handingOver: &batch) == nil)
        #expect(batch.capacity < 64)   // the room went to the buffer
        #expect(machine.publish([1, 2, 3]) == .published(waking: .init("consumer", with: .batch([1, 2, 3])), dropped: 0))
        #expect(machine.bufferedCount == 0)
        #expect(machine.publish([4]) == .published(waking: nil, dropped: 0))   // woken once only
        #expect(Self.drain(&machine).takes == [[4]])
    }

    @Test("a waiting bounded consumer is resumed directly with the first element; the rest is buffered by the rules")
    func waitingBoundedConsumer() {
        var machine = Machine(bufferingPolicy: .bufferingNewest(2))
        Self.park("consumer", in: &machine)
        // As an AsyncStream with .bufferingNewest(2): 1 goes to the consumer, 2 and 3 fill
        // the buffer, 4 and 5 push them out.
        #expect(machine.publish([1, 2, 3, 4, 5]) == .published(waking: .init("consumer", with: .one(1)), dropped: 2))
        #expect(Self.drain(&machine).takes == [[4], [5]])
    }

    @Test("a consumer that parks after something arrived is handed back at once, with it")
    func lateParkIsResumedAtOnce() {
        var unbounded = Machine(bufferingPolicy: .unbounded)
        var batch: [Int] = []
        #expect(unbounded.next(into: &batch, isCancelled: false) == .wait)
        _ = unbounded.publish([1, 2])   // between next() and wait(): nobody was waiting
        #expect(unbounded.wait("consumer", handingOver: &batch) == .init("consumer", with: .batch([1, 2])))

        var bounded = Machine(bufferingPolicy: .bufferingOldest(4))
        #expect(bounded.next(into: &batch, isCancelled: false) == .wait)
        _ = bounded.publish([1, 2])
        #expect(bounded.wait("consumer", handingOver: &batch) == .init("consumer", with: .one(1)))
        #expect(Self.drain(&bounded).takes == [[2]])
    }

    @Test("finish: the buffered elements are read, then the end; later batches are ignored, not dropped")
    func finishWithBufferedElements() {
        var machine = Machine(bufferingPolicy: .bufferingOldest(4))
        _ = machine.publish([1, 2])
        #expect(machine.finish() == nil)   // nobody waiting
        #expect(machine.publish([3]) == .published(waking: nil, dropped: 0))
        let (takes, then) = Self.drain(&machine)
        #expect(takes == [[1], [2]])
        #expect(then == .ended)
    }

    @Test("finish resumes a waiting consumer with the end; a buffer made finished ends at once")
    func finishWakesTheWaiting() {
        var machine = Machine(bufferingPolicy: .unbounded)
        Self.park("consumer", in: &machine)
        #expect(machine.finish() == .init("consumer", with: .end))
        #expect(machine.finish() == nil)

        var ended = Machine(bufferingPolicy: .unbounded, isFinished: true)
        #expect(Self.drain(&ended).then == .ended)
        var batch: [Int] = []
        #expect(ended.wait("late", handingOver: &batch) == .init("late", with: .end))
    }

    @Test("a cancelled consumer reads what was buffered, then ends; the publisher is told it went away")
    func cancelledConsumerDrains() {
        var machine = Machine(bufferingPolicy: .unbounded)
        _ = machine.publish([1, 2])
        let (takes, then) = Self.drain(&machine, isCancelled: true)
        #expect(takes == [[1, 2]])
        #expect(then == .ended)
        #expect(machine.isConsumerGone)
        #expect(machine.publish([3]) == .consumerGone)
    }

    @Test("cancelling a waiting consumer resumes it with the end and refuses later batches")
    func cancelledWhileWaiting() {
        var machine = Machine(bufferingPolicy: .bufferingNewest(2))
        Self.park("consumer", in: &machine)
        #expect(machine.consumerCancelled() == .init("consumer", with: .end))
        #expect(machine.consumerCancelled() == nil)
        #expect(machine.publish([1]) == .consumerGone)
        #expect(machine.publishWhole([1], reserving: 0) == .refused)
        // A cancel that comes before the consumer parks still ends it.
        var early = Machine(bufferingPolicy: .unbounded)
        var batch: [Int] = []
        #expect(early.next(into: &batch, isCancelled: false) == .wait)
        #expect(early.consumerCancelled() == nil)
        #expect(early.wait("consumer", handingOver: &batch) == .init("consumer", with: .end))
    }

    @Test("a consumer gone away (every copy dropped) frees what was buffered and refuses later batches")
    func consumerWentAway() {
        var machine = Machine(bufferingPolicy: .bufferingNewest(4))
        _ = machine.publish([1, 2, 3])
        machine.consumerWentAway()
        #expect(machine.bufferedCount == 0)
        #expect(machine.publish([4]) == .consumerGone)
    }

    @Test("publishWhole takes a bounded batch whole or not at all, keeping the reserved room; a waiting consumer is room")
    func publishWhole() {
        var machine = Machine(bufferingPolicy: .bufferingOldest(3))
        #expect(machine.publishWhole([1, 2], reserving: 1) == .taken(waking: nil))
        #expect(machine.publishWhole([3], reserving: 1) == .refused)   // would eat the reserved room
        #expect(machine.publishWhole([3], reserving: 0) == .taken(waking: nil))
        #expect(machine.publishWhole([Int](), reserving: 5) == .taken(waking: nil))   // nothing to place
        #expect(Self.drain(&machine).takes == [[1], [2], [3]])

        Self.park("consumer", in: &machine)
        #expect(machine.publishWhole([4, 5, 6, 7], reserving: 0) == .taken(waking: .init("consumer", with: .one(4))))
        #expect(Self.drain(&machine).takes == [[5], [6], [7]])
        _ = machine.finish()
        #expect(machine.publishWhole([8], reserving: 0) == .refused)
    }
}
