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

    /// The duration as a whole number of attoseconds, saturating beyond ±2^63 seconds.
    ///
    /// From `components`: the standard library's `attoseconds` is newer than the
    /// package's Apple platforms (macOS 15, iOS 18).
    package var totalAttoseconds: Int128 {
        let limit = Duration.seconds(Int64.max)
        let (seconds, attoseconds) = self > limit ? limit.components
            : self < .zero - limit ? (.zero - limit).components : components
        return Int128(seconds) * 1_000_000_000_000_000_000 + Int128(attoseconds)
    }
}
