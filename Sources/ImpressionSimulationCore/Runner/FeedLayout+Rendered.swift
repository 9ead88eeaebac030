import ImpressionTracking

extension FeedLayout {
    /// Appends to `sections`, ascending, the feed positions of the sections rendered in
    /// `viewport`, by the rule of ``OnScreen``.
    ///
    /// A carousel's cards are moved by its current offset and clipped by its frame; only
    /// the feed's sections that share height with the viewport are looked at, so this
    /// costs O(log feed + shown). `firstShown` is where the last call found the first
    /// section below the viewport's top, and is then set to where this one found it: the
    /// search starts from there, a few steps away while scrolling.
    func appendRenderedSections(in viewport: Rect, to sections: inout [Int], firstShown: inout Int) {
        let feedSections = feed.sections
        var index = feed.firstSection(endingBelow: viewport.minY, near: firstShown)
        firstShown = index
        while index < feedSections.count, feedSections[index].frame.minY < viewport.maxY {
            if showsCell(of: feedSections[index], in: viewport) { sections.append(index) }
            index += 1
        }
    }

    private func showsCell(of section: FeedSection, in viewport: Rect) -> Bool {
        // Cards are where they are at offset 0, in the feed's coordinates, so the
        // carousel's offset alone places them; a section without a carousel has none.
        let row = section.carouselFrame
        let shift = row == nil ? 0 : carouselOffset(ofSection: section.index)
        return OnScreen.shows(cells: section.cells,
                              nestedCells: section.cards.lazy.map { (frame: $0.offsetBy(dx: -shift, dy: 0), clip: row) },
                              in: viewport)
    }
}
