import ImpressionSimulationCore
import ImpressionSimulationFormats
import ImpressionTracking
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns what ``TraceObserver`` saw in every trace into a ``UserModel``: the estimates of
/// ``UserModelFit/estimate()``, one parameter group at a time, each noting its basis.
struct UserModelEstimator {
    let traces: [TraceObserver]
    var model = UserModel()
    var notes: [String: String] = [:]

    init(traces: [TraceObserver]) {
        self.traces = traces
    }

    mutating func estimate() throws(FitError) -> FittedUserModel {
        let flings = traces.flatMap(\.flings)
        let totalSeconds = Double(traces.reduce(Int64(0)) { $0 + $1.end }) / 1e9
        guard flings.count >= UserModelFit.minimumFlings else {
            throw FitError("found \(flings.count) fling\(flings.count == 1 ? "" : "s") in \(traces.count) trace\(traces.count == 1 ? "" : "s") "
                + "(\(NumberFormatting.decimal(totalSeconds, digits: 1)) s in all); a fit needs at least "
                + "\(UserModelFit.minimumFlings) flings (a scroll that decelerates over several frames), about a minute of scrolling")
        }
        estimateFrameRate()
        estimateFlings(flings)
        estimateTurns()
        estimateAbsences()
        estimateSessionLength()
        notes["carouselSwipeDurationMs"] = "not in traces (only where a swipe settles): built-in value"
        // Odd traces (a scroll that never slows, frames a microsecond apart) can give a
        // value no simulation accepts: say so rather than write a file simulate refuses.
        if let problem = model.problem {
            throw FitError("the traces give a user model out of range: \(problem)")
        }
        return FittedUserModel(model: model, notes: UserFileField.all.map(\.key).map { ($0, notes[$0] ?? "") }
                                   + [("sessionLength", notes["sessionLength"] ?? "")],
                               traceCount: traces.count)
    }

    /// Sets the parameter the users file calls `key` to `value` in the file's units
    /// (milliseconds for a duration), rounded to four significant digits, and notes its basis.
    mutating func set(_ key: String, _ value: Double, from count: Int, _ what: String, significantDigits: Int = 4) {
        guard let field = UserFileField.all.first(where: { $0.key == key }), value.isFinite else { return }
        field.write(SampleStatistics.rounded(value, significantDigits: significantDigits), to: &model)
        notes[key] = "from \(NumberFormatting.integer(count)) \(count == 1 ? Self.singular(what) : what)"
    }

    /// `flings that stopped` as `fling that stopped`: the first word in the singular.
    static func singular(_ plural: String) -> String {
        var words = plural.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard var first = words.first else { return plural }
        if first.hasSuffix("s'") {
            first = String(first.dropLast(2)) + "'s"
        } else if first.hasSuffix("shes") {
            first = String(first.dropLast(2))
        } else if first.hasSuffix("s") {
            first = String(first.dropLast())
        }
        words[0] = first
        return words.joined(separator: " ")
    }

    /// Frames come every 1/frameRate s: every time between two of a motion's frames is a
    /// multiple of the interval, so their greatest common divisor is the interval.
    private mutating func estimateFrameRate() {
        var divisor: Int64 = 0
        for trace in traces where trace.frameIntervalDivisor > 0 {
            var (a, b) = (divisor, trace.frameIntervalDivisor)
            while b != 0 { (a, b) = (b, a % b) }
            divisor = a
        }
        // Below a millisecond (over 1,000 fps) the frames are not on a clock's grid.
        guard divisor >= 1_000_000 else {
            notes["frameRate"] = "frame times on no common grid: built-in value"
            return
        }
        set("frameRate", 1e9 / Double(divisor), from: traces.count, "traces' frame times")
    }

    /// Deceleration, stopping speed, starting speeds and direction, from the flings' curves.
    private mutating func estimateFlings(_ flings: [TraceObserver.Fling]) {
        let logDecay = SampleStatistics.mean(flings.map(\.curve.logDecay))
        set("velocityDecayPerMillisecond", exp(logDecay), from: flings.count, "flings", significantDigits: 7)
        let (median, sigma) = SampleStatistics.logNormal(flings.map(\.curve.startingSpeed))
        set("medianFlingSpeed", median, from: flings.count, "flings")
        set("flingSpeedSigma", sigma, from: flings.count, "flings", significantDigits: 3)
        // A fling stops when its speed falls to the stopping speed: v₀ · decay^duration.
        // Flings stopped by the top (or cut by the session's end) end faster; the median
        // ignores the few stopped by the bottom.
        let stops = flings.compactMap { fling -> Double? in
            guard !fling.mayBeCut, fling.endOffset != 0 else { return nil }
            return fling.curve.startingSpeed * exp(fling.curve.logDecay * fling.duration)
        }
        if !stops.isEmpty {
            set("stoppingSpeed", SampleStatistics.median(stops), from: stops.count, "flings that stopped by themselves")
        }
        // At the top a fling can only go down: count the others.
        let free = flings.filter { $0.startOffset > 0 }
        if !free.isEmpty {
            let upward = Double(free.count { $0.isUpward }) / Double(free.count)
            set("upwardFlingProbability", upward, from: free.count, "flings away from the top", significantDigits: 3)
        }
    }

    /// Reading pauses (from one turn's end to the next one's start) and carousel swipes.
    private mutating func estimateTurns() {
        let swipeDuration = Double(model.carouselSwipeDuration.wholeNanoseconds)
        var pauses: [Double] = []
        var swipes = 0
        var swipeChances = 0
        for trace in traces {
            var previousEnd: Int64 = 0
            for turn in trace.turns {
                // A trace shows where a swipe settles, not when it began.
                let start = Double(turn.start) - (turn.kind == .swipe ? swipeDuration : 0)
                if start > Double(previousEnd) { pauses.append((start - Double(previousEnd)) / 1e9) }
                previousEnd = turn.end
                if turn.carouselOnScreen && [.fling, .otherMotion, .swipe].contains(turn.kind) {
                    swipeChances += 1
                    if turn.kind == .swipe { swipes += 1 }
                }
            }
        }
        if pauses.count >= 2 {
            set("meanReadingPauseMs", SampleStatistics.mean(pauses) * 1000, from: pauses.count, "pauses")
            set("readingPauseSigma", SampleStatistics.logNormal(pauses).sigma, from: pauses.count, "pauses", significantDigits: 3)
        }
        if swipeChances > 0 {
            set("carouselSwipeProbability", Double(swipes) / Double(swipeChances), from: swipeChances,
                "turns with a carousel on screen", significantDigits: 3)
        } else {
            notes["carouselSwipeProbability"] = "no carousel entirely on screen at a turn: built-in value"
        }
    }
}
