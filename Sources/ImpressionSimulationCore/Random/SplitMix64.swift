/// A small, fast, seedable random number generator: SplitMix64 (Steele, Lea and Flood).
///
/// The standard library has no seedable generator, and its `random(in:using:)` methods
/// may change their algorithms between releases, so the simulator draws every number
/// through this type's own methods (``nextUniform()``, ``nextInt(below:)`` and the
/// distributions in its extensions): the same seed gives the same numbers on every run.
///
/// Streams derived with ``init(seed:stream:)`` are independent for practical purposes,
/// which is how each session gets its own generator from the run's seed and its index,
/// whatever core it runs on.
package struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    package init(seed: UInt64) {
        state = seed
    }

    /// The generator of stream `stream` under `seed`: a different, reproducible sequence
    /// per stream (per session index, per purpose).
    package init(seed: UInt64, stream: UInt64) {
        state = Self.mix(seed ^ Self.mix(stream &+ 0x632B_E59B_D9B4_E019))
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// The SplitMix64 finaliser: a bijection of 64-bit values that spreads every input bit.
    @inlinable
    package static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform number in `0 ..< 1` with 53 random bits.
    package mutating func nextUniform() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A uniform integer in `0 ..< bound`; `0` when `bound <= 0`.
    ///
    /// Lemire's multiply-and-reject method: unbiased, and usually one draw.
    package mutating func nextInt(below bound: Int) -> Int {
        guard bound > 1 else { return 0 }
        let range = UInt64(bound)
        var product = next().multipliedFullWidth(by: range)
        if product.low < range {
            let threshold = (0 &- range) % range
            while product.low < threshold {
                product = next().multipliedFullWidth(by: range)
            }
        }
        return Int(product.high)
    }

    /// `true` with probability `probability`: never for `0` or less, always for `1` or more.
    package mutating func nextBool(probability: Double) -> Bool {
        nextUniform() < probability
    }
}
