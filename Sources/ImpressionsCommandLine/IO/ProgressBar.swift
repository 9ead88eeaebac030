import ImpressionSimulation
import Synchronization

/// A one-line progress bar on standard error, redrawn when the percentage changes:
/// `[##########          ]  50%  500/1,000 sessions`.
package final class ProgressBar: Sendable {
    private let io: any CommandIO
    private let width = 30
    private let lastPercent = Atomic(-1)

    /// A bar drawn on `io`'s standard error; nothing is drawn before ``update(completed:total:)``.
    package init(io: any CommandIO) {
        self.io = io
    }

    /// Draws `completed` of `total`.
    package func update(completed: Int, total: Int) {
        let percent = total > 0 ? min(100, completed * 100 / total) : 100
        // An atomic exchange, not a lock: Thread Sanitizer sees atomics on every platform.
        guard lastPercent.exchange(percent, ordering: .relaxed) != percent else { return }
        let filled = width * percent / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        let percentText = String(percent)
        io.writeError("\r[\(bar)] \(String(repeating: " ", count: 3 - percentText.count))\(percentText)%  "
            + "\(NumberFormatting.integer(completed))/\(NumberFormatting.integer(total)) sessions")
    }

    /// Erases the bar.
    package func clear() {
        io.writeError("\r" + String(repeating: " ", count: width + 40) + "\r")
    }

    /// Runs `body`, giving it a progress callback that draws a bar on `io`'s standard
    /// error when it is a terminal (`nil` when it is not), and erases the bar once `body`
    /// returns.
    package static func drawn<Result>(
        on io: some CommandIO, _ body: (_ progress: (@Sendable (_ completed: Int, _ total: Int) -> Void)?) async -> Result
    ) async -> Result {
        guard io.isErrorTerminal else { return await body(nil) }
        let bar = ProgressBar(io: io)
        let result = await body { completed, total in bar.update(completed: completed, total: total) }
        bar.clear()
        return result
    }
}
