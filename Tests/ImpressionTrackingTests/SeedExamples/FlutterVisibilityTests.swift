import Testing
@testable import ImpressionTracking

/// Flutter's `visibility_detector` (google/flutter.widgets, packages/visibility_detector):
/// its fraction snapped near 0 and 1 (`VisibilityInfo.visibleFraction` and `_floatNear`
/// in lib/src/visibility_detector.dart), and the cases of test/widget_test.dart that are
/// about geometry, each under its test's name.
///
/// The widget tests run the package's example app (example/lib/main.dart) on Flutter's
/// 800 × 600 test surface: a vertical list of rows, each row a horizontal list of cells
/// 125 × 65 with 5 points of padding around them, so cell (row r, column c) is at
/// x = 5 + 125 c, y = 5 + 75 r in the list's content. Here the viewport is the main
/// list's, the fraction Flutter's (the area of the cell's rect clipped to the screen over
/// its area), and the policy ``ImpressionPolicy/flutterVisibility``, which rounds as
/// `visibleFraction` does.
@Suite("Flutter visibility_detector: the fraction and its snapping")
struct FlutterVisibilityTests {
    /// The example's cell (row, column): 125 × 65, padded by 5.
    static func cell(_ row: Int, _ column: Int) -> TrackedSection<String> {
        TrackedSection(id: "\(row)-\(column)",
                       cells: [Rect(x: 5 + 125 * Double(column), y: 5 + 75 * Double(row), width: 125, height: 65)])
    }

    /// The fraction the snapshot reports for `id`: what the policy compares.
    static func fraction(_ id: String, in engine: Engine) -> Double? {
        row(id, in: engine.snapshot())?.visibleRatio
    }

    static func makeFlutterEngine(viewport: Rect, cells: [TrackedSection<String>],
                                  policy: ImpressionPolicy = .flutterVisibility) throws -> Engine {
        try makeEngine(policy: policy, showing: cells, viewport: viewport)
    }

    // MARK: - widget_test.dart

    /// widget_test.dart, "VisibilityDetector reports initial visibility": cell (0, 0),
    /// whole on screen, reports 1.0 and counts at the first sample.
    @Test("widget_test.dart: VisibilityDetector reports initial visibility")
    func initialVisibility() throws {
        var engine = try Self.makeFlutterEngine(viewport: rect(0, 0, 800, 600), cells: [Self.cell(0, 0)])
        #expect(Self.fraction("0-0", in: engine) == 1)
        #expect(engine.advance(to: .zero) == [impression("0-0", at: .zero)])
    }

    /// widget_test.dart, "VisibilityDetector reports partial visibility when part of it
    /// is vertically scrolled offscreen": scrolled by dy = 30, the cell at y = 5 shows its
    /// bottom 40 of 65 points, and the fraction is `visibleBounds.height / height`,
    /// unsnapped.
    @Test("widget_test.dart: partial visibility when part of it is vertically scrolled offscreen")
    func verticallyScrolledPartly() throws {
        let engine = try Self.makeFlutterEngine(viewport: rect(0, 30, 800, 600), cells: [Self.cell(0, 0)])
        #expect(Self.fraction("0-0", in: engine) == 40.0 / 65.0)
    }

    /// widget_test.dart, "VisibilityDetector reports partial visibility when part of it
    /// is horizontally scrolled offscreen": row 2 scrolled sideways by dx = 30, cell
    /// (2, 0) at x = 5 shows 100 of its 125 points: `visibleBounds.width / width`.
    @Test("widget_test.dart: partial visibility when part of it is horizontally scrolled offscreen")
    func horizontallyScrolledPartly() throws {
        let engine = try Self.makeFlutterEngine(viewport: rect(30, 0, 800, 600), cells: [Self.cell(2, 0)])
        #expect(Self.fraction("2-0", in: engine) == 100.0 / 125.0)
    }

    /// widget_test.dart, "VisibilityDetector reports being not visible when fully
    /// scrolled offscreen": scrolled by the cell's bottom (70), nothing of it shows:
    /// fraction 0, and it never counts.
    @Test("widget_test.dart: not visible when fully scrolled offscreen")
    func fullyScrolledOff() throws {
        var engine = try Self.makeFlutterEngine(viewport: rect(0, 70, 800, 600), cells: [Self.cell(0, 0)])
        #expect(Self.fraction("0-0", in: engine) == 0)
        #expect(engine.advance(to: .seconds(2)).isEmpty)
    }

    /// widget_test.dart, "VisibilityDetector reports partial visibility when almost fully
    /// scrolled offscreen": one point short of the bottom, 1 of 65 points shows; 1/65 is
    /// more than 0.01 from 0, so it is not snapped, and the cell counts as shown.
    @Test("widget_test.dart: partial visibility when almost fully scrolled offscreen")
    func almostFullyScrolledOff() throws {
        var engine = try Self.makeFlutterEngine(viewport: rect(0, 69, 800, 600), cells: [Self.cell(0, 0)])
        #expect(Self.fraction("0-0", in: engine) == 1.0 / 65.0)
        #expect(engine.advance(to: .zero) == [impression("0-0", at: .zero, ratio: 1.0 / 65.0)])
    }

    /// widget_test.dart, "VisibilityDetector reports visibility changes after a simulated
    /// screen rotation": cell (0, 6), at x = 755, shows 45 of its 125 points on the
    /// 800-wide screen (0.360) and nothing once the screen is 600 wide; cell (5, 0), at
    /// y = 380, is below a list 300 high and whole in one 500 high (the example's list
    /// takes what its app bar and report leave of the screen); rotating back restores
    /// both.
    @Test("widget_test.dart: visibility changes after a simulated screen rotation")
    func screenRotation() throws {
        var engine = try Self.makeFlutterEngine(viewport: rect(0, 0, 800, 300), cells: [Self.cell(0, 6), Self.cell(5, 0)])
        #expect(Self.fraction("0-6", in: engine) == 0.36)
        #expect(Self.fraction("5-0", in: engine) == 0)
        try engine.setViewport(rect(0, 0, 600, 500))
        #expect(Self.fraction("0-6", in: engine) == 0)
        #expect(Self.fraction("5-0", in: engine) == 1)
        try engine.setViewport(rect(0, 0, 800, 300))
        #expect(Self.fraction("0-6", in: engine) == 0.36)
        #expect(Self.fraction("5-0", in: engine) == 0)
    }

    // MARK: - visibility_detector.dart: `_floatNear` with a tolerance of 0.01

    /// A cell flush with the screen's edge but for a sliver reads 0.9999 exactly; Flutter
    /// snaps it to 1, so a policy of ratio 1 counts it, where the exact ratio does not.
    @Test("a fraction within 0.01 of 1 is 1: a policy of ratio 1 counts a cell at 0.9999")
    func snapsToOne() throws {
        let tall = TrackedSection(id: "tall", cells: [rect(0, 0, 320, 10_000)])
        let viewport = rect(0, 1, 320, 20_000)   // 9,999 of its 10,000 points
        let whole = ImpressionPolicy(minimumVisibleRatio: 1, minimumDuration: .zero, measure: .area)
        var exact = try makeEngine(policy: whole, showing: [tall], viewport: viewport)
        #expect(row("tall", in: exact.snapshot())?.visibleRatio == 0.9999)
        #expect(exact.advance(to: .seconds(1)).isEmpty)
        var snapped = whole
        snapped.rounding = .snapNearEnds
        var flutter = try makeEngine(policy: snapped, showing: [tall], viewport: viewport)
        #expect(row("tall", in: flutter.snapshot())?.visibleRatio == 1)
        #expect(flutter.advance(to: .zero) == [impression("tall", at: .zero)])
    }

    /// Dart computes the distance as `(f - 1).abs()` in doubles: 0.995 is within 0.01 of
    /// 1, but 0.99 is not (`1 - 0.99` is 0.010000000000000009), nor 0.98.
    @Test("the distance to 1 is Dart's: 0.995 snaps, 0.99 and 0.98 do not")
    func snapsAsDartComputes() throws {
        for (visible, expected) in [(995.0, 1.0), (990, 0.99), (980, 0.98)] {
            let engine = try makeEngine(policy: .flutterVisibility, showing: [section("s", rect(0, 0, 320, 1000))],
                                        viewport: rect(0, 1000 - visible, 320, 2000))
            #expect(row("s", in: engine.snapshot())?.visibleRatio == expected, "\(visible) of 1000")
        }
    }

    /// A sliver within 0.01 of 0 is 0: the preset (`> 0`) does not count it, where 1 %
    /// and more count.
    @Test("a fraction within 0.01 of 0 is 0: a sliver does not count under the preset")
    func snapsToZero() throws {
        var engine = try makeEngine(policy: .flutterVisibility, showing: [
            section("sliver", rect(0, 595, 320, 1000)),   // 5 of 1000 points: 0.005
            section("edge", rect(0, 590, 320, 1000)),     // 10 of 1000 points: 0.01, still snapped
            section("some", rect(0, 589, 320, 1000)),     // 11 of 1000: 0.011
        ])
        #expect(row("sliver", in: engine.snapshot())?.visibleRatio == 0)
        #expect(row("edge", in: engine.snapshot())?.visibleRatio == 0)
        #expect(engine.advance(to: .seconds(1)) == [impression("some", at: .zero, ratio: 0.011)])
    }
}
