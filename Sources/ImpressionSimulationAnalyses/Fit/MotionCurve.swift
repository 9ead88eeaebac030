#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The two curves a recorded scroll can follow, fitted to the frames a trace kept.
///
/// A trace need not hold every frame (the simulator's keep only the last one before each
/// sample), so the curves are fitted to whatever frames there are, at their own times:
/// - a fling decelerates geometrically, `y(t) = C + D·e^(λt)` with `λ = ln decay` per
///   millisecond; its speed at the start follows from `C`, and its start from where it
///   began (the offset before the motion);
/// - a tap on the status bar eases out to the top over a fixed time `T`,
///   `y(t) = y₀·(1 - (t - start)/T)³`, so `(y/y₀)^(1/3)` falls in a straight line.
enum MotionCurve {
    /// A fling's parameters, times in milliseconds from the motion's first frame.
    struct Fling: Equatable {
        /// The natural logarithm of the decay per millisecond (negative).
        var logDecay: Double
        /// The speed it started at, in points per second.
        var startingSpeed: Double
        /// When it started.
        var start: Double
    }

    /// The relative error a frame may have and still be on the curve: the trace's six
    /// decimals leave far less, a different curve far more.
    static let tolerance = 1e-3

    /// The fling through `offsets` at `times` (at least three frames) that began at
    /// `origin`, or `nil` when the frames do not decelerate geometrically.
    static func fling(times: [Double], offsets: [Double], origin: Double) -> Fling? {
        guard times.count >= 3, times.count == offsets.count else { return nil }
        let (t1, t2) = (times[1] - times[0], times[2] - times[0])
        let first = offsets[1] - offsets[0]
        let second = offsets[2] - offsets[1]
        guard first != 0, second / first > 0 else { return nil }
        let ratio = second / first
        // (e^(λ t₂) - e^(λ t₁)) / (e^(λ t₁) - 1) rises from 0 to (t₂ - t₁)/t₁ as λ rises to 0.
        func shape(_ lambda: Double) -> Double { (exp(lambda * t2) - exp(lambda * t1)) / (exp(lambda * t1) - 1) }
        guard t1 > 0, t2 > t1, ratio < (t2 - t1) / t1 else { return nil }
        var low = -1.0
        var high = -1e-12
        guard shape(low) < ratio else { return nil }
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if shape(middle) < ratio { low = middle } else { high = middle }
        }
        let lambda = (low + high) / 2
        let scale = first / (exp(lambda * t1) - 1)
        let asymptote = offsets[0] - scale
        let distance = abs(offsets[offsets.count - 1] - origin)
        for index in 3..<times.count {
            let predicted = asymptote + scale * exp(lambda * (times[index] - times[0]))
            guard abs(predicted - offsets[index]) <= tolerance * max(distance, 1) else { return nil }
        }
        // y(t) - C = D·e^(λt); at the start y = origin, and the speed there is λ·(origin - C) per ms.
        let fromAsymptote = origin - asymptote
        guard fromAsymptote / scale > 0 else { return nil }
        let start = log(fromAsymptote / scale) / lambda
        let speed = abs(lambda * fromAsymptote) * 1000
        guard start <= 0, speed.isFinite else { return nil }
        return Fling(logDecay: lambda, startingSpeed: speed, start: start)
    }

    /// The start and duration of an ease-out from `origin` to the top through `offsets`
    /// at `times` (the last at 0), or `nil` when the frames do not follow one.
    static func easeOutToTop(times: [Double], offsets: [Double], origin: Double) -> (start: Double, duration: Double)? {
        guard times.count >= 3, times.count == offsets.count, origin > 0, offsets.last == 0 else { return nil }
        let fractions = offsets.map { cbrt(max(0, $0) / origin) }
        let end = times[times.count - 1]
        // The last frame is the end: the line through the first frame and (end, 0).
        let duration = (end - times[0]) / fractions[0]
        guard fractions[0] > 0, duration.isFinite, duration > 0 else { return nil }
        let start = end - duration
        for index in 1..<(times.count - 1) {
            let predicted = 1 - (times[index] - start) / duration
            guard abs(predicted - fractions[index]) <= tolerance else { return nil }
        }
        return (start, duration)
    }
}
