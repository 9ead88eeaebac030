import Foundation
@testable import ImpressionTracking
import Testing

/// Runs the jobs of the tasks that prefer it on threads it starts itself: outside Swift's
/// cooperative pool, and outside Dispatch's thread pools.
///
/// On Linux the cooperative pool is Dispatch's default-priority root queue, a thread per
/// core, and a concurrent `DispatchQueue` runs its blocks on that same root queue: a task
/// executor backed by one is the cooperative pool under another name. The suite's
/// CPU-bound tests (in-process simulations, sweeps, model checks) hold those threads for
/// seconds to minutes at a time, so a test that awaits thousands of times (a tracker
/// actor's calls, its reader and ticking tasks) waited at each await for one of them to
/// finish. These threads run only the jobs of the tasks that prefer this executor; the
/// operating system, not a queue, shares the cores between them and everything else.
///
/// - Important: Call ``finish()`` once those tasks are done: its threads then end.
final class OwnThreadsExecutor: TaskExecutor {
    /// The executor the current suite runs on, if it has one: for the tasks a test starts
    /// with `Task {}`, which inherit task-local values but not an executor preference.
    @TaskLocal static var current: OwnThreadsExecutor?

    private struct Queue {
        var jobs: [UnownedJob] = []
        var oldest = 0
        var isFinished = false

        mutating func take() -> UnownedJob? {
            guard oldest < jobs.count else { return nil }
            defer {
                oldest += 1
                if oldest == jobs.count {
                    jobs.removeAll(keepingCapacity: true)
                    oldest = 0
                }
            }
            return jobs[oldest]
        }
    }

    // A pthread mutex: Thread Sanitizer sees the order it gives between the thread that
    // queues a job and the one that takes it.
    private let queue = Locked(Queue())
    /// Signalled once for each job queued, and once for each thread at the finish.
    private let waiting = DispatchSemaphore(value: 0)
    private let threadCount: Int

    /// Starts `threadCount` threads named after `name`: two at least, so that concurrent
    /// tasks still run at once, and no more than the cores, like the cooperative pool.
    init(name: String, threadCount: Int = max(2, ProcessInfo.processInfo.activeProcessorCount)) {
        self.threadCount = threadCount
        for _ in 0..<threadCount {
            Thread { [self] in
                Thread.current.name = name
                work()
            }.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let isQueued = queue.withLock { queue in
            guard !queue.isFinished else { return false }
            queue.jobs.append(job)
            return true
        }
        if isQueued {
            waiting.signal()
        } else {
            // A task that outlived the suite: a thread for this job, rather than a hang.
            Thread { [self] in job.runSynchronously(on: asUnownedTaskExecutor()) }.start()
        }
    }

    /// Lets the threads end once they have run the jobs already queued.
    func finish() {
        queue.withLock { $0.isFinished = true }
        for _ in 0..<threadCount { waiting.signal() }
    }

    private func work() {
        while true {
            waiting.wait()
            // Every signal before the finish comes with a job, so none here means finished.
            guard let job = queue.withLock({ $0.take() }) else { return }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// A suite trait: the whole suite runs on an ``OwnThreadsExecutor`` of its own.
///
/// The scope is the suite's, not each test's, because the testing library starts each
/// test case, runs its time limit and ends it in tasks of its own around a test's scope:
/// those tasks are children of the suite's, so they run on the suite's threads too. With
/// a scope per test, a test case still waited for the cooperative pool to start and to
/// return from its scope, and under load that wait alone passed its time limit. Inside,
/// the default actors the tests call and the child tasks they start run there as well; a
/// task a test starts with `Task {}` must ask for ``OwnThreadsExecutor/current`` itself.
struct OnThreadsOfItsOwn: SuiteTrait, TestScoping {
    var isRecursive: Bool { false }

    func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        let executor = OwnThreadsExecutor(name: test.name)
        defer { executor.finish() }
        try await OwnThreadsExecutor.$current.withValue(executor) {
            try await withTaskExecutorPreference(executor) { try await function() }
        }
    }
}

extension Trait where Self == OnThreadsOfItsOwn {
    /// Runs the suite on threads of its own: see ``OnThreadsOfItsOwn``.
    static var onThreadsOfItsOwn: Self { Self() }
}
