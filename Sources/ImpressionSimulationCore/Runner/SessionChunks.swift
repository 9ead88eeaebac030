/// Runs a range of sessions in chunks of consecutive sessions on a task group and
/// appends the chunks' tallies in session order, so the total does not depend on the
/// number of workers or on which finished first.
///
/// A chunk is appended as soon as every chunk before it is, and no chunk starts more than
/// a few per worker ahead of the first not yet appended: what waits behind a slow chunk
/// is bounded by the workers, not the sessions, so a tally that carries its sessions'
/// rows (``SimulationTally/rows``) can write them as it goes with memory flat in the
/// number of sessions.
package enum SessionChunks {
    /// The tally of `range`: `chunk` counts each slice on a child task (at most
    /// `workers` at once), `append` joins them in session order onto `empty`, on the
    /// calling task, each as soon as the ones before it are joined. A chunk's result is
    /// most often a tally itself; it is another type when what a chunk found can only
    /// be settled in order, on the calling task.
    ///
    /// `progress` is called from the calling task with the sessions done and the total,
    /// as chunks complete. Once the calling task is cancelled no new chunk starts: the
    /// tally then covers a prefix of the sessions.
    package static func tally<Tally: Sendable, Chunk: Sendable>(
        sessions range: Range<Int>, workers: Int, empty: Tally,
        progress: (@Sendable (_ completed: Int, _ total: Int) -> Void)?,
        chunk: @escaping @Sendable (Range<Int>) -> Chunk,
        append: (inout Tally, Chunk) -> Void
    ) async -> Tally {
        let total = range.count
        let workers = max(1, min(workers, 1024))
        // The chunks finished ahead of one still running, by index.
        var waiting: [Int: Chunk] = [:]
        var nextToAppend = 0
        var merged = empty
        var completed = 0
        await withTaskGroup(of: (Int, Int, Chunk).self) { group in
            var nextChunk = 0
            var nextSession = range.lowerBound
            func addChunk() {
                let index = nextChunk
                nextChunk += 1
                // Small chunks balance the load, and smaller ones as the sessions run out,
                // so that no worker is left with a long chunk while the others wait at the
                // end; the tally does not depend on their sizes.
                let size = max(1, min(32, (range.upperBound - nextSession) / (workers * 8)))
                let sessions = nextSession..<min(range.upperBound, nextSession + size)
                nextSession = sessions.upperBound
                group.addTask { (index, sessions.count, chunk(sessions)) }
            }
            // Started, not yet finished.
            var running = 0
            func addChunks() {
                while nextSession < range.upperBound, running < workers, nextChunk - nextToAppend < workers * 4,
                      !Task.isCancelled {
                    addChunk()
                    running += 1
                }
            }
            addChunks()
            for await (index, sessions, tally) in group {
                running -= 1
                waiting[index] = tally
                while let ready = waiting.removeValue(forKey: nextToAppend) {
                    append(&merged, ready)
                    nextToAppend += 1
                }
                completed += sessions
                progress?(completed, total)
                addChunks()
            }
        }
        // Chunks start in order, so the ones a cancel left out are the last ones, and every
        // chunk started was appended.
        return merged
    }
}
