#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The deceleration of a fling: the velocity is multiplied by `decay` every millisecond,
/// `v(t) = v₀ · decayᵗ`, so the distance after `t` ms is `v₀ · (decayᵗ - 1) / ln decay`.
struct FlingPhysics: Sendable {
    /// `ln decay`, negative.
    let logDecay: Double
    /// Points per millisecond below which the fling stops.
    let stoppingSpeed: Double

    init(model: UserModel) {
        logDecay = log(model.velocityDecayPerMillisecond)
        stoppingSpeed = model.stoppingSpeed / 1000
    }

    /// The distance, in points, that a fling starting at `speed` (points per second)
    /// travels until it stops.
    func distance(startingSpeed speed: Double) -> Double {
        let initial = speed / 1000
        guard initial > stoppingSpeed, logDecay < 0 else { return 0 }
        return (initial - stoppingSpeed) / -logDecay
    }

    /// The time in milliseconds until a fling starting at `speed` (points per second)
    /// stops by itself, or reaches `limit` points if that comes first.
    func duration(startingSpeed speed: Double, limit: Double) -> Double {
        let initial = speed / 1000
        guard initial > stoppingSpeed, logDecay < 0 else { return 0 }
        if distance(startingSpeed: speed) <= limit {
            return log(stoppingSpeed / initial) / logDecay
        }
        // Solve v₀ · (decayᵗ - 1) / ln decay = limit for t; the argument is in (0, 1).
        return log(1 + limit * logDecay / initial) / logDecay
    }

    /// The distance, in points, after `milliseconds` of a fling starting at `speed`.
    func distance(startingSpeed speed: Double, after milliseconds: Double) -> Double {
        let initial = speed / 1000
        return initial * (exp(logDecay * milliseconds) - 1) / logDecay
    }
}
