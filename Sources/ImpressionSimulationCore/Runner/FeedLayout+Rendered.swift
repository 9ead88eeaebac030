import ImpressionTracking

extension FeedLayout {
    /// Appends to `sections`, ascending, the feed positions of the sections rendered in
    /// `viewport`: those with a part of a cell of positive area inside it.
    ///
    /// A carousel's cards are moved by its current offset and clipped by its frame, as
    /// the engine clips nested cells by their container; only the feed's sections that
    /// share height with the viewport are looked at, so this costs O(log feed + shown).
    func appendRenderedSections(in viewport: Rect, to sections: inout [Int]) {
        let feedSections = feed.sections
        var index = feed.firstSection(endingBelow: viewport.minY)
        while index < feedSections.count, feedSections[index].frame.minY < viewport.maxY {
            if showsCell(of: feedSections[index], in: viewport) { sections.append(index) }
            index += 1
        }
    }

    private func showsCell(of section: FeedSection, in viewport: Rect) -> Bool {
        if section.cells.contains(where: { $0.intersects(viewport) }) { return true }
        guard let row = section.carouselFrame else { return false }
        let shift = carouselOffset(ofSection: section.index)
        return section.cards.contains { card in
            card.offsetBy(dx: -shift, dy: 0).intersection(row)?.intersects(viewport) ?? false
        }
    }
}
