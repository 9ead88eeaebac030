extension Duration {
    /// The duration in whole nanoseconds, saturating at `Int64`'s range.
    package var wholeNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        guard seconds < Int64.max / 1_000_000_000 else { return Int64.max }
        guard seconds > Int64.min / 1_000_000_000 else { return Int64.min }
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// The duration in seconds, as a `Double`.
    package var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}
