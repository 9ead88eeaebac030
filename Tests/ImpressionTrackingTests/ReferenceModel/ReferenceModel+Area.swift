@testable import ImpressionTracking

extension ReferenceModel {
    /// The area and the bounding-box height and width of the points inside some of
    /// `covered` and inside none of `uncovered`, by brute force: cut the plane along every
    /// edge and add up the grid cells that are covered and not uncovered. `nil` when that
    /// is no area.
    static func naiveArea(covered: [Part], uncovered: [Part]) -> (area: Double, height: Double, width: Double, bounds: Part)? {
        naiveCoverage(covered: covered, uncovered: uncovered).map { ($0.area, $0.bounds.bottom - $0.bounds.top,
                                                                    $0.bounds.right - $0.bounds.left, $0.bounds) }
    }

    /// The area of the points inside some of `covered` and inside none of `uncovered`, and
    /// their bounding box, by brute force as ``naiveArea(covered:uncovered:)``; `nil` when
    /// that is no area.
    static func naiveCoverage(covered: [Part], uncovered: [Part]) -> (area: Double, bounds: Part)? {
        let solid = covered.filter { $0.right > $0.left && $0.bottom > $0.top }
        guard !solid.isEmpty else { return nil }
        let holes = uncovered.filter { $0.right > $0.left && $0.bottom > $0.top }
        let xs = Array(Set((solid + holes).flatMap { [$0.left, $0.right] })).sorted()
        let ys = Array(Set((solid + holes).flatMap { [$0.top, $0.bottom] })).sorted()
        func inside(_ part: Part, _ i: Int, _ j: Int) -> Bool {
            part.left <= xs[i] && xs[i + 1] <= part.right && part.top <= ys[j] && ys[j + 1] <= part.bottom
        }
        var area = 0.0
        var top = Double.infinity
        var bottom = -Double.infinity
        var left = Double.infinity
        var right = -Double.infinity
        for i in xs.indices.dropLast() {
            for j in ys.indices.dropLast() {
                guard solid.contains(where: { inside($0, i, j) }), !holes.contains(where: { inside($0, i, j) }) else { continue }
                area += (xs[i + 1] - xs[i]) * (ys[j + 1] - ys[j])
                top = min(top, ys[j])
                bottom = max(bottom, ys[j + 1])
                left = min(left, xs[i])
                right = max(right, xs[i + 1])
            }
        }
        return area > 0 ? (area, Part(left: left, right: right, top: top, bottom: bottom)) : nil
    }

    /// The area of the union by brute force.
    static func naiveUnionArea(_ parts: [Part]) -> Double {
        naiveArea(covered: parts, uncovered: [])?.area ?? 0
    }
}
