/// The sections near the viewport at a sample and their ratios under each of a
/// multi-policy engine's distinct ways of measuring, measured once for every policy.
///
/// ``ImpressionEngine`` fills it at each sample and keeps it, so that a steady sample does
/// not allocate; ``ManyPolicyCounters`` counts every policy's runs from it.
struct MeasuredSample: Sendable {
    /// The slots near the viewport at the sample, in the order their ratios are laid out.
    var candidates: [Int32] = []
    /// The ratios of `candidates`, `stride` per candidate, NaN where nothing shows:
    /// the first `candidates.count * stride`; the buffer may hold more, unused.
    var ratios: [Double] = []
    /// The number of ways of measuring.
    var stride = 1
    /// The last sample due at the time advanced to.
    var lastDueSample = -1
    /// Whether the engine is active and its screen can show something.
    var screenShows = false
}
