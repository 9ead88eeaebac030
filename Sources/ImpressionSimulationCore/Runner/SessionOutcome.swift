import ImpressionTracking

/// What one session gave under each policy.
package struct SessionOutcome: Sendable, Hashable {
    /// How long a section was in view under one policy in one session.
    package struct TimeInView: Sendable, Hashable {
        /// The section's feed position (0-based), its id.
        package var section: Int
        /// The samples at which it counted as visible under the policy (its ratio at or
        /// above the policy's entry ratio, or exit ratio within a run, while active), over
        /// every stay of the session; the time in view is this times the sample interval.
        package var visibleSamples: Int

        /// Creates an entry; ``SessionRunner`` makes them.
        package init(section: Int, visibleSamples: Int) {
            self.section = section
            self.visibleSamples = visibleSamples
        }
    }

    /// The exposure signals of one visit of a section that met the policy, as the
    /// visit's last exit reported them.
    package struct Exposure: Sendable, Hashable {
        /// The section's feed position (0-based), its id.
        package var section: Int
        /// The visit, from 1.
        package var visit: Int
        package var signals: ExposureSignals
    }

    /// The impressions of each policy, in the order of the runner's policies, each in
    /// time order; section ids are feed positions.
    package var impressions: [[Impression<Int>]]
    /// The deepest feed position (0-based) that came on screen, if any did.
    package var deepestSection: Int?
    /// Inputs the engine refused (a non-finite offset, say); 0 for generated sessions.
    package var rejectedInputs: Int
    /// The sections rendered in the session, ascending: those with a part of a cell of
    /// positive area inside the viewport at some sample while the screen was active (see
    /// ``SectionResult``). Every section in ``timeInView`` is among them.
    package var renderedSections: [Int]
    /// Under each policy, in the order of the runner's policies, the sections that were
    /// in view at some sample, ascending, with their visible samples.
    package var timeInView: [[TimeInView]]
    /// Under each policy, the exposure signals of every visit that met it (one that never
    /// did has no exit to report them), by section and visit; empty unless the runner
    /// measures them (``SimulationConfiguration/measuresExposureSignals``).
    package var exposures: [[Exposure]] = []
    /// A recorded session's name, as its trace's header gives it; `nil` for a generated
    /// session (its run names it) or a trace without one.
    package var session: String?

    /// Creates an outcome; ``SessionRunner`` makes them.
    package init(impressions: [[Impression<Int>]], deepestSection: Int?, rejectedInputs: Int,
                 renderedSections: [Int] = [], timeInView: [[TimeInView]] = [], exposures: [[Exposure]] = []) {
        self.impressions = impressions
        self.deepestSection = deepestSection
        self.rejectedInputs = rejectedInputs
        self.renderedSections = renderedSections
        self.timeInView = timeInView
        self.exposures = exposures
    }
}
