/// The constants of sampling shared by engines, trackers and simulations.
public enum Sampling {
    /// The time between two samples when none is given: 100 ms.
    ///
    /// Every initialiser that takes a `sampleInterval` defaults to it, so a session
    /// simulated, replayed or tracked on a device samples on the same grid.
    /// With ``ImpressionPolicy/default`` (1 s), a section fires at its 11th sample.
    public static let defaultInterval: Duration = .milliseconds(100)
}
