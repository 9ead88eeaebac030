/// Records every input an ``ImpressionEngine`` or ``ImpressionTracker`` applies, at the
/// time it applies it, as the lines of a trace (`docs/trace-format.md`): what
/// `impressions replay`, `fit` and `audit` read. An app records its real sessions with
/// it, then replays them under other policies, fits its users to them and audits its
/// SDK against them.
///
/// Give the recorder to the engine or tracker when you create it, and read its ``lines``
/// from a task of your own, writing them where your logs go:
///
/// ```swift
/// let recorder = TraceRecorder(session: sessionID, source: "home feed, build 4.2.0")
/// let tracker = try ImpressionTracker<String>(policy: .default, recorder: recorder)
/// Task.detached(priority: .utility) {
///     for await line in recorder.lines { logFile.write(line + "\n") }
/// }
/// ```
///
/// Or let a ``TraceFileSink`` write them to a file, which it keeps so that a session the
/// app does not live to finish still leaves a trace, cut short:
/// `Task.detached(priority: .utility) { try await sink.record(recorder) }`.
///
/// The header is written when the engine is created; each input the engine accepts
/// becomes one line (a refused input writes nothing, as it changes nothing); an input
/// sent with ``ImpressionTracker/send(_:)`` is written at the time it was sent, which is
/// when the tracker applies it. ``ImpressionTracker/finish()`` writes the `end` line and
/// ends ``lines``; with an engine of your own, call ``finish(at:)`` with its time.
/// Section ids are written as text: a `String` as it is, any other id as
/// `String(describing:)`, so give an id type of your own a description that names it.
///
/// Recording never blocks the engine. Each line goes into a buffer of ``bufferLimit``
/// lines, which your task empties; it costs one line's encoding per input and nothing
/// per sample, and an engine without a recorder pays nothing. When your task falls
/// behind (a slow disk, a write that throws and ends your loop, no task at all) and the
/// buffer is full, the recorder drops lines rather than wait or grow: it counts them in
/// ``droppedLineCount``, and once there is room again it writes a `gap` line saying how
/// many are missing there, so a replay stops at that line instead of silently
/// replaying a different session (`--keep-going` skips it and replays on, inexactly).
/// Room for two lines past ``bufferLimit`` is kept for the close of the recording, so
/// whenever your task reads on, however far behind it was, a trace ends with the `gap`
/// line for what it lost last, if anything, and then the `end` line.
/// The engine's state is never affected.
///
/// One recorder records one engine or tracker: a second one is refused with
/// ``ConfigurationError/Code/recorderInUse``.
public final class TraceRecorder: Sendable {
    private struct State {
        var header: TraceHeader?
        /// Lines lost since the last line written, and the time of the first of them.
        var missing = 0
        var firstMissingTime = Duration.zero
        var droppedLineCount = 0
        var isFinished = false
    }

    /// Which session this is, written in the header: the app's session id, say.
    public let session: String?
    /// Where the trace comes from, written in the header: the screen and the build, say.
    public let source: String?
    /// The most lines of the session held for a reader that falls behind; more are
    /// dropped and counted. The `gap` and `end` lines that close the recording have room
    /// of their own on top.
    public let bufferLimit: Int
    private let buffer: SubscriberBuffer<String>
    private let state = Locked(State())
    /// Room no line of the session may take, kept for the closing `gap` and `end` lines:
    /// without it a reader behind at the finish would get neither, and the trace would
    /// replay, with no error, as a shorter session.
    private static let closingRoom = 2

    /// Creates a recorder, to give to one engine or tracker.
    ///
    /// - Parameters:
    ///   - session: the session's id, written in the header (any text; `nil` leaves it out).
    ///   - source: where the trace comes from, written in the header (any text).
    ///   - bufferLimit: the most lines held for a reader that falls behind; at least 2,
    ///     so that a `gap` line and the line after it fit.
    public init(session: String? = nil, source: String? = nil, bufferLimit: Int = 10_000) {
        self.session = session
        self.source = source
        self.bufferLimit = max(2, bufferLimit)
        buffer = SubscriberBuffer(bufferingPolicy: .bufferingOldest(self.bufferLimit + Self.closingRoom))
        // Held here, so the buffer lives as long as the recorder, whoever reads it.
        lines = TrackerSubscription(buffer: buffer)
    }

    /// The trace's lines, in order, each without its newline: the header, then a line per
    /// input, then the `end` line, after which the sequence ends. Read it from one task.
    public let lines: TrackerSubscription<String>

    /// How many lines were dropped because the reader of ``lines`` fell behind.
    public var droppedLineCount: Int { state.withLock { $0.droppedLineCount } }

    /// Whether ``finish(at:)`` was called: later inputs are not written.
    public var isFinished: Bool { state.withLock { $0.isFinished } }

    /// Writes the `end` line at `time` (the engine's ``ImpressionEngine/time``) and ends
    /// ``lines``; later calls do nothing.
    public func finish(at time: Duration) {
        let isFirst = state.withLock { state in
            defer { state.isFinished = true }
            return !state.isFinished && state.header != nil
        }
        if isFirst { write(TraceEncoder.endLine(at: time), at: time, closing: true) }
        buffer.finish()
    }

    /// Takes the recorder for an engine of `sampleInterval` and writes the header, naming
    /// `session`: the engine's, which is the recorder's own when it has one.
    ///
    /// - Throws: ``ConfigurationError/Code/recorderInUse`` when another engine has it.
    func start(sampleInterval: Duration, session engineSession: String? = nil) throws(ConfigurationError) {
        let header = TraceHeader(sampleInterval: sampleInterval, session: engineSession ?? session, source: source)
        let isFirst = state.withLock { state in
            guard state.header == nil else { return false }
            state.header = header
            return true
        }
        guard isFirst else { throw .recorderInUse(session: session) }
        write(TraceEncoder.line(header), at: .zero)
    }

    /// Writes `input`, applied at `time`, after the sample at `time` was evaluated when
    /// `afterSample`.
    func record<ID>(_ input: EngineInput<ID>, at time: Duration, afterSample: Bool = false) {
        write(TraceEncoder.line(input, at: time, afterSample: afterSample, text: Self.text), at: time)
    }

    /// A section id as the trace writes it; ``Impression/id`` writes it so too.
    static func text<ID>(_ id: ID) -> String {
        id as? String ?? String(describing: id)
    }

    /// Puts `line` into the buffer, after a `gap` line when lines were lost before it;
    /// when there is no room for them, counts `line` as lost too. Only the `closing` line
    /// (the `end` line) may take the room kept for the close, and only it is written once
    /// the recorder is finished.
    ///
    /// Under the recorder's lock from the check to the count, so that a line written from
    /// another thread cannot land between the finish and the `end` line, nor two writers
    /// both take the same gap.
    private func write(_ line: String, at time: Duration, closing: Bool = false) {
        state.withLock { state in
            guard !state.isFinished || closing else { return }
            let reserved = closing ? 0 : Self.closingRoom
            let taken = state.missing == 0
                ? buffer.publishWhole(CollectionOfOne(line), reserving: reserved)
                : buffer.publishWhole([TraceEncoder.gapLine(at: state.firstMissingTime, count: state.missing), line],
                                      reserving: reserved)
            if taken {
                state.missing = 0
            } else {
                if state.missing == 0 { state.firstMissingTime = time }
                state.missing += 1
                state.droppedLineCount += 1
            }
        }
    }
}
