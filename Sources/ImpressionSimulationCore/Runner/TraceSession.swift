import ImpressionSimulationFormats
import ImpressionTracking

/// One recorded session replayed as ``SessionRunner`` runs a generated one: through one
/// engine holding every policy, each input applied after the engine is advanced to its
/// time (inputs at time zero before sample 0), and what it gives counted the same way:
/// impressions, the sections rendered at the samples evaluated while the screen was
/// active (``TraceScreen``), each section's visible samples and exposure signals from
/// the engine's exits, and the deepest feed position the viewport reached.
///
/// Section ids become numbers through a ``SectionCatalog``: a feed's positions, so that
/// a trace of a generated session counts exactly as the session did.
///
/// A scroll frame that another replaces before the next sample is not given to the
/// engine, by the rule ``SessionRunner`` follows too (``LatestScrollFrame``): no sample
/// would see it.
struct TraceSession {
    /// A valid viewport held back, as the trace gave it, and its line. Its parts, not
    /// its `TimedInput`: plain values, so holding one and dropping it copy and free
    /// nothing, where an input is destroyed through its type's generic witnesses.
    typealias HeldViewport = (rect: Rect, afterSample: Bool, lineNumber: Int)

    private var tally: SessionOutcomeTally
    private var screen = TraceScreen()
    /// The lowest viewport edge seen, for the deepest position.
    private var deepestBottom: Double?
    /// When the engine samples; a trace's inputs come in time order.
    private var samples: SampleCursor
    /// The last valid viewport, held back until it is known whether a sample sees it;
    /// one at time zero without `afterSample` is held at sample -1, before sample 0.
    private var frames = LatestScrollFrame<HeldViewport>()

    /// A session at time zero; `engine` is a fresh engine of the run's policies and the
    /// trace's sample interval, `nil` without policies.
    init(engine: ImpressionEngine<Int>?, sampleInterval: Duration) {
        tally = SessionOutcomeTally(engine: engine, sampleInterval: sampleInterval)
        samples = SampleCursor(grid: SampleGrid(interval: sampleInterval))
    }

    /// Advances to `input.time`, then applies `input`; a valid viewport is held back
    /// instead, and given to the engine, at its own time, once no viewport replaces it
    /// before the next sample.
    ///
    /// - Throws: ``TraceError`` on line `lineNumber` when the engine refuses the input;
    ///   the session is then as it was before the input.
    mutating func apply(_ input: TimedInput<String>, lineNumber: Int, catalog: inout SectionCatalog) throws(TraceError) {
        if case .viewport(let rect) = input.input, rect.isValid {
            deepestBottom = max(deepestBottom ?? rect.maxY, rect.maxY)
            let sample = input.advancesFirst ? samples.lastSample(atOrBefore: input.time) : -1
            driveHeld(frames.hold((rect, input.afterSample, lineNumber), at: input.time, sample: sample))
            return
        }
        driveHeld(frames.release())
        let numbered = input.input.mapIDs { catalog.number(of: $0) }
        try drive(TimedInput(time: input.time, input: numbered, afterSample: input.afterSample), lineNumber: lineNumber)
    }

    /// Gives the engine a viewport held back, through the one step at its own time.
    private mutating func driveHeld(_ held: LatestScrollFrame<HeldViewport>.Held?) {
        guard let held else { return }
        // Valid, which is all the engine checks of a viewport: nothing refuses it.
        let viewport = TimedInput<Int>(time: held.time, input: .viewport(held.frame.rect), afterSample: held.frame.afterSample)
        try? drive(viewport, lineNumber: held.frame.lineNumber)
    }

    /// Advances the engine to `time`, counting what it gives and the sections on screen
    /// at the samples on the way.
    mutating func advance(to time: Duration) {
        tally.advance(to: time, showing: &screen)
    }

    /// Gives the engine the viewport still held back, then advances to `end`.
    mutating func finish(at end: Duration) {
        driveHeld(frames.release())
        advance(to: end)
    }

    /// Ends the session at `end` (its `end` line, or its last input's time when it was
    /// cut short), as ``SessionRunner`` ends a generated one, and gives its outcome;
    /// `feed` places the deepest viewport edge.
    mutating func finish(at end: Duration, feed: Feed) -> SessionOutcome {
        finish(at: end)
        tally.finish(at: end)
        let deepest = deepestBottom.flatMap { feed.lastSection(startingAbove: $0) }
        return SessionOutcome(impressions: tally.impressions, deepestSection: deepest, rejectedInputs: 0,
                              renderedSections: tally.rendered, timeInView: tally.timeInView, exposures: tally.exposures)
    }
}

extension TraceSession: TimedInputDriver {
    /// Gives the engine `input`, then the screen the layouts, viewports and scrolls it
    /// took; without policies there is no engine, and nothing refuses.
    mutating func applyToEngine(_ input: EngineInput<Int>) throws(InputError) {
        try tally.engine?.apply(input)
        switch input {
        case .layout(let sections, let containers):
            screen.setLayout(sections, containers: containers)
        case .viewport(let rect):
            screen.setViewport(rect)
        case .contentOffset(let offset, let containerID):
            screen.setContentOffset(offset, ofContainer: containerID)
        default:
            break
        }
    }

    /// `the engine refused the viewport: ...`, naming the input as ``TraceReplayer`` does.
    func refusalMessage(_ error: InputError, for input: EngineInput<Int>) -> String {
        "the engine refused the \(TraceReplayer.name(of: input)): \(error)"
    }
}
