/// The kinds of section a real feed mixes, each laid out by ``FeedLayout``.
///
/// ```swift
/// let feed = Feed(kinds: [.banner, .card, .twoLineModule, .carousel, .video, .ad])
/// let ads = report.policies[0].viewability(of: .ad)    // every ad slot's counts, summed
/// print(SectionKind.ad.name, ads.viewableRate ?? 0)
/// ```
public enum SectionKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// A full-width strip (a promotion, a notice): one short cell.
    case banner
    /// One content card with a margin on each side.
    case card
    /// ZOZO's two-line module: a grid of small cells, two rows high.
    case twoLineModule = "two-line"
    /// A horizontal row of cards wider than the screen, swiped sideways.
    case carousel
    /// A video player taller than the screen, so never entirely on screen at once.
    case video
    /// An ad slot of a fixed size (300×250, the IAB medium rectangle), centred.
    case ad

    /// The name used in tables, JSON and on the command line.
    public var name: String { rawValue }
}
