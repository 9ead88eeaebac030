extension ImpressionPolicy {
    /// How the visible time of a section adds up to ``ImpressionPolicy/minimumDuration``.
    public enum Timing: Sendable, Hashable, Codable, CaseIterable {
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
        /// Checked when the wait starts and when it ends, nothing in between: React
        /// Native's `minimumViewTime` (`ViewabilityHelper`'s `onUpdate`).
        ///
        /// At every sample at which the set of sections visible under the policy differs
        /// from the set at the sample before, a check is set for the first sample at or
        /// after that sample's time plus ``ImpressionPolicy/minimumDuration``, holding
        /// that set; with a duration of 0 the check is at that sample. Several checks may
        /// wait at once. At a check, the sections *reported* become those in its set that
        /// are also visible now: each that was not reported fires (as
        /// ``ImpressionPolicy/recurrence`` and ``ImpressionPolicy/cooldown`` allow), and
        /// each reported one not in it stops being reported, which is what lets it fire
        /// again on every entry.
        ///
        /// So a section visible when the wait starts and when it ends fires even if it left
        /// and came back in between; another section's change can set the check that
        /// reports it; and a section that leaves stops being reported at the first check
        /// after it. A visit that starts forgets the checks waiting and what was reported.
        /// The sections a policy counts at both ends with one wait, by its timing or by
        /// their own policy's, are checked together, as one React Native list.
        ///
        /// Entries and exits (``VisibilityEvent``) are the section's runs of visible
        /// samples, as under the other timings; an impression's
        /// ``Impression/visibleDuration`` is the wait it closes: from the change that set
        /// the check to the check, at least ``ImpressionPolicy/minimumDuration``.
        case checkedAtBothEnds

        /// The timing as traces, feed files and the command line spell it: `continuous`,
        /// `cumulative` or `both-ends`.
        public var key: String {
            switch self {
            case .continuous: "continuous"
            case .cumulative: "cumulative"
            case .checkedAtBothEnds: "both-ends"
            }
        }

        /// Every ``key``, as a message that refuses another one lists them:
        /// `continuous, cumulative or both-ends`.
        public static var keyList: String {
            let keys = allCases.map(\.key)
            return keys.dropLast().joined(separator: ", ") + " or " + keys.last!
        }

        /// The timing spelt `key` (``key``), or `nil`.
        public init?(key: String) {
            guard let timing = Self.allCases.first(where: { $0.key == key }) else { return nil }
            self = timing
        }
    }
}
