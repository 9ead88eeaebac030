import Dispatch

/// Runs the jobs of the tasks that prefer it one at a time, in the order they were
/// enqueued, on a dispatch queue of its own: outside Swift's cooperative pool, so a job
/// that blocks here (a test holding an actor busy) starves nobody else.
///
/// A sleeper's task is enqueued here when the clock resumes it, so with every sleeper on
/// this executor the order their code runs in is the order the clock resumed them.
final class SerialTaskExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "ImpressionTrackingTests.SerialTaskExecutor")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async {
            job.runSynchronously(on: self.asUnownedTaskExecutor())
        }
    }
}
