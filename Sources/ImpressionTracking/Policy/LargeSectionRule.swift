extension ImpressionPolicy {
    /// How a section too large to reach the ratio on screen is measured.
    ///
    /// Without a rule, a section three screens tall can show at most a third of its
    /// height: IntersectionObserver #124 and Epoxy #973 never solved that.
    public enum LargeSectionRule: Sendable, Hashable, Codable {
        /// Measures the section against the smaller of its full size and the effective
        /// viewport (Jetpack Compose's `min(element, viewport)`): a section filling the
        /// screen counts as fully visible, however tall it is.
        case capToViewport
        /// Sections whose full area is at least `minimumArea` square points need only
        /// `ratio` visible instead of ``ImpressionPolicy/minimumVisibleRatio`` (the MRC
        /// large-ad rule: 30 % from 242,500 px²).
        case lowerRatio(minimumArea: Double, ratio: Double)
        /// Measures the section against the smaller of its full size and `fraction` of
        /// the effective viewport (Epoxy's `FOCUSED_VISIBLE`: the section covers at least
        /// half the viewport, or is fully visible when smaller, is
        /// `minimumVisibleRatio: 1` with `.focus(fraction: 0.5)`).
        ///
        /// It generalises ``capToViewport``, which is `.focus(fraction: 1)`: both divide
        /// by `min(full size, fraction × viewport)`, the viewport measured as the policy's
        /// ``ImpressionPolicy/Measure`` measures a section (its height, width or area).
        /// `fraction` must be in `(0, 1]`.
        case focus(fraction: Double)
        /// Measures the section against the effective viewport, and a section wholly in
        /// view reads 1 (React Native's `viewAreaCoveragePercentThreshold`: the share of
        /// the viewport the item covers, "fully visible items are always considered
        /// viewable"). The viewport is measured as the policy's
        /// ``ImpressionPolicy/Measure`` measures a section; with
        /// ``ImpressionPolicy/Rounding/floorToWholePoints``, wholly in view is judged on
        /// the floored edges.
        ///
        /// Unlike ``capToViewport``, a section smaller than the viewport is not measured
        /// against itself: showing half of it is half its share of the viewport.
        case viewportCoverage
    }
}
