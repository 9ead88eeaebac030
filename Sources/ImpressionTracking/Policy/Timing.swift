extension ImpressionPolicy {
    /// How the visible time of a section adds up to ``ImpressionPolicy/minimumDuration``.
    public enum Timing: Sendable, Hashable, Codable {
        /// The samples must be consecutive: any sample at which the section is not visible
        /// starts the count again (MRC's "continuous" second, ZOZO's 11 observations).
        case continuous
        /// The visible samples of a visit add up, consecutive or not (AMP's `totalTimeMin`,
        /// Snowplow's cumulative `minTimeMillis`): a section seen 0.4 s, scrolled away,
        /// then seen 0.7 s has been seen long enough for 1 s.
        ///
        /// The sum restarts when a visit starts (the calls that start one: ``ImpressionEngine/appear()``
        /// after ``ImpressionEngine/disappear()``, foregrounding, ``ImpressionEngine/endRefresh()``,
        /// ``ImpressionEngine/reset()``), and at the first entry after a run in which the
        /// section completed the duration (it fired, or its ``ImpressionPolicy/cooldown``
        /// held it back). Leaving the screen, or the layout, within a visit keeps it.
        case cumulative
    }
}
