@testable import ImpressionTracking

/// The engine's geometry changes against the model's: the same changes, in the same
/// order, with the same ids, times, percentages, reasons and obstructions, and
/// fractions, areas and frames equal but for rounding (the two move and clip rects by
/// different arithmetic).
enum GeometryComparison {
    /// What differs first between `expected` (the model's) and `got` (the engine's), or
    /// `nil` when they agree.
    static func firstDifference(expected: [VisibleGeometry<Int>], got: [VisibleGeometry<Int>]) -> String? {
        guard expected.count == got.count else {
            return "\(expected.count) geometry changes expected, got \(got.count): expected \(expected), got \(got)"
        }
        for (model, engine) in zip(expected, got) {
            guard model.sectionID == engine.sectionID, model.time == engine.time, model.reasons == engine.reasons,
                  model.percentageInView == engine.percentageInView, model.obstructions == engine.obstructions,
                  model.friendlyObstructions == engine.friendlyObstructions,
                  close(model.heightFraction, engine.heightFraction), close(model.widthFraction, engine.widthFraction),
                  close(model.areaFraction, engine.areaFraction), close(model.pixelsInView, engine.pixelsInView),
                  close(model.frame, engine.frame), close(model.onScreenFrame, engine.onScreenFrame) else {
                return "geometry of section \(model.sectionID): expected \(model), got \(engine)"
            }
        }
        return nil
    }

    /// Whether the engine's snapshot row `got` is the model's `expected`: equal in
    /// everything, their geometries as ``firstDifference(expected:got:)`` compares them.
    static func sameRow(expected: SectionSnapshot<Int>, got: SectionSnapshot<Int>) -> Bool {
        switch (expected.geometry, got.geometry) {
        case (nil, nil): break
        case (let model?, let engine?): if firstDifference(expected: [model], got: [engine]) != nil { return false }
        default: return false
        }
        var expected = expected, got = got
        expected.geometry = nil
        got.geometry = nil
        return expected == got
    }

    static func close(_ one: Double, _ other: Double) -> Bool {
        (one - other).magnitude <= 1e-9 * max(1, one.magnitude, other.magnitude)
    }

    static func close(_ one: Rect?, _ other: Rect?) -> Bool {
        switch (one, other) {
        case (nil, nil): true
        case (let one?, let other?):
            close(one.x, other.x) && close(one.y, other.y) && close(one.width, other.width) && close(one.height, other.height)
        default: false
        }
    }
}
