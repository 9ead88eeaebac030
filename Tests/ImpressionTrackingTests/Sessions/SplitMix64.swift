/// SplitMix64: tiny, fast, and the same sequence on every platform for a given seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `true` with probability `probability`.
    mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < probability
    }

    mutating func int(in range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int.random(in: 0..<choices.count, using: &self)]
    }

    /// An index into `weights`, chosen with probability proportional to its weight.
    mutating func weighted(_ weights: [Double]) -> Int {
        var roll = Double.random(in: 0..<weights.reduce(0, +), using: &self)
        for (index, weight) in weights.enumerated() {
            if roll < weight { return index }
            roll -= weight
        }
        return weights.count - 1
    }
}
