/// The rule for scroll frames no sample sees: of the frames due at one sample, only the
/// last is given to the engine. Every sample sees the screen as the last frame before it
/// left it, so a frame that the next one replaces before the next sample changes no
/// impression, no stay in view and no rendered section; dropping it spares the engine
/// most of a fling's frames, of which there are several a sample.
///
/// The frame last offered is held back until it is known whether another replaces it:
/// the next frame due at the same sample drops it; a frame due at a later sample, an
/// input of another kind, or the session's end releases it, and the caller applies it,
/// at its own time, before what released it.
///
/// ```swift
/// var frames = LatestScrollFrame<Rect>()
/// if let seen = frames.hold(rect, at: time, sample: grid.lastSample(atOrBefore: time)) {
///     apply(seen.frame, at: seen.time)   // a sample sees it: it goes first
/// }
/// // Before any other input, and at the end:
/// if let held = frames.release() { apply(held.frame, at: held.time) }
/// ```
struct LatestScrollFrame<Frame> {
    /// A frame held back: the frame, when it is due, and the last sample at or before
    /// then (-1 for a frame that joins the state before sample 0).
    typealias Held = (frame: Frame, time: Duration, sample: Int)

    /// The frame not given to the engine yet.
    private var held: Held?

    /// Holds `frame`, due at `time` at the last sample `sample`, in place of the frame
    /// held before; returns that one when a sample sees it (it is due at another
    /// sample), for the caller to apply first, and drops it otherwise.
    mutating func hold(_ frame: Frame, at time: Duration, sample: Int) -> Held? {
        let previous = held
        held = (frame, time, sample)
        guard let previous, previous.sample != sample else { return nil }
        return previous
    }

    /// Takes the frame held, if any, for the caller to apply before an input of another
    /// kind or the session's end: no frame replaces it any more.
    mutating func release() -> Held? {
        defer { held = nil }
        return held
    }
}
