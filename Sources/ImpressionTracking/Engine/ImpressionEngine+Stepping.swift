extension ImpressionEngine {
    /// Steps through the samples due at or before `time` that the engine has not
    /// evaluated yet, one at a time, in order: what watches the engine sample by sample
    /// (a tracker's overlays, a replay's timeline or player) sees each sample's state so.
    ///
    /// `step` is given the engine, the sample's index and the sample's time. It advances
    /// the engine to that time, evaluating the sample, and does what it watches for; or
    /// it leaves the engine where it was, which ends the stepping: a watcher that stops
    /// (a limit reached, nothing left to watch) says so by not advancing. Either way the
    /// caller then advances to `time` itself, as it advances: the samples not stepped are
    /// evaluated together.
    ///
    /// The samples are the engine's own (the next one it evaluates on), so a watcher never
    /// skips or repeats one, however the engine was advanced before.
    ///
    /// ```swift
    /// engine.stepSamples(through: time) { engine, sample, sampleTime in
    ///     fired += engine.advance(to: sampleTime)
    ///     watch(engine, sample)
    /// }
    /// fired += engine.advance(to: time)
    /// ```
    package mutating func stepSamples(through time: Duration,
                                      _ step: (_ engine: inout Self, _ sample: Int, _ sampleTime: Duration) -> Void) {
        while case let sample = nextSample, case let sampleTime = sampleInterval * sample, sampleTime <= time {
            step(&self, sample, sampleTime)
            // A step that did not evaluate the sample stops here.
            guard nextSample > sample else { return }
        }
    }
}
