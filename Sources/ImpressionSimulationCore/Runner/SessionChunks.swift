/// Runs a range of sessions in chunks of consecutive sessions on a task group and
/// appends the chunks' tallies in session order, so the total does not depend on the
/// number of workers or on which finished first.
package enum SessionChunks {
    /// The tally of `range`: `chunk` counts each slice on a child task (at most
    /// `workers` at once), `append` joins them in session order onto `empty`.
    ///
    /// `progress` is called from the calling task with the sessions done and the total,
    /// as chunks complete. Once the calling task is cancelled no new chunk starts: the
    /// tally then covers a prefix of the sessions.
    package static func tally<Tally: Sendable>(
        sessions range: Range<Int>, workers: Int, empty: Tally,
        progress: (@Sendable (_ completed: Int, _ total: Int) -> Void)?,
        chunk: @escaping @Sendable (Range<Int>) -> Tally,
        append: (inout Tally, Tally) -> Void
    ) async -> Tally {
        let total = range.count
        let workers = max(1, min(workers, 1024))
        // Small chunks balance the load; the tally does not depend on their size.
        let chunkSize = max(1, min(32, total / (workers * 8)))
        let chunkCount = (total + chunkSize - 1) / chunkSize
        var chunks = [Tally?](repeating: nil, count: chunkCount)
        var completed = 0
        await withTaskGroup(of: (Int, Int, Tally).self) { group in
            var nextChunk = 0
            func addChunk() {
                let index = nextChunk
                nextChunk += 1
                let sessions = (range.lowerBound + index * chunkSize)..<min(range.upperBound, range.lowerBound + (index + 1) * chunkSize)
                group.addTask { (index, sessions.count, chunk(sessions)) }
            }
            while nextChunk < min(workers, chunkCount) { addChunk() }
            for await (index, sessions, tally) in group {
                chunks[index] = tally
                completed += sessions
                progress?(completed, total)
                if nextChunk < chunkCount && !Task.isCancelled { addChunk() }
            }
        }
        var merged = empty
        // Chunks start in order, so the ones a cancel left out are the last ones.
        for case let tally? in chunks { append(&merged, tally) }
        return merged
    }
}
