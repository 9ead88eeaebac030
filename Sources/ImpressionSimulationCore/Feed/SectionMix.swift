/// How often each ``SectionKind`` appears in a synthetic feed: relative weights.
///
/// Weights need not add up to 1; a kind with weight 0 never appears. The default is a
/// plausible shopping or media feed: mostly cards, regular ad slots and carousels.
///
/// ```swift
/// // Cards and ads only, an ad for every three cards.
/// let mix = SectionMix(banner: 0, card: 3, twoLineModule: 0, carousel: 0, video: 0, ad: 1)
/// let feed = Feed(sectionCount: 400, parameters: FeedParameters(mix: mix), seed: 1)
/// ```
public struct SectionMix: Sendable, Hashable, Codable {
    /// The weight of banners.
    public var banner: Double
    /// The weight of single cards.
    public var card: Double
    /// The weight of two-line modules.
    public var twoLineModule: Double
    /// The weight of carousels.
    public var carousel: Double
    /// The weight of videos.
    public var video: Double
    /// The weight of ad slots.
    public var ad: Double

    /// Creates a mix; see the type for what the weights mean.
    public init(banner: Double = 0.08, card: Double = 0.40, twoLineModule: Double = 0.15,
                carousel: Double = 0.15, video: Double = 0.07, ad: Double = 0.15) {
        self.banner = banner
        self.card = card
        self.twoLineModule = twoLineModule
        self.carousel = carousel
        self.video = video
        self.ad = ad
    }

    /// The weight of `kind`.
    public subscript(kind: SectionKind) -> Double {
        get {
            switch kind {
            case .banner: banner
            case .card: card
            case .twoLineModule: twoLineModule
            case .carousel: carousel
            case .video: video
            case .ad: ad
            }
        }
        set {
            switch kind {
            case .banner: banner = newValue
            case .card: card = newValue
            case .twoLineModule: twoLineModule = newValue
            case .carousel: carousel = newValue
            case .video: video = newValue
            case .ad: ad = newValue
            }
        }
    }

    /// The weights in the order of `SectionKind.allCases`.
    package var weights: [Double] { SectionKind.allCases.map { self[$0] } }

    /// Whether at least one weight is positive and finite, and none is negative or NaN.
    public var isValid: Bool {
        weights.allSatisfy { $0.isFinite && $0 >= 0 } && weights.contains { $0 > 0 }
    }
}
