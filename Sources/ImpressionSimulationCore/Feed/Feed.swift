import ImpressionTracking

/// A feed: sections of mixed kinds stacked top to bottom, as a home or timeline screen
/// shows them.
///
/// Generated from a seed (``init(sectionCount:parameters:screen:seed:)``) or from an
/// explicit list of kinds (``init(kinds:parameters:screen:)``, for scripted tests); the
/// command line also reads the app's own sections from a feed file. Every session of a
/// simulation scrolls the same feed, so sections and depths compare across sessions
/// and policies.
///
/// ```swift
/// let feed = Feed(sectionCount: 500, seed: 7)                        // drawn from the default mix
/// let scripted = Feed(kinds: [.banner, .card, .carousel, .ad, .video])
/// let simulation = try Simulation(configuration: SimulationConfiguration(), feed: scripted)
/// print(feed.contentHeight, scripted.maximumOffset)
/// ```
public struct Feed: Sendable {
    /// The screen the feed is laid out for.
    public let screen: Screen
    /// The sizes and mix a synthetic feed was made with; for a feed of templates, the
    /// defaults but for ``FeedParameters/sectionSpacing``.
    public let parameters: FeedParameters
    /// The sections, top to bottom; `sections[i].index == i`.
    package let sections: [FeedSection]
    /// The sections before they were placed, as a feed file writes them.
    package let templates: [SectionTemplate]
    /// Each section's bottom edge, in feed order: what finding the first section below a
    /// line searches, packed so that the search touches a few cache lines rather than a
    /// section's worth of fields at every step.
    private let sectionBottoms: [Double]
    /// The height of the whole feed, from the top of the first section to the bottom of
    /// the last.
    public let contentHeight: Double

    /// A feed of `sectionCount` sections whose kinds are drawn from `parameters.mix`
    /// with a generator seeded by `seed`.
    public init(sectionCount: Int, parameters: FeedParameters = FeedParameters(),
                screen: Screen = .phone, seed: UInt64) {
        // A stream apart from every session's (those are `SplitMix64(seed:stream: index)`).
        var generator = SplitMix64(seed: SplitMix64.mix(~seed), stream: 0)
        let weights = parameters.mix.weights
        let kinds = (0..<max(0, sectionCount)).map { _ in
            SectionKind.allCases[generator.nextIndex(weights: weights)]
        }
        self.init(kinds: kinds, parameters: parameters, screen: screen)
    }

    /// A feed of exactly these kinds, in this order.
    public init(kinds: [SectionKind], parameters: FeedParameters = FeedParameters(), screen: Screen = .phone) {
        self.init(templates: kinds.map { SectionTemplate.synthetic($0, parameters: parameters, screen: screen) },
                  parameters: parameters, screen: screen)
    }

    /// A feed of these sections, top to bottom, `sectionSpacing` apart: a feed file's
    /// (see ``FeedFile``). Its ``parameters`` are the defaults but for the spacing.
    package init(templates: [SectionTemplate], sectionSpacing: Double, screen: Screen = .phone) {
        self.init(templates: templates, parameters: FeedParameters(sectionSpacing: sectionSpacing), screen: screen)
    }

    private init(templates: [SectionTemplate], parameters: FeedParameters, screen: Screen) {
        self.screen = screen
        self.parameters = parameters
        self.templates = templates
        var sections: [FeedSection] = []
        sections.reserveCapacity(templates.count)
        var top = 0.0
        for (index, template) in templates.enumerated() {
            if index > 0 { top += parameters.sectionSpacing }
            let section = template.placed(index: index, top: top, screen: screen)
            top = section.frame.maxY
            sections.append(section)
        }
        self.sections = sections
        sectionBottoms = sections.map(\.frame.maxY)
        contentHeight = top
    }

    /// The largest vertical content offset: the bottom of the feed at the bottom of the screen.
    public var maximumOffset: Double { max(0, contentHeight - screen.height) }

    /// The index of the first section whose bottom is below `y`, or `sections.count`.
    package func firstSection(endingBelow y: Double) -> Int {
        var low = 0
        var high = sectionBottoms.count
        while low < high {
            let middle = (low + high) / 2
            if sectionBottoms[middle] > y { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// ``firstSection(endingBelow:)`` found from `hint`, its answer for a `y` close by: a
    /// viewport that moved a few sections at most since is found in as many steps, where
    /// a search of a long feed takes a dozen unpredictable ones. Farther, it searches.
    // Inlined: it runs at every rendered sample, and a call makes the caller copy the
    // whole layout it belongs to onto the stack first.
    @inline(__always)
    package func firstSection(endingBelow y: Double, near hint: Int) -> Int {
        var index = min(max(hint, 0), sectionBottoms.count)
        // The answer is the one index with no bottom below `y` before it and its own below
        // `y` (or none left): the search's, since the bottoms never go up the feed.
        for _ in 0..<4 {
            if index > 0 && sectionBottoms[index - 1] > y {
                index -= 1
            } else if index < sectionBottoms.count && !(sectionBottoms[index] > y) {
                index += 1
            } else {
                return index
            }
        }
        return firstSection(endingBelow: y)
    }

    /// The index of the last section whose top is above `y`, or `nil` when none is.
    package func lastSection(startingAbove y: Double) -> Int? {
        var low = 0
        var high = sections.count
        while low < high {
            let middle = (low + high) / 2
            if sections[middle].frame.minY < y { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }

    /// The indices of the sections that share a positive height with the screen scrolled
    /// to `offset`.
    package func sections(onScreenAtOffset offset: Double) -> Range<Int> {
        let first = firstSection(endingBelow: offset)
        guard let last = lastSection(startingAbove: offset + screen.height), last >= first else {
            return first..<first
        }
        return first..<(last + 1)
    }
}
