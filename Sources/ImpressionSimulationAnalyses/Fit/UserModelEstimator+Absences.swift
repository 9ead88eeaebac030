import ImpressionSimulationCore
import ImpressionSimulationFormats

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension UserModelEstimator {
    /// The users file's keys for each absence: its rate and its (mean) duration.
    private static let absenceKeys: [AwayKind: (rate: String, duration: String)] = [
        .tabSwitch: ("tabSwitchesPerMinute", "meanTimeOnOtherTabMs"),
        .background: ("backgroundingsPerMinute", "meanTimeInBackgroundMs"),
        .modal: ("modalsPerMinute", "meanModalTimeMs"),
        .refresh: ("refreshesPerMinute", "refreshDurationMs"),
    ]

    /// Rates of the rare events (Poisson: occurrences over the time each could happen,
    /// which is every moment but its own), their durations, and the spread of the times
    /// away.
    ///
    /// A rare event falls due at any moment but happens at the user's next turn, so the
    /// time it could happen in ends at each session's last turn: one that falls due after
    /// it is never seen, and counting that time would bias every rate low by about a
    /// turn per session.
    mutating func estimateAbsences() {
        let total = Double(traces.reduce(Int64(0)) { $0 + ($1.turns.last?.start ?? 0) })
        let cyclesByTrace = traces.map { Self.cycles(of: $0) }
        let lag = meanWaitForTurn(of: cyclesByTrace.flatMap { $0 })
        var centeredLogs: [Double] = []
        var groups = 0
        for kind in AwayKind.allCases {
            guard let keys = Self.absenceKeys[kind] else { continue }
            let count = traces.reduce(0) { $0 + $1.awayCounts[kind.rawValue] }
            var inside = 0.0
            for trace in traces {
                for turn in trace.turns where turn.kind == .away(kind) { inside += Double(turn.end - turn.start) }
            }
            set(keys.rate, perMinute(count, over: total - inside - Double(count) * lag), from: count, "events", significantDigits: 3)
            let seconds = traces.flatMap { $0.awayDurations[kind.rawValue] }.map { Double($0) / 1e9 }
            guard !seconds.isEmpty else {
                notes[keys.duration] = "none in the traces: built-in value"
                continue
            }
            if kind == .refresh {
                set(keys.duration, SampleStatistics.median(seconds) * 1000, from: seconds.count, "refreshes")
            } else {
                set(keys.duration, SampleStatistics.mean(seconds) * 1000, from: seconds.count, "absences")
                let logs = seconds.filter { $0 > 0 }.map { log($0) }
                let center = SampleStatistics.mean(logs)
                centeredLogs += logs.map { $0 - center }
                groups += logs.isEmpty ? 0 : 1
            }
        }
        if centeredLogs.count > groups {
            // Pooled over the three kinds, each about its own mean.
            let sigma = (centeredLogs.reduce(0) { $0 + $1 * $1 } / Double(centeredLogs.count - groups)).squareRoot()
            set("awayTimeSigma", sigma, from: centeredLogs.count, "absences", significantDigits: 3)
        } else {
            notes["awayTimeSigma"] = "too few absences: built-in value"
        }
        estimateBackToTop(cyclesByTrace)
    }

    /// Taps on the status bar: one at the top moves nothing and leaves no trace. A tap
    /// that falls due in a cycle (from one turn to the next) happens at the cycle's end,
    /// so only the cycles that end away from the top could show one: their time is what
    /// the rate is over, less the waits until the turn. Weighting by turns instead (the
    /// share that began away from the top) would miss that a tap's own return to the top
    /// starts its next due time there.
    ///
    /// A turn takes one rare event, the first due: a tap that falls due after another
    /// event in the same cycle waits. After a refresh (which scrolls to the top) it is
    /// lost, so that wait, a cycle's residual, is time no tap could show in; after an
    /// absence it happens a cycle later, so the tap's clock also stood still for the
    /// cycle after the absence, as often as a tap fell due in the residual before it
    /// (the tap's rate times that residual: solved for the rate by iterating).
    private mutating func estimateBackToTop(_ cyclesByTrace: [[Cycle]]) {
        let durations = traces.flatMap(\.backToTopDurations)
        let cycles = cyclesByTrace.flatMap { $0.filter(\.endsAwayFromTop) }
        let wait = meanWaitForTurn(of: cycles)
        var refreshes = 0
        var cyclesAfterAbsences = 0.0
        for traceCycles in cyclesByTrace {
            for (index, cycle) in traceCycles.enumerated() where cycle.endsAwayFromTop {
                switch cycle.endingKind {
                case .away(.refresh): refreshes += 1
                case .away: cyclesAfterAbsences += index + 1 < traceCycles.count ? traceCycles[index + 1].length : 0
                default: break
                }
            }
        }
        let open = cycles.reduce(0) { $0 + $1.length } - Double(durations.count + refreshes) * wait
        var rate = open > 0 ? Double(durations.count) / open : 0   // per nanosecond
        for _ in 0..<8 { rate = Double(durations.count) / max(1, open - rate * wait * cyclesAfterAbsences) }
        set("backToTopPerMinute", rate * 60e9, from: durations.count, "scrolls to the top", significantDigits: 3)
        if durations.isEmpty {
            notes["backToTopDurationMs"] = "none in the traces: built-in value"
        } else {
            set("backToTopDurationMs", SampleStatistics.median(durations), from: durations.count, "scrolls to the top")
        }
    }

    /// The time from one turn's start to the next one's (from the session's start to the
    /// first turn), in nanoseconds; whether the turn that ends it began away from the top,
    /// and what it was.
    private struct Cycle {
        var length: Double
        var endsAwayFromTop: Bool
        var endingKind: TurnRecord.Kind
    }

    private static func cycles(of trace: TraceObserver) -> [Cycle] {
        var previous: Int64 = 0
        return trace.turns.map { turn in
            defer { previous = turn.start }
            return Cycle(length: Double(turn.start - previous), endsAwayFromTop: turn.offsetAtStart > 0, endingKind: turn.kind)
        }
    }

    /// A rare event falls due during a cycle and happens at its end: between its due time
    /// and its start passes, on average, the residual of a cycle, E[C²] / 2E[C] over the
    /// `cycles` (in nanoseconds). That time is not time the next one could fall due in.
    private func meanWaitForTurn(of cycles: [Cycle]) -> Double {
        let sum = cycles.reduce(0) { $0 + $1.length }
        let squares = cycles.reduce(0) { $0 + $1.length * $1.length }
        return sum > 0 ? squares / (2 * sum) : 0
    }

    private func perMinute(_ count: Int, over nanoseconds: Double) -> Double {
        nanoseconds > 0 ? Double(count) / (nanoseconds / 60e9) : 0
    }

    /// Session lengths: log-normal. When many sessions end at exactly the same, longest
    /// time, a cap cut them (`--seconds`): the median and the lower quartile, which the
    /// cap did not touch, give the distribution instead of the mean of the logarithms.
    mutating func estimateSessionLength() {
        let lengths = traces.map { Double($0.end) / 1e9 }.filter { $0 > 0 }
        guard lengths.count >= 2, let longest = lengths.max() else {
            notes["sessionLength"] = "too few sessions: every session lasts --seconds"
            return
        }
        let capped = lengths.count { $0 == longest }
        if capped * 2 > lengths.count {
            model.sessionLength = nil
            notes["sessionLength"] = "\(NumberFormatting.integer(capped)) of \(NumberFormatting.integer(lengths.count)) sessions "
                + "last exactly \(NumberFormatting.decimal(longest, digits: 1)) s: every session lasts --seconds"
            return
        }
        let median: Double
        let sigma: Double
        if capped >= 2 && capped * 50 >= lengths.count {
            median = SampleStatistics.median(lengths)
            // The lower quartile of a normal is 0.6745 standard deviations below its median.
            sigma = log(median / SampleStatistics.quantile(lengths, 0.25)) / 0.6745
        } else {
            (median, sigma) = SampleStatistics.logNormal(lengths)
        }
        model.sessionLength = SessionLength(median: .milliseconds(SampleStatistics.rounded(median * 1000)),
                                            sigma: SampleStatistics.rounded(sigma, significantDigits: 3))
        notes["sessionLength"] = "from \(NumberFormatting.integer(lengths.count)) sessions"
            + (capped >= 2 && capped * 50 >= lengths.count ? " (\(NumberFormatting.integer(capped)) cut at \(NumberFormatting.decimal(longest, digits: 1)) s)" : "")
    }
}
