import Foundation
import Testing
import ImpressionsCommandLine
@testable import ImpressionTracking

/// Standard output and error captured in memory.
final class CapturedIO: CommandIO {
    private let output = Locked("")
    private let error = Locked("")
    let isErrorTerminal: Bool
    let inputDescriptor: Int32

    init(terminal: Bool = false, input: Int32 = 0) {
        isErrorTerminal = terminal
        inputDescriptor = input
    }

    func writeOutput(_ text: String) { output.withLock { $0 += text } }
    func writeError(_ text: String) { error.withLock { $0 += text } }
    var standardOutput: String { output.withLock { $0 } }
    var standardError: String { error.withLock { $0 } }
}

/// Runs `impressions` with `arguments` in process.
func impressions(_ arguments: String..., terminal: Bool = false) async -> (status: Int32, output: String, error: String) {
    let io = CapturedIO(terminal: terminal)
    let status = await ImpressionsCommand.run(arguments: arguments, io: io)
    return (status, io.standardOutput, io.standardError)
}

/// Runs `impressions` with an argument array in process.
func impressions(arguments: [String]) async -> (status: Int32, output: String, error: String) {
    let io = CapturedIO()
    let status = await ImpressionsCommand.run(arguments: arguments, io: io)
    return (status, io.standardOutput, io.standardError)
}

/// A fresh directory under the system's temporary directory.
func temporaryDirectory() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("impressions-tests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Writes `text` to a new file and returns its path.
func temporaryFile(_ text: String, name: String = "trace.jsonl") throws -> String {
    let path = try temporaryDirectory() + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
}

/// Runs the jobs of the tasks that prefer it on threads of its own, a concurrent dispatch
/// queue's (which adds threads as work waits), outside Swift's cooperative pool.
///
/// The cooperative pool has a thread per core, and the suite's CPU-bound tests (in-process
/// simulations, sweeps, model checks) each hold one of them for seconds at a time. A test
/// that awaits thousands of times (a tracker actor's calls, its reader and ticking tasks)
/// waits at each await for one of them to finish: on two cores its minutes were the
/// whole suite's, not its own. On this executor, its awaits wait only for its own work.
final class OwnThreadsExecutor: TaskExecutor {
    static let shared = OwnThreadsExecutor()
    private let queue = DispatchQueue(label: "ImpressionsCommandLineTests.OwnThreadsExecutor", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// A suite or test trait: each test runs on ``OwnThreadsExecutor``, and with it the
/// default actors it calls and the child tasks it starts (a task it starts with `Task {}`
/// must ask for the executor itself: unstructured tasks do not inherit it).
struct OnThreadsOfItsOwn: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        try await withTaskExecutorPreference(OwnThreadsExecutor.shared) { try await function() }
    }
}

extension Trait where Self == OnThreadsOfItsOwn {
    /// Runs each test on threads outside the cooperative pool: see ``OwnThreadsExecutor``.
    static var onThreadsOfItsOwn: Self { Self() }
}
