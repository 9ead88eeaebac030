import Dispatch
import Testing
@testable import ImpressionTracking

@Suite("ManualClock")
struct ManualClockTests {
    @Test("now starts at zero and moves only on advance", .catchesHangs)
    func nowMovesOnlyOnAdvance() {
        let clock = ManualClock()
        #expect(clock.now.offset == .zero)
        #expect(clock.now == ManualClock.Instant(offset: .zero))
        #expect(clock.minimumResolution == .zero)

        clock.advance(by: .seconds(1))
        #expect(clock.now.offset == .seconds(1))
        clock.advance(by: .milliseconds(500))
        #expect(clock.now.offset == .milliseconds(1_500))
        clock.advance(to: ManualClock.Instant(offset: .seconds(4)))
        #expect(clock.now.offset == .seconds(4))
        #expect(clock.now == clock.now)
    }

    @Test("instants advance, measure and order by their offset", .catchesHangs)
    func instantArithmetic() {
        let start = ManualClock.Instant(offset: .seconds(2))
        let later = start.advanced(by: .milliseconds(250))
        #expect(later.offset == .milliseconds(2_250))
        #expect(start.duration(to: later) == .milliseconds(250))
        #expect(later.duration(to: start) == .milliseconds(-250))
        #expect(start < later)
        #expect(start.advanced(by: .seconds(-1)) < start)
        #expect(later - start == .milliseconds(250))
        #expect(later - .milliseconds(250) == start)
        #expect(start + .milliseconds(250) == later)
        var moving = start
        moving += .seconds(1)
        moving -= .milliseconds(750)
        #expect(moving == later)
    }

    @Test("an advance backwards, by zero or by a negative duration changes nothing", .catchesHangs)
    func advanceNeverRunsBackwards() {
        let clock = ManualClock()
        clock.advance(by: .seconds(3))

        clock.advance(by: .zero)
        #expect(clock.now.offset == .seconds(3))
        clock.advance(by: .seconds(-1))
        #expect(clock.now.offset == .seconds(3))
        clock.advance(to: ManualClock.Instant(offset: .seconds(1)))
        #expect(clock.now.offset == .seconds(3))
        clock.advance(to: clock.now)
        #expect(clock.now.offset == .seconds(3))
    }

    @Test("a sleep whose deadline has passed returns at once", .catchesHangs)
    func sleepPastDeadlineReturnsAtOnce() async throws {
        let clock = ManualClock()
        clock.advance(by: .seconds(2))

        try await clock.sleep(until: ManualClock.Instant(offset: .seconds(1)))
        try await clock.sleep(until: clock.now)
        try await clock.sleep(for: .zero)
        try await clock.sleep(for: .seconds(-1))
        #expect(clock.sleeperCount == 0)
        #expect(clock.pendingSleepCount == 0)
        #expect(clock.now.offset == .seconds(2))
    }

    @Test("sleepers made due by one advance wake in deadline order, ties in registration order",
          .catchesHangs)
    func sleepersWakeInDeadlineOrder() async throws {
        let clock = ManualClock()
        let wakes = WakeLog()
        // One serial executor for every sleeper: their code runs in the order the clock
        // resumed them, so the log shows the resume order rather than a thread race.
        let executor = SerialTaskExecutor()
        var sleepers: [Task<Void, any Error>] = []
        // Started one at a time, so the registration order is known: "1 s (b)" ties with
        // "1 s (a)" and must wake after it.
        for (name, seconds) in [("3 s", 3), ("1 s (a)", 1), ("2 s", 2), ("1 s (b)", 1)] {
            sleepers.append(Task(executorPreference: executor) {
                try await clock.sleep(until: ManualClock.Instant(offset: .seconds(seconds)))
                wakes.append(name)
            })
            try await clock.waitForSleepers(count: sleepers.count)
        }

        clock.advance(by: .seconds(5))
        for sleeper in sleepers {
            try await sleeper.value
        }

        #expect(wakes.names == ["1 s (a)", "1 s (b)", "2 s", "3 s"])
        #expect(clock.sleeperCount == 0)
        #expect(clock.pendingSleepCount == 0)
    }

    @Test("a sleeper not yet due stays asleep while an earlier one wakes", .catchesHangs)
    func sleeperNotYetDueStaysAsleep() async throws {
        let clock = ManualClock()
        let wakes = WakeLog()
        let early = Task {
            try await clock.sleep(until: ManualClock.Instant(offset: .seconds(1)))
            wakes.append("early")
        }
        let late = Task {
            try await clock.sleep(until: ManualClock.Instant(offset: .seconds(5)))
            wakes.append("late")
        }
        try await clock.waitForSleepers(count: 2)

        clock.advance(by: .seconds(2))
        try await early.value
        #expect(wakes.names == ["early"])
        #expect(clock.sleeperCount == 1)

        // Exactly at the deadline is due.
        clock.advance(to: ManualClock.Instant(offset: .seconds(5)))
        try await late.value
        #expect(wakes.names == ["early", "late"])
        #expect(clock.sleeperCount == 0)
    }

    @Test("cancelling a sleeping task throws CancellationError and removes the sleeper",
          .catchesHangs)
    func cancellingASleeperThrows() async throws {
        let clock = ManualClock()
        let sleeper = Task {
            try await clock.sleep(until: ManualClock.Instant(offset: .seconds(1)))
        }
        try await clock.waitForSleepers(count: 1)

        sleeper.cancel()
        await #expect(throws: CancellationError.self) {
            try await sleeper.value
        }
        #expect(clock.sleeperCount == 0)

        // A later advance past the old deadline has nobody left to resume.
        clock.advance(by: .seconds(2))
        #expect(clock.sleeperCount == 0)
        #expect(clock.pendingSleepCount == 0)
    }

    @Test("a sleep in a task already cancelled throws, even with its deadline passed",
          .catchesHangs)
    func sleepInCancelledTaskThrows() async throws {
        let clock = ManualClock()
        let sleeper = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(until: ManualClock.Instant(offset: .seconds(1)))
        }
        await #expect(throws: CancellationError.self) {
            try await sleeper.value
        }

        let pastDeadline = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(until: ManualClock.Instant(offset: .zero))
        }
        await #expect(throws: CancellationError.self) {
            try await pastDeadline.value
        }
        #expect(clock.sleeperCount == 0)
        #expect(clock.pendingSleepCount == 0)
    }

    @Test("a task cancelled as soon as it is created throws from its sleep", .catchesHangs)
    func taskCancelledImmediatelyThrows() async throws {
        let clock = ManualClock()
        let sleeper = Task {
            try await clock.sleep(until: ManualClock.Instant(offset: .seconds(1)))
        }
        // Whether the cancel lands before or after the sleep registers, it must be honoured.
        sleeper.cancel()
        await #expect(throws: CancellationError.self) {
            try await sleeper.value
        }
        #expect(clock.sleeperCount == 0)
        #expect(clock.pendingSleepCount == 0)
    }

    @Test("cancelling a sleeper after it woke changes nothing", .catchesHangs)
    func cancelAfterWakeIsHarmless() async throws {
        let clock = ManualClock()
        let sleeper = Task {
            try await clock.sleep(until: ManualClock.Instant(offset: .seconds(1)))
        }
        try await clock.waitForSleepers(count: 1)
        clock.advance(by: .seconds(1))
        try await sleeper.value

        sleeper.cancel()
        #expect(clock.sleeperCount == 0)
        #expect(clock.pendingSleepCount == 0)
    }

    @Test("waitForSleepers returns at once when enough sleep, and otherwise when the last one registers",
          .catchesHangs)
    func waitForSleepersWaitsForRegistration() async throws {
        let clock = ManualClock()
        try await clock.waitForSleepers(count: 0)   // none needed: at once
        let waiter = Task { try await clock.waitForSleepers(count: 2) }
        let first = Task { try await clock.sleep(until: ManualClock.Instant(offset: .seconds(1))) }
        let second = Task { try await clock.sleep(until: ManualClock.Instant(offset: .seconds(2))) }
        try await waiter.value
        #expect(clock.sleeperCount == 2)
        try await clock.waitForSleepers(count: 2)   // already true: at once
        clock.advance(by: .seconds(2))
        try await first.value
        try await second.value
        #expect(clock.sleeperCount == 0)
    }

    @Test("a cancelled waitForSleepers throws CancellationError, before or after it registered",
          .catchesHangs)
    func waitForSleepersHonoursCancellation() async throws {
        let clock = ManualClock()
        let cancelledFirst = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.waitForSleepers(count: 1)
        }
        await #expect(throws: CancellationError.self) { try await cancelledFirst.value }
        let registered = Task { try await clock.waitForSleepers(count: 1) }
        registered.cancel()
        await #expect(throws: CancellationError.self) { try await registered.value }
        // Nothing is left waiting: a sleeper arriving later resumes no one.
        let sleeper = Task { try await clock.sleep(until: ManualClock.Instant(offset: .seconds(1))) }
        try await clock.waitForSleepers(count: 1)
        clock.advance(by: .seconds(1))
        try await sleeper.value
    }

    @Test("the clock works as a some Clock<Duration>", .catchesHangs)
    func worksAsAGenericClock() async throws {
        let clock = ManualClock()
        let sleeper = Task {
            try await sleepThroughGenericClock(clock, for: .milliseconds(100))
        }
        try await clock.waitForSleepers(count: 1)
        #expect(clock.sleeperCount == 1)

        clock.advance(by: .milliseconds(99))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .milliseconds(1))
        try await sleeper.value
        #expect(clock.sleeperCount == 0)
        #expect(clock.now.offset == .milliseconds(100))
    }
}

/// Sleeps through the generic `Clock` API only, as code written for `ContinuousClock` does.
private func sleepThroughGenericClock(_ clock: some Clock<Duration>, for duration: Duration) async throws {
    try await clock.sleep(for: duration)
}

/// The names of the sleepers that woke, in the order they ran after waking.
private final class WakeLog: Sendable {
    private let storage = Locked<[String]>([])

    var names: [String] {
        storage.withLock { $0 }
    }

    func append(_ name: String) {
        storage.withLock { $0.append(name) }
    }
}
