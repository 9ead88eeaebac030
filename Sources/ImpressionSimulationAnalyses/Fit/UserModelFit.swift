import ImpressionSimulationCore
import ImpressionSimulationFormats
import ImpressionTracking

/// Estimates a ``UserModel`` from recorded sessions: `impressions fit TRACE...`.
///
/// ```swift
/// var fit = UserModelFit()
/// for trace in traces { fit.add(trace) }
/// let fitted = try fit.estimate()        // fitted.model, fitted.notes
/// let configuration = SimulationConfiguration(user: fitted.model)
/// ```
///
/// Each trace is read as the simulator writes sessions: reading pauses between turns;
/// a turn is a fling (scroll frames whose steps shrink by the same factor each frame), a
/// tap on the status bar (frames easing out to the top), a carousel swipe (a container's
/// offset), or a rare event between its two lifecycle calls (`disappear`/`appear`,
/// `enterBackground`/`enterForeground`, `cover`/`uncover`, `beginRefresh`/`endRefresh`).
/// From those it estimates every parameter the traces reveal, by maximum likelihood
/// where there is a closed form (log-normal pauses, speeds and times away; Poisson
/// rates over the time each event could happen). What no trace shows (how long a
/// carousel takes to settle: a trace only has where it settles) keeps the built-in
/// value, and ``FittedUserModel/notes`` says so.
///
/// Traces can be added one input at a time (``observe(_:)``, then ``endTrace(at:)``),
/// so a fit holds a trace's turns, never its lines.
public struct UserModelFit: Sendable {
    var finished: [TraceObserver] = []
    private var current = TraceObserver()

    /// An empty fit.
    public init() {}

    /// The traces added so far.
    public var traceCount: Int { finished.count }

    /// Adds a whole trace.
    public mutating func add(_ trace: Trace) {
        for input in trace.inputs { observe(input) }
        endTrace(at: trace.end ?? trace.inputs.last?.time ?? .zero)
    }

    /// Takes the next input of the trace being added.
    public mutating func observe(_ input: TimedInput<String>) {
        current.observe(input)
    }

    /// Ends the trace being added at `end`: its `end` line, or its last input's time.
    public mutating func endTrace(at end: Duration) {
        current.finish(at: end)
        finished.append(current)
        current = TraceObserver()
    }

    /// Adds the traces of another fit (finished ones; one being added is dropped).
    public mutating func append(_ other: UserModelFit) {
        finished += other.finished
    }

    /// The fewest flings a fit accepts: about a minute of scrolling.
    public static let minimumFlings = 20

    /// The user model the traces added suggest.
    ///
    /// - Throws: ``FitError`` when the traces hold too little to fit (fewer than
    ///   ``minimumFlings`` flings), saying what was found.
    public func estimate() throws(FitError) -> FittedUserModel {
        var estimator = UserModelEstimator(traces: finished)
        return try estimator.estimate()
    }
}

/// A fitted user model, with a line per parameter saying what it rests on.
///
/// ```swift
/// let fitted = try fit.estimate()
/// for note in fitted.notes { print(note.key, note.basis) }   // meanReadingPauseMs from 332 pauses
/// let configuration = SimulationConfiguration(user: fitted.model)
/// ```
public struct FittedUserModel: Sendable {
    /// The model.
    public var model: UserModel
    /// For each parameter in the users file's order: its key and what it was estimated
    /// from (`from 1,204 pauses`), or why it kept the built-in value.
    public var notes: [(key: String, basis: String)]
    /// The traces it was fitted on.
    public var traceCount: Int
}

/// Too little in the traces to fit a user model: what was found, what is needed.
///
/// ```swift
/// do throws(FitError) {
///     configuration.user = try fit.estimate().model
/// } catch {
///     print("cannot fit: \(error)")   // what the traces held, and what is needed
/// }
/// ```
public struct FitError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The explanation: `found 7 flings in 2 traces (45 s in all); a fit needs at least 20 ...`.
    public var message: String

    /// An error with its explanation.
    package init(_ message: String) { self.message = message }

    /// The explanation.
    public var description: String { message }
}
