@testable import ImpressionTracking
import Testing

/// The tick's rules, called synchronously: every interleaving of the consumer, the
/// deadline, the sleep and the end is one line here. Waiters are plain strings.
@Suite("The tick's state machine")
struct TickStateMachineTests {
    typealias Machine = TickStateMachine<String>

    @Test("no deadline: park without sleeping; a deadline in the future: park until it; one passed: tick")
    func nextFollowsTheDeadline() {
        var machine = Machine()
        #expect(machine.next(now: .zero, isCancelled: false) == .park(until: nil))
        _ = machine.setDeadline(.milliseconds(100))
        #expect(machine.next(now: .milliseconds(99), isCancelled: false) == .park(until: .milliseconds(100)))
        #expect(machine.next(now: .milliseconds(100), isCancelled: false) == .tick(.milliseconds(100)))
        #expect(machine.next(now: .milliseconds(250), isCancelled: false) == .tick(.milliseconds(100)))
        #expect(machine.next(now: .zero, isCancelled: true) == .end)
    }

    @Test("a parked consumer is handed back when the deadline changes, not when it is set again")
    func deadlineChangeWakesTheParked() {
        var machine = Machine()
        _ = machine.setDeadline(.milliseconds(100))
        guard case .parked(let caughtUp) = machine.park("loop", until: .milliseconds(100), now: .zero) else {
            Issue.record("refused to park")
            return
        }
        #expect(caughtUp.isEmpty)
        #expect(machine.setDeadline(.milliseconds(100)) == nil)   // same deadline: sleep on
        #expect(machine.setDeadline(.milliseconds(200)) == "loop")
        #expect(machine.setDeadline(nil) == nil)                  // nobody parked now
        #expect(machine.next(now: .milliseconds(150), isCancelled: false) == .park(until: nil))
    }

    @Test("parking is refused when the deadline moved, passed or the ticks ended since next()")
    func staleParkIsRefused() {
        var machine = Machine()
        _ = machine.setDeadline(.milliseconds(100))
        guard case .resume("moved") = machine.park("moved", until: .milliseconds(200), now: .zero) else {
            Issue.record("parked towards a stale deadline")
            return
        }
        guard case .resume("passed") = machine.park("passed", until: .milliseconds(100), now: .milliseconds(100)) else {
            Issue.record("parked past its deadline")
            return
        }
        #expect(machine.finish().isEmpty)
        guard case .resume("ended") = machine.park("ended", until: .milliseconds(100), now: .zero) else {
            Issue.record("parked after the end")
            return
        }
    }

    @Test("the sleep ending hands back the parked consumer once")
    func sleepEnded() {
        var machine = Machine()
        _ = machine.setDeadline(.milliseconds(100))
        _ = machine.park("loop", until: .milliseconds(100), now: .zero)
        #expect(machine.sleepEnded() == "loop")
        #expect(machine.sleepEnded() == nil)   // a late second wake finds nobody
        #expect(machine.next(now: .milliseconds(100), isCancelled: false) == .tick(.milliseconds(100)))
    }

    @Test("caught up means parked with nothing due now; waiters are released by the next such park")
    func caughtUpWaiters() {
        var machine = Machine()
        _ = machine.setDeadline(.milliseconds(100))
        #expect(machine.waitUntilCaughtUp("test", now: .zero) == nil)   // not parked yet
        guard case .parked(let released) = machine.park("loop", until: .milliseconds(100), now: .zero) else {
            Issue.record("refused to park")
            return
        }
        #expect(released == ["test"])
        #expect(machine.isCaughtUp(now: .milliseconds(99)))
        #expect(machine.waitUntilCaughtUp("early", now: .milliseconds(99)) == "early")
        // The clock passed the deadline: not caught up until the tick is taken and it parks again.
        #expect(!machine.isCaughtUp(now: .milliseconds(100)))
        #expect(machine.waitUntilCaughtUp("late", now: .milliseconds(100)) == nil)
        #expect(machine.sleepEnded() == "loop")
        #expect(machine.next(now: .milliseconds(100), isCancelled: false) == .tick(.milliseconds(100)))
        _ = machine.setDeadline(nil)
        guard case .parked(let releasedLater) = machine.park("loop", until: nil, now: .milliseconds(100)) else {
            Issue.record("refused to park")
            return
        }
        #expect(releasedLater == ["late"])
    }

    @Test("finish hands back the parked consumer and every waiter, and ends the ticks")
    func finishReleasesEveryone() {
        var machine = Machine()
        _ = machine.park("loop", until: nil, now: .zero)
        _ = machine.setDeadline(.milliseconds(100))   // hands "loop" back
        _ = machine.park("loop", until: .milliseconds(100), now: .zero)
        #expect(machine.waitUntilCaughtUp("test", now: .milliseconds(200)) == nil)
        #expect(machine.finish() == ["loop", "test"])
        #expect(machine.next(now: .zero, isCancelled: false) == .end)
        #expect(machine.waitUntilCaughtUp("after", now: .zero) == "after")
    }
}
