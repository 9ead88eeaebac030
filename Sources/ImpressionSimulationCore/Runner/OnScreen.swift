import ImpressionTracking

/// Which sections are on screen: the one rule behind the sections a session rendered,
/// whether the session was generated on a feed (``FeedLayout``) or replayed from a trace
/// (``TraceScreen``), so that a generated session and its trace render the same sections.
///
/// A section is on screen when one of its cells shares a positive area with the
/// viewport: a root cell as it is, a nested cell where its containers' content offsets
/// put it, clipped to the part of the screen its container shows. The rule is geometry
/// only: insets, obstructions, opacity and the load gate change what the engine
/// measures, not what was drawn.
///
/// Where a nested cell is in root coordinates is the caller's to say: each caller keeps
/// the arithmetic it places cells with, so the rounding, and with it every output, is
/// that of its own geometry.
enum OnScreen {
    /// Whether a section with the root cells `cells` and the nested cells `nestedCells`
    /// is on screen in `viewport`.
    ///
    /// - Parameter nestedCells: each nested cell's frame in root coordinates, with the
    ///   part of the screen its container shows (`nil` when it shows nothing).
    static func shows(cells: [Rect], nestedCells: some Sequence<(frame: Rect, clip: Rect?)>,
                      in viewport: Rect) -> Bool {
        if cells.contains(where: { $0.intersects(viewport) }) { return true }
        return nestedCells.contains { cell in
            guard let clip = cell.clip else { return false }
            return cell.frame.intersection(clip)?.intersects(viewport) ?? false
        }
    }
}
