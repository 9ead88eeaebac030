/// The sizes and proportions of a synthetic feed, in points.
///
/// The defaults fit a 390 pt wide phone screen (see ``Screen``): sections are stacked
/// top to bottom with ``sectionSpacing`` between them.
///
/// ```swift
/// var parameters = FeedParameters(cardHeight: 400, adHeight: 600)   // taller cards, half-page ads
/// parameters.mix.ad = 0.25
/// let feed = Feed(sectionCount: 1000, parameters: parameters, seed: 3)
/// let configuration = SimulationConfiguration(feed: parameters)      // what a simulation generates
/// ```
public struct FeedParameters: Sendable, Hashable, Codable {
    /// How often each kind appears.
    public var mix: SectionMix
    /// The vertical gap between two sections.
    public var sectionSpacing: Double
    /// The horizontal margin of cards, modules and carousels.
    public var horizontalInset: Double
    /// The height of a banner (full width).
    public var bannerHeight: Double
    /// The height of a single card.
    public var cardHeight: Double
    /// The number of columns of a two-line module (two rows of this many cells).
    public var twoLineColumns: Int
    /// The height of one cell of a two-line module.
    public var twoLineCellHeight: Double
    /// The number of cards in a carousel.
    public var carouselCardCount: Int
    /// The width of a carousel card.
    public var carouselCardWidth: Double
    /// The height of a carousel card (and of the carousel).
    public var carouselCardHeight: Double
    /// The gap between two cells of a module or two cards of a carousel.
    public var cellSpacing: Double
    /// The height of a video section, as a multiple of the screen height (`> 1`: taller
    /// than the screen).
    public var videoHeightToScreen: Double
    /// The width of an ad slot.
    public var adWidth: Double
    /// The height of an ad slot.
    public var adHeight: Double

    /// Creates feed parameters; see the properties for what each means.
    public init(
        mix: SectionMix = SectionMix(),
        sectionSpacing: Double = 12,
        horizontalInset: Double = 16,
        bannerHeight: Double = 120,
        cardHeight: Double = 340,
        twoLineColumns: Int = 3,
        twoLineCellHeight: Double = 170,
        carouselCardCount: Int = 10,
        carouselCardWidth: Double = 150,
        carouselCardHeight: Double = 230,
        cellSpacing: Double = 8,
        videoHeightToScreen: Double = 1.2,
        adWidth: Double = 300,
        adHeight: Double = 250
    ) {
        self.mix = mix
        self.sectionSpacing = sectionSpacing
        self.horizontalInset = horizontalInset
        self.bannerHeight = bannerHeight
        self.cardHeight = cardHeight
        self.twoLineColumns = twoLineColumns
        self.twoLineCellHeight = twoLineCellHeight
        self.carouselCardCount = carouselCardCount
        self.carouselCardWidth = carouselCardWidth
        self.carouselCardHeight = carouselCardHeight
        self.cellSpacing = cellSpacing
        self.videoHeightToScreen = videoHeightToScreen
        self.adWidth = adWidth
        self.adHeight = adHeight
    }

    /// The first problem with these parameters, or `nil` when they make a feed.
    public var problem: String? {
        if !mix.isValid { return "the section mix needs finite weights, not negative, at least one positive" }
        let lengths: [(String, Double)] = [
            ("sectionSpacing", sectionSpacing), ("horizontalInset", horizontalInset),
            ("cellSpacing", cellSpacing),
        ]
        for (name, value) in lengths where !(value.isFinite && value >= 0 && value <= 10_000) {
            return "\(name) must be in 0...10000, got \(value)"
        }
        let sizes: [(String, Double)] = [
            ("bannerHeight", bannerHeight), ("cardHeight", cardHeight),
            ("twoLineCellHeight", twoLineCellHeight), ("carouselCardWidth", carouselCardWidth),
            ("carouselCardHeight", carouselCardHeight), ("videoHeightToScreen", videoHeightToScreen),
            ("adWidth", adWidth), ("adHeight", adHeight),
        ]
        for (name, value) in sizes where !(value.isFinite && value > 0 && value <= 10_000) {
            return "\(name) must be in 0...10000 and positive, got \(value)"
        }
        if !(1...100).contains(twoLineColumns) { return "twoLineColumns must be in 1...100, got \(twoLineColumns)" }
        if !(1...1000).contains(carouselCardCount) { return "carouselCardCount must be in 1...1000, got \(carouselCardCount)" }
        return nil
    }
}
