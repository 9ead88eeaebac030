@testable import ImpressionTracking

/// Runs the jobs of the tasks that prefer it only when the test calls ``runUntilIdle()``,
/// on the test's own thread.
///
/// When it is idle, every task on it has either returned or is suspended waiting for
/// something outside it: a test can tell "still waiting" from "done" by an assertion,
/// at once, instead of by a time limit.
final class ManualTaskExecutor: TaskExecutor {
    private let jobs = Locked<[UnownedJob]>([])

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
    }

    /// Runs jobs, in the order they were enqueued, until none is left (running one may
    /// enqueue more: a continuation resumed inside it).
    func runUntilIdle() {
        // Running a job inside the caller's own job is safe: the runtime restores the
        // caller's task when the job returns or suspends.
        while let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
