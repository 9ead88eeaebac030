/// A change in a section's visibility, or an impression: what ``ImpressionTracker/events()``
/// publishes, so a consumer can compute exposure time without polling.
///
/// Within one sample, exits come first, then entries, then impressions; each kind in
/// layout order. Exits of sections that left the layout come before the other exits, in
/// the order the sections left.
///
/// A run that a new visit voids (``ImpressionEngine/appear()`` after a disappearance, a
/// refresh, ``ImpressionEngine/reset()``) is reported as exited at the next sample, with
/// the visit it belonged to, and re-entered there if the section is still visible.
///
/// Every event says the policy it is under (``policy``): its index in the engine's or
/// tracker's `policies`, 0 with one policy. Entries and exits depend on the policy too:
/// its ratio (and exit ratio) decide when a section counts as visible.
public enum VisibilityEvent<ID: Hashable & Sendable>: Sendable, Hashable {
    /// The section became visible at the sample at `time` (its ratio reached the entry
    /// ratio while the tracker was active).
    case entered(sectionID: ID, time: Duration, visibleRatio: Double, visit: Int, policy: Int = 0)
    /// The section fired.
    case impression(Impression<ID>)
    /// The section stopped being visible at the sample at `time`.
    ///
    /// `stayDuration` is the time from its entry to `time`, the sample that ended the stay
    /// (its visible samples × the interval);
    /// `totalVisibleDuration` adds up every stay of the section in `visit`, this one
    /// included (AMP's `totalTime`, the OM SDK's time in view).
    ///
    /// `signals` are the exposure signals of `visit` up to the last sample of the stay
    /// (the one before `time`), when the engine or tracker measures them; `nil` when it
    /// does not. See <doc:ExposureSignalDefinitions>.
    case exited(sectionID: ID, time: Duration, stayDuration: Duration, totalVisibleDuration: Duration, visit: Int,
                policy: Int = 0, signals: ExposureSignals? = nil)

    /// The section the event is about.
    public var sectionID: ID {
        switch self {
        case .entered(let sectionID, _, _, _, _), .exited(let sectionID, _, _, _, _, _, _): sectionID
        case .impression(let impression): impression.sectionID
        }
    }

    /// The tracker time of the sample at which it happened.
    public var time: Duration {
        switch self {
        case .entered(_, let time, _, _, _), .exited(_, let time, _, _, _, _, _): time
        case .impression(let impression): impression.time
        }
    }

    /// The index of the policy the event is under, in the engine's or tracker's `policies`.
    public var policy: Int {
        switch self {
        case .entered(_, _, _, _, let policy), .exited(_, _, _, _, _, let policy, _): policy
        case .impression(let impression): impression.policy
        }
    }

    /// The impression, when the event is one.
    public var impression: Impression<ID>? {
        if case .impression(let impression) = self { impression } else { nil }
    }
}

extension VisibilityEvent: Codable where ID: Codable {}
