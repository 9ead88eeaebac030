import ImpressionSimulationFormats
import ImpressionTracking

/// Replays sessions on a feed through one `ImpressionEngine` holding every policy, on
/// virtual time: every policy sees exactly the same inputs at the same times, and gives
/// what an `ImpressionEngine` of that policy would.
///
/// For each event, the engine is first advanced to the event's time (evaluating the
/// samples due before it), then given the input, so the input applies from the next
/// sample on; an event at time zero applies before sample 0, with the initial layout.
/// At the end the engine is advanced to the session's duration.
///
/// Two shortcuts keep the engine's work to what changes its answers, and neither
/// changes an impression: a scroll input that another replaces before the next sample
/// is not given to the engine (`LatestScrollFrame`: no sample would see it), and the
/// engine is advanced only when a sample fell due. The engine is made once, with the
/// first layout and the screen at the top, and copied for each session.
///
/// Besides the impressions, a run records the sections rendered (checked against the
/// feed's geometry at each evaluated sample while the screen is active) and, from the
/// engine's exit events, each section's visible samples under each policy; a stay still
/// open at the session's end is closed at the sample after it.
///
/// ```swift
/// let feed = Feed(sectionCount: 300, seed: 1)
/// let runner = try SessionRunner(feed: feed, policies: NamedPolicy.defaults)
/// let generator = SessionGenerator(model: UserModel(), feed: feed, duration: .seconds(60))
/// let session = generator.session(seed: 1, index: 0)
/// let counts = runner.impressionCounts(of: session)   // one count per policy
/// let trace = runner.trace(of: session)               // the same session, as a trace
/// ```
public struct SessionRunner: Sendable {
    /// The feed every session scrolls.
    public let feed: Feed
    /// The policies, in report order.
    public let policies: [NamedPolicy]
    /// The engine's sample interval.
    public let sampleInterval: Duration
    /// Which sections the engine's layouts hold.
    public let scope: FeedLayout.Scope
    /// Whether the engine measures exposure signals (ImpressionTracking's
    /// `ExposureSignals`), for ``SimulationReport``'s distributions of them.
    public let measuresExposureSignals: Bool
    private let initialLayout: FeedLayout
    /// `nil` without policies.
    private let initialEngine: ImpressionEngine<Int>?
    /// When the engine samples.
    private let grid: SampleGrid

    /// A runner for `policies` on `feed`, measuring exposure signals with
    /// `measuresExposureSignals`.
    ///
    /// - Throws: ``SimulationError`` when a policy or the interval is invalid, or the
    ///   feed's layout is refused.
    public init(feed: Feed, policies: [NamedPolicy], sampleInterval: Duration = .milliseconds(100),
                scope: FeedLayout.Scope = .window(marginScreens: 2), measuresExposureSignals: Bool = false) throws(SimulationError) {
        self.feed = feed
        self.measuresExposureSignals = measuresExposureSignals
        self.policies = policies
        self.sampleInterval = sampleInterval
        self.scope = scope
        let layout = FeedLayout(feed: feed, scope: scope, offset: 0)
        initialLayout = layout
        var engine: ImpressionEngine<Int>?
        if let first = policies.first {
            var multi = try ImpressionEngine<Int>(named: policies, sampleInterval: sampleInterval,
                                                  measuresExposureSignals: measuresExposureSignals)
            do throws(InputError) {
                try multi.setLayout(layout.sections, containers: layout.containers)
                try multi.setViewport(feed.screen.viewport(atOffset: 0))
                if feed.screen.insets != .zero { try multi.setViewportInsets(feed.screen.insets) }
            } catch {
                // Every policy refuses a layout alike: the first is named.
                throw SimulationError("policy \(first.name): \(error)")
            }
            engine = multi
        }
        initialEngine = engine
        grid = SampleGrid(interval: sampleInterval)
    }

    /// Replays `session` under every policy.
    package func run(_ session: Session) -> SessionOutcome {
        var tally = SessionOutcomeTally(engine: initialEngine, sampleInterval: sampleInterval)
        let deepestOffset = drive(session, into: &tally)
        tally.finish(at: session.duration)
        let deepestSection = feed.lastSection(startingAbove: deepestOffset + feed.screen.height)
        return SessionOutcome(impressions: tally.impressions, deepestSection: deepestSection,
                              rejectedInputs: tally.rejectedInputs, renderedSections: tally.rendered,
                              timeInView: tally.timeInView, exposures: tally.exposures)
    }

    /// The number of impressions `session` gives under each policy, in policy order: the
    /// impressions a ``Simulation`` counts, without the rest of a session's outcome (what
    /// a sweep over hundreds of definitions needs, for a fraction of the work).
    public func impressionCounts(of session: Session) -> [Int] {
        var counter = ImpressionCounter(engine: initialEngine)
        _ = drive(session, into: &counter)
        return counter.counts
    }

    /// The visible samples of every run `session` gives under each of the first
    /// `runPolicies` policies (runs still open at the end closed as ``run(_:)`` closes
    /// them), and the number of impressions under each policy: what a sweep that derives
    /// its durations from run lengths counts.
    package func runLengths(of session: Session, runPolicies: Int) -> (runs: [[Int]], impressions: [Int]) {
        var counter = RunLengthCounter(engine: initialEngine, runPolicies: runPolicies, sampleInterval: sampleInterval)
        _ = drive(session, into: &counter)
        counter.finish(at: session.duration)
        return (counter.runs, counter.impressions)
    }

    /// The engine inputs `session` makes, in order, as a trace records them: the
    /// initial layout and viewport at time zero, then one input per engine call the
    /// runner makes, and the session's end. Replayed under any policy
    /// (``TraceReplayer``), they give the impressions the runner gives.
    public func engineInputs(of session: Session) -> (inputs: [TimedInput<Int>], end: Duration) {
        var recorder = InputRecorder()
        recorder.record(.layout(sections: initialLayout.sections, containers: initialLayout.containers), at: .zero)
        recorder.record(.viewport(feed.screen.viewport(atOffset: 0)), at: .zero)
        if feed.screen.insets != .zero { recorder.record(.viewportInsets(feed.screen.insets), at: .zero) }
        _ = drive(session, into: &recorder)
        return (recorder.inputs, session.duration)
    }

    /// Turns each event of `session` into engine inputs for `sink`; returns the
    /// deepest offset scrolled to.
    private func drive(_ session: Session, into sink: inout some SessionInputSink) -> Double {
        var layout = initialLayout
        var viewport = feed.screen.viewport(atOffset: 0)
        var deepestOffset = 0.0
        // The last sample the engines were brought up to; -1 before sample 0.
        var evaluatedThrough = -1
        // Scroll offsets no sample sees are dropped here, unless the sink keeps every frame.
        var frames = LatestScrollFrame<Double>()
        // The events come in time order, several to a sample.
        var samples = SampleCursor(grid: grid)

        // Sections that load late: each load is a new layout at its time, before the
        // session's events at that time. None in a feed without load delays.
        func loadSections(through time: Duration, sink: inout some SessionInputSink) {
            while let load = layout.nextLoadTime, load <= time {
                let sample = samples.lastSample(atOrBefore: load)
                if load > .zero, sample > evaluatedThrough {
                    sink.advance(to: load, showing: layout, in: viewport)
                    evaluatedThrough = sample
                }
                if layout.load(through: load) {
                    sink.apply(.layout(sections: layout.sections, containers: layout.containers), at: load)
                }
            }
        }

        // One event's inputs, at `time`, whose last sample is `sample`.
        func apply(_ input: SessionInput, at time: Duration, sample: Int, sink: inout some SessionInputSink) {
            // Inputs at time zero join the initial state, before sample 0, as in a trace.
            if time > .zero, sample > evaluatedThrough {
                sink.advance(to: time, showing: layout, in: viewport)
                evaluatedThrough = sample
            }
            switch input {
            case .scroll(let offset):
                let scrolled = feed.screen.viewport(atOffset: offset)
                guard scrolled.isValid else { sink.reject(); break }
                if layout.follow(offset: offset) {
                    sink.apply(.layout(sections: layout.sections, containers: layout.containers), at: time)
                }
                sink.apply(.viewport(scrolled), at: time)
                viewport = scrolled
            case .carouselScroll(let section, let offset):
                if let (containerID, contentOffset) = layout.setCarouselOffset(offset, ofSection: section) {
                    sink.apply(.contentOffset(contentOffset, containerID: containerID), at: time)
                }
            case .lifecycle(let call): sink.apply(.lifecycle(call), at: time)
            }
            sink.endEvent()
        }

        // A held frame goes before the sections that load after its time and before the
        // input that released it: the order the session's events made them in.
        func applyReleased(_ held: LatestScrollFrame<Double>.Held?, sink: inout some SessionInputSink) {
            guard let held else { return }
            apply(.scroll(offset: held.frame), at: held.time, sample: held.sample, sink: &sink)
        }

        for event in session.events {
            let sample = samples.lastSample(atOrBefore: event.time)
            if case .scroll(let offset) = event.input {
                // What came on screen, whether or not a sample saw it.
                if offset.isFinite { deepestOffset = max(deepestOffset, offset) }
                if !sink.keepsEveryFrame {
                    applyReleased(frames.hold(offset, at: event.time, sample: sample), sink: &sink)
                    loadSections(through: event.time, sink: &sink)
                    continue
                }
            } else {
                applyReleased(frames.release(), sink: &sink)
            }
            loadSections(through: event.time, sink: &sink)
            apply(event.input, at: event.time, sample: sample, sink: &sink)
        }
        applyReleased(frames.release(), sink: &sink)
        loadSections(through: session.duration, sink: &sink)
        sink.advance(to: session.duration, showing: layout, in: viewport)
        return deepestOffset
    }

}

/// Where ``SessionRunner`` sends the engine inputs a session makes: its engine, or a
/// recording of them for a trace.
protocol SessionInputSink {
    /// Whether every scroll frame is applied, or only the last before each sample (the
    /// same impressions, fewer inputs). A trace keeps them all: `impressions fit` reads
    /// a fling's deceleration from its frames.
    var keepsEveryFrame: Bool { get }
    /// Evaluates the samples due at or before `time`, at which `layout` shows `viewport`.
    mutating func advance(to time: Duration, showing layout: FeedLayout, in viewport: Rect)
    /// Applies an input made by the current session event.
    mutating func apply(_ input: EngineInput<Int>, at time: Duration)
    /// The current session event cannot be made into an input (a non-finite offset).
    mutating func reject()
    /// The current session event is done.
    mutating func endEvent()
}

/// The engine inputs of a session, for a trace.
private struct InputRecorder: SessionInputSink {
    var inputs: [TimedInput<Int>] = []
    var keepsEveryFrame: Bool { true }

    mutating func record(_ input: EngineInput<Int>, at time: Duration) {
        inputs.append(TimedInput(time: time, input: input))
    }

    mutating func advance(to time: Duration, showing layout: FeedLayout, in viewport: Rect) {}
    mutating func apply(_ input: EngineInput<Int>, at time: Duration) { record(input, at: time) }
    mutating func reject() {}
    mutating func endEvent() {}
}
