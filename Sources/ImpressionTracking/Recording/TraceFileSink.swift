/// Writes a ``TraceRecorder``'s lines to a file, so that a session the app does not live
/// to finish still leaves a trace: one that replays as cut short, missing at most its
/// last ``flushInterval``.
///
/// ```swift
/// let recorder = TraceRecorder(session: "7F3A", source: "home feed, build 4.2.0")
/// let tracker = try ImpressionTracker<String>(policy: .default, recorder: recorder)
/// let sink = try TraceFileSink(path: "/tmp/7F3A.jsonl")
/// Task.detached(priority: .utility) {
///     do { try await sink.record(recorder) } catch { print(error) }   // cannot write /tmp/7F3A.jsonl: ...
/// }
/// // ... the screen's life; `tracker.finish()` writes the `end` line and closes the file.
/// ```
///
/// The sink appends: a file that exists is written after its last byte, so one file may
/// hold a day's sessions one after another (`impressions simulate --traces - < day.jsonl`
/// reads them as a stream of traces, cut at their headers; `impressions replay` reads one
/// trace a file). After a session whose last line was cut off (a full disk), give the
/// next one a file of its own: its header would go on the end of that part of a line.
/// It holds at most ``bufferLimit`` bytes of lines in memory
/// and writes them, with the system's `write` and nothing between:
/// - when the next line would not fit (a line longer than the limit is written on its
///   own, never held);
/// - when a line comes and ``flushInterval`` has passed since the last write, and at the
///   first line (the header, so that any file the sink made has one);
/// - at the `enterBackground` line, the app's move to the background, after which the
///   system may end the app without a word;
/// - every half ``flushInterval`` by the clock, from ``run()``, so that lines do not
///   wait on a screen left still, and a wake-up that comes late (a busy device) is still
///   in time; ``record(_:)`` runs it;
/// - at ``flush()`` and ``close()``.
///
/// So no line waits in memory longer than ``flushInterval``, and a process killed at any
/// point (`SIGKILL`, the system reclaiming a backgrounded app) leaves a file that ends
/// with whole lines, or with part of the last one: either way a trace without its `end`
/// line, which `impressions replay` replays to where it stops and reports as cut short.
/// What the sink wrote survives the process, not a power loss: it never calls `fsync`.
///
/// A write that fails (a full disk) fails the sink: that call, and every later one,
/// throws the ``TraceFileError``, and nothing more is written. The file then ends where the
/// failed write stopped, cut short as above.
public final class TraceFileSink: Sendable {
    private struct State {
        /// `nil` once closed.
        var file: AppendOnlyFile?
        var buffer: [UInt8] = []
        /// When the sink last wrote to the file, by its clock; `nil` before the first write.
        var lastWrite: Duration?
        /// The error that failed the sink, thrown by every call after it.
        var failure: TraceFileError?
    }

    /// The file's path, as given.
    public let path: String
    /// The most bytes of lines (each with its newline) the sink holds before writing them.
    public let bufferLimit: Int
    /// The longest a line waits in memory before it is written.
    public let flushInterval: Duration
    private let clock: TrackerClock
    private let state: Locked<State>

    /// The `enterBackground` line's ending, which no other line has: after it the app may
    /// be ended at any moment, so the sink writes at once.
    private static let backgroundLineEnding = ",\"type\":\(JSONText.quoted(LifecycleCall.enterBackground.name))}"

    /// Opens (or creates) the file at `path` for appending.
    ///
    /// - Parameters:
    ///   - path: the file to append to; created with mode 0644 when it does not exist.
    ///   - bufferLimit: the most bytes held before they are written; 0 writes every line
    ///     as it comes. A negative value counts as 0.
    ///   - flushInterval: the longest a line waits before it is written; zero or less
    ///     writes every line as it comes.
    ///   - clock: the clock ``flushInterval`` is measured by, and ``run()`` sleeps on: a
    ///   ``ManualClock`` in tests.
    /// - Throws: ``TraceFileError/Code/cannotOpen``, naming the path and the system's reason.
    public init(path: String, bufferLimit: Int = 64 << 10, flushInterval: Duration = .seconds(1),
                clock: some Clock<Duration> = ContinuousClock()) throws(TraceFileError) {
        self.path = path
        self.bufferLimit = max(0, bufferLimit)
        self.flushInterval = max(.zero, flushInterval)
        self.clock = TrackerClock(clock)
        let file = try AppendOnlyFile(path: path)
        state = Locked(State(file: file))
        state.withLock { $0.buffer.reserveCapacity(min(self.bufferLimit, 64 << 10)) }
    }

    /// A sink released without ``close()`` writes what it holds and closes its file, as
    /// `close()` would but without a word on failure: the lines are the app's.
    deinit {
        let now = clock.elapsed()
        state.withLock { state in
            guard let file = state.file else { return }
            if state.failure == nil { try? Self.flush(&state, to: file, at: now) }
            try? file.close()
            state.file = nil
        }
    }

    /// The bytes held now, waiting to be written: never more than ``bufferLimit``.
    public var bufferedByteCount: Int {
        state.withLock { $0.buffer.count }
    }

    /// Appends `line` and a newline, writing what the rules above say is due.
    ///
    /// - Throws: ``TraceFileError`` when a write fails or failed before, or the sink is closed.
    public func write(_ line: String) throws(TraceFileError) {
        let now = clock.elapsed()
        let size = line.utf8.count + 1
        try state.withLock { (state: inout State) throws(TraceFileError) in
            let file = try Self.open(&state, path: path)
            if state.buffer.count + size > bufferLimit {
                try Self.flush(&state, to: file, at: now)
            }
            if size > bufferLimit {
                // Longer than the buffer: written whole, in one call, never held.
                try Self.write(Array(line.utf8) + [0x0A], to: file, state: &state, at: now)
                return
            }
            state.buffer.append(contentsOf: line.utf8)
            state.buffer.append(0x0A)
            let isDue = state.lastWrite.map { now - $0 >= flushInterval } ?? true
            if isDue || Self.isBackgroundLine(line) {
                try Self.flush(&state, to: file, at: now)
            }
        }
    }

    /// Whether `line` is the recorder's line for ``LifecycleCall/enterBackground``.
    static func isBackgroundLine(_ line: String) -> Bool {
        let ending = backgroundLineEnding.utf8
        return line.utf8.count >= ending.count && line.utf8.suffix(ending.count).elementsEqual(ending)
    }

    /// Writes every line held now.
    ///
    /// - Throws: ``TraceFileError`` when the write fails or one failed before, or the sink is closed.
    public func flush() throws(TraceFileError) {
        let now = clock.elapsed()
        try state.withLock { (state: inout State) throws(TraceFileError) in
            try Self.flush(&state, to: try Self.open(&state, path: path), at: now)
        }
    }

    /// Writes every line held and closes the file; later calls do nothing, and later lines
    /// throw ``TraceFileError/Code/closed``.
    ///
    /// - Throws: ``TraceFileError`` when the last write or the close fails, or a write
    ///   failed before (the file is closed all the same).
    public func close() throws(TraceFileError) {
        let now = clock.elapsed()
        try state.withLock { (state: inout State) throws(TraceFileError) in
            guard let file = state.file else { return }
            state.file = nil
            defer { state.buffer = [] }
            if let failure = state.failure {
                try? file.close()
                throw failure
            }
            do throws(TraceFileError) {
                try Self.flush(&state, to: file, at: now)
            } catch {
                try? file.close()
                throw error
            }
            try file.close()
        }
    }

    /// Writes the lines held every half ``flushInterval`` by the clock, until the task is
    /// cancelled or the sink closed; with a zero interval nothing waits, and it returns.
    ///
    /// Half, so that a line waits at most half the interval when the wake-ups are on
    /// time, and the other half is room for a wake-up that comes late.
    ///
    /// ``record(_:)`` runs it beside the lines; call it yourself when you ``write(_:)``
    /// lines of your own.
    ///
    /// - Throws: ``TraceFileError`` when a write fails.
    public func run() async throws(TraceFileError) {
        guard flushInterval > .zero else { return }
        let period = flushInterval / 2
        var deadline = clock.elapsed() + period
        while true {
            do {
                try await clock.sleepUntil(deadline)
            } catch {
                return   // cancelled
            }
            let now = clock.elapsed()
            let isOpen = try state.withLock { (state: inout State) throws(TraceFileError) -> Bool in
                guard let file = state.file else { return false }
                if let failure = state.failure { throw failure }
                try Self.flush(&state, to: file, at: now)
                return true
            }
            guard isOpen else { return }
            // On the grid from the first deadline; a sleep that overran (the app suspended)
            // starts a new one, rather than writing again and again to catch up.
            deadline += period
            if deadline <= now { deadline = now + period }
        }
    }

    /// Writes the recorder's ``TraceRecorder/lines`` as they come, and the lines held every
    /// half ``flushInterval`` (``run()``), until the lines end (``ImpressionTracker/finish()``
    /// or ``TraceRecorder/finish(at:)``, after the `end` line); then closes the file.
    /// Cancelling the task ends the lines too: the file is closed without an `end` line.
    ///
    /// - Throws: ``TraceFileError`` when a write fails; the recording is cut short there.
    public func record(_ recorder: TraceRecorder) async throws(TraceFileError) {
        // Its own task, so that it wakes while the lines are still; a write it fails fails
        // the sink, which the next line or the close throws.
        let timer = Task { try? await self.run() }
        defer { timer.cancel() }
        for await line in recorder.lines {
            try write(line)
        }
        try close()
    }

    /// The open file, or the error to throw: the one that failed the sink, or `closed`.
    private static func open(_ state: inout State, path: String) throws(TraceFileError) -> AppendOnlyFile {
        if let failure = state.failure { throw failure }
        guard let file = state.file else { throw TraceFileError.closed(path: path) }
        return file
    }

    /// Writes the buffer, if anything is in it.
    private static func flush(_ state: inout State, to file: AppendOnlyFile, at now: Duration) throws(TraceFileError) {
        guard !state.buffer.isEmpty else { return }
        let bytes = state.buffer
        state.buffer.removeAll(keepingCapacity: true)
        try write(bytes, to: file, state: &state, at: now)
    }

    /// Writes `bytes`; a failure fails the sink and drops what it held.
    private static func write(_ bytes: [UInt8], to file: AppendOnlyFile, state: inout State,
                              at now: Duration) throws(TraceFileError) {
        do throws(TraceFileError) {
            try file.write(bytes)
        } catch {
            state.failure = error
            state.buffer = []
            throw error
        }
        state.lastWrite = now
    }
}
