@testable import ImpressionTracking

/// A one-way gate a test opens: tasks waiting on it are held until it is opened, and
/// pass at once after. It makes a consumer slow by an event the test controls, so the
/// outcome never depends on how busy the machine is (as yielding in a loop would).
final class Gate: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    /// Lets every waiting task through, and every later one.
    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Suspends until the gate is open.
    func wait() async {
        await withCheckedContinuation { waiter in
            let isOpen = state.withLock { state in
                if !state.isOpen { state.waiters.append(waiter) }
                return state.isOpen
            }
            if isOpen { waiter.resume() }
        }
    }
}
