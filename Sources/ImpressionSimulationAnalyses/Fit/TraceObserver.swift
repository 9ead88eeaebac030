import ImpressionSimulationFormats
import ImpressionTracking

/// Reads one recorded session, input by input, and recognises what its user did: runs
/// of scroll frames (flings, taps on the status bar), carousel swipes, and the rare
/// events that take the user away (another tab, the background, a modal, a refresh).
///
/// It keeps what ``UserModelFit`` estimates from: each turn's times, each fling's first
/// steps, and how long each absence lasted. It holds the frames of one motion at a
/// time, so a long trace costs no more memory than its turns.
struct TraceObserver: Sendable {
    /// A fling's measurements.
    struct Fling: Sendable {
        /// Its curve: the decay, the starting speed, the start (ms from its first frame).
        var curve: MotionCurve.Fling
        /// From its start to its last frame, in milliseconds.
        var duration: Double
        /// Up (back towards the top) or down.
        var isUpward: Bool
        var startOffset: Double
        var endOffset: Double
        /// Whether the session's end may have cut it short.
        var mayBeCut = false
    }

    /// Frames further apart than this start a new motion: any frame rate from 20 fps.
    static let frameGap: Int64 = 50_000_000

    private(set) var turns: [TurnRecord] = []
    private(set) var flings: [Fling] = []
    /// The greatest common divisor of the times between a motion's frames (but its last,
    /// which is cut short), in nanoseconds: the frame interval, or a multiple of it.
    private(set) var frameIntervalDivisor: Int64 = 0
    /// Each status-bar scroll's duration, in milliseconds.
    private(set) var backToTopDurations: [Double] = []
    /// How long each absence lasted, by ``AwayKind``, from its opening call to its closing one.
    private(set) var awayDurations: [[Int64]] = AwayKind.allCases.map { _ in [] }
    /// How many times each absence began (one cut by the end has no duration).
    private(set) var awayCounts = [Int](repeating: 0, count: AwayKind.allCases.count)
    /// The session's length, once finished.
    private(set) var end: Int64 = 0

    private var offset = 0.0
    private var viewportHeight = 0.0
    private var carousels: [Rect] = []
    private var motion: (startOffset: Double, carouselOnScreen: Bool, times: [Int64], offsets: [Double])?
    private var openAway: (kind: AwayKind, openedAt: Int64, turn: TurnRecord)?

    /// Takes the next input of the session.
    mutating func observe(_ timed: TimedInput<String>) {
        let time = timed.time.wholeNanoseconds
        switch timed.input {
        case .viewport(let rect):
            viewportHeight = rect.height
            if let last = motion?.times.last, time - last > Self.frameGap { closeMotion() }
            guard rect.y != offset || motion != nil else { return }
            if motion == nil { motion = (offset, carouselOnScreen, [], []) }
            motion?.times.append(time)
            motion?.offsets.append(rect.y)
            offset = rect.y
        case .layout(_, let containers):
            // The simulator's window of sections moves during a fling: not a new turn.
            carousels = containers.filter { $0.parentID == nil }.map(\.frame)
        case .contentOffset:
            closeMotion()
            turns.append(TurnRecord(kind: .swipe, start: time, end: time, offsetAtStart: offset, carouselOnScreen: true))
        case .lifecycle(let call):
            closeMotion()
            observe(call, at: time)
        case .viewportInsets, .obstructions, .sectionState:
            break
        }
    }

    /// Ends the session at `end` (its `end` line, or its last input's time).
    mutating func finish(at end: Duration) {
        closeMotion()
        self.end = end.wholeNanoseconds
        if case .fling = turns.last?.kind, !flings.isEmpty { flings[flings.count - 1].mayBeCut = true }
    }

    private var carouselOnScreen: Bool {
        carousels.contains { $0.minY >= offset && $0.maxY <= offset + viewportHeight }
    }

    private mutating func observe(_ call: LifecycleCall, at time: Int64) {
        if let kind = AwayKind.allCases.first(where: { $0.calls.opening == call }) {
            awayCounts[kind.rawValue] += 1
            var turn = TurnRecord(kind: .away(kind), start: time, end: time, offsetAtStart: offset,
                                  carouselOnScreen: carouselOnScreen)
            // A refresh scrolls to the top first: that motion, ending now at 0, is its start.
            if kind == .refresh, let last = turns.last, last.end == time, offset == 0, last.kind == .backToTop {
                turns.removeLast()
                backToTopDurations.removeLast()
                turn.start = last.start
                turn.offsetAtStart = last.offsetAtStart
                turn.carouselOnScreen = last.carouselOnScreen
            }
            openAway = (kind, time, turn)
        } else if let open = openAway, open.kind.calls.closing == call {
            awayDurations[open.kind.rawValue].append(time - open.openedAt)
            var turn = open.turn
            turn.end = time
            turns.append(turn)
            openAway = nil
        }
    }

    /// Classifies the motion just ended by its curve: a fling's steps shrink by the same
    /// factor every millisecond; a scroll to the top eases out over a fixed time.
    private mutating func closeMotion() {
        guard let motion, let first = motion.times.first, let last = motion.times.last else { return }
        self.motion = nil
        let count = motion.times.count
        for index in 1..<max(1, count - 1) {
            frameIntervalDivisor = Self.greatestCommonDivisor(frameIntervalDivisor, motion.times[index] - motion.times[index - 1])
        }
        let times = motion.times.map { Double($0 - first) / 1e6 }
        var turn = TurnRecord(kind: .otherMotion, start: first, end: last, offsetAtStart: motion.startOffset,
                              carouselOnScreen: motion.carouselOnScreen)
        if let curve = MotionCurve.fling(times: times, offsets: motion.offsets, origin: motion.startOffset) {
            turn.kind = .fling
            turn.start = first + Int64((curve.start * 1e6).rounded())
            flings.append(Fling(curve: curve, duration: times[count - 1] - curve.start,
                                isUpward: motion.offsets[0] < motion.startOffset,
                                startOffset: motion.startOffset, endOffset: motion.offsets[count - 1]))
        } else if let easeOut = MotionCurve.easeOutToTop(times: times, offsets: motion.offsets, origin: motion.startOffset) {
            turn.kind = .backToTop
            turn.start = first + Int64((easeOut.start * 1e6).rounded())
            backToTopDurations.append(easeOut.duration)
        }
        turns.append(turn)
    }

    private static func greatestCommonDivisor(_ a: Int64, _ b: Int64) -> Int64 {
        var (a, b) = (a.magnitude, b.magnitude)
        while b != 0 { (a, b) = (b, a % b) }
        return Int64(a)
    }
}
