import Testing
@testable import ImpressionTracking

// Bad input is rejected with a typed error naming the section, its index and the
// problem, and the engine keeps its previous state: impressions continue as before.
// The 320 × 600 `screen` is the worked examples' (Support/ExampleHelpers.swift).

private let goodCell = Rect(x: 0, y: 0, width: 320, height: 200)

/// The error `body` throws, or `nil` when it does not throw.
private func layoutError(_ body: () throws(InputError) -> Void) -> InputError? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

/// An engine whose "module" (on screen from 0 s) has been seen for 0.0 ... 0.5 s, six
/// samples, so that it fires at 1.0 s unless something interrupts it.
private func engineHalfwayToAnImpression() throws -> ImpressionEngine<String> {
    var engine = try ImpressionEngine<String>(policy: .zozoModule)
    try engine.setViewport(screen)
    try engine.setLayout([TrackedSection(id: "module", cells: [goodCell])])
    #expect(engine.advance(to: .milliseconds(500)) == [])
    return engine
}

/// Checks that the engine still runs on its previous layout and viewport: "module"
/// fires at 1.0 s, and nothing else ever does.
private func expectPreviousStateInForce(_ engine: inout ImpressionEngine<String>,
                                        sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(engine.advance(to: .milliseconds(3000)) == [
        Impression(sectionID: "module", time: .seconds(1), visibleRatio: 1,
                   visibleDuration: .seconds(1), visit: 1),
    ], sourceLocation: sourceLocation)
}

/// A layout that replaces "module" with `bad` at index 1 (after a good, visible
/// section), so that accepting it would change what fires.
private func layout(withBadSection bad: TrackedSection<String>) -> [TrackedSection<String>] {
    [TrackedSection(id: "newcomer", cells: [goodCell], policy: .anyPixel), bad]
}

@Suite("Bad input is rejected, and the previous state stays in force")
struct BadInputTests {
    @Test("a NaN cell field throws nonFiniteCell naming the section and the cell")
    func nanCell() throws {
        var engine = try engineHalfwayToAnImpression()
        let bad = TrackedSection(id: "banner", cells: [goodCell, Rect(x: 0, y: .nan, width: 10, height: 10)])
        let error = try #require(layoutError { () throws(InputError) in try engine.setLayout(layout(withBadSection: bad)) })
        #expect(error.code == .nonFiniteCell)
        #expect(error.field == "cells[1]")
        #expect(error.value.contains("nan"))
        #expect(error.sectionIndex == 1)
        let message = String(describing: error)
        #expect(message.contains("banner"), "\(message)")
        #expect(message.contains("index 1"), "\(message)")
        expectPreviousStateInForce(&engine)
    }

    @Test("an infinite cell field throws nonFiniteCell")
    func infiniteCell() throws {
        var engine = try engineHalfwayToAnImpression()
        let infinite = Rect(x: -.infinity, y: 0, width: 10, height: 10)
        let bad = TrackedSection(id: "banner", cells: [infinite])
        let error = try #require(layoutError { () throws(InputError) in try engine.setLayout(layout(withBadSection: bad)) })
        #expect(error.problem == .nonFiniteCell(cellIndex: 0, infinite))
        #expect(error.section?.contains("banner") == true)
        #expect(error.sectionIndex == 1)
        expectPreviousStateInForce(&engine)
    }

    @Test("a cell with a negative size throws negativeCellSize")
    func negativeSizeCell() throws {
        var engine = try engineHalfwayToAnImpression()
        let negativeWidth = Rect(x: 0, y: 0, width: -1, height: 10)
        let negativeHeight = Rect(x: 0, y: 0, width: 10, height: -0.5)
        for cell in [negativeWidth, negativeHeight] {
            let bad = TrackedSection(id: "banner", cells: [goodCell, goodCell, cell])
            let error = try #require(layoutError { () throws(InputError) in try engine.setLayout(layout(withBadSection: bad)) })
            #expect(error.problem == .negativeCellSize(cellIndex: 2, cell))
            let message = String(describing: error)
            #expect(message.contains("banner") && message.contains("index 1"), "\(message)")
        }
        expectPreviousStateInForce(&engine)
    }

    @Test("a duplicate id throws duplicateID naming both positions")
    func duplicateID() throws {
        var engine = try engineHalfwayToAnImpression()
        let sections = [
            TrackedSection(id: "twin", cells: [goodCell]),
            TrackedSection(id: "other", cells: [goodCell]),
            TrackedSection(id: "twin", cells: [goodCell]),
        ]
        let error = try #require(layoutError { () throws(InputError) in try engine.setLayout(sections) })
        #expect(error.problem == .duplicateSectionID(firstIndex: 0))
        #expect(error.sectionIndex == 2)
        let message = String(describing: error)
        #expect(message.contains("twin") && message.contains("index 2"), "\(message)")
        expectPreviousStateInForce(&engine)
    }

    @Test("duplicate Int ids are named by their value")
    func duplicateIntID() throws {
        var engine = try ImpressionEngine<Int>()
        let error = try #require(layoutError { () throws(InputError) in
            try engine.setLayout([
                TrackedSection(id: 41, cells: []), TrackedSection(id: 7, cells: []), TrackedSection(id: 7, cells: []),
            ])
        })
        #expect(error.problem == .duplicateSectionID(firstIndex: 1))
        let message = String(describing: error)
        #expect(message.contains("7") && message.contains("index 2"), "\(message)")
    }

    @Test("a negative or NaN fullHeight throws invalidFullHeight")
    func invalidFullHeight() throws {
        var engine = try engineHalfwayToAnImpression()
        let negative = TrackedSection(id: "banner", cells: [goodCell], fullHeight: -1)
        let negativeError = try #require(layoutError { () throws(InputError) in try engine.setLayout(layout(withBadSection: negative)) })
        #expect(negativeError.problem == .invalidFullHeight(-1))
        #expect(String(describing: negativeError).contains("banner"))
        #expect(String(describing: negativeError).contains("index 1"))

        let nan = TrackedSection(id: "banner", cells: [goodCell], fullHeight: .nan)
        let nanError = try #require(layoutError { () throws(InputError) in try engine.setLayout(layout(withBadSection: nan)) })
        #expect(nanError.problem == .invalidFullHeight(.nan))   // compared as text: "nan"

        let infinite = TrackedSection(id: "banner", cells: [goodCell], fullHeight: .infinity)
        let infiniteError = try #require(layoutError { () throws(InputError) in try engine.setLayout(layout(withBadSection: infinite)) })
        #expect(infiniteError.problem == .invalidFullHeight(.infinity))
        expectPreviousStateInForce(&engine)
    }

    @Test("a negative or NaN fullArea throws invalidFullArea")
    func invalidFullArea() throws {
        var engine = try engineHalfwayToAnImpression()
        let negative = TrackedSection(id: "banner", cells: [goodCell], fullArea: -100)
        let negativeError = try #require(layoutError { () throws(InputError) in try engine.setLayout(layout(withBadSection: negative)) })
        #expect(negativeError.problem == .invalidFullArea(-100))
        #expect(String(describing: negativeError).contains("banner"))
        #expect(String(describing: negativeError).contains("index 1"))

        let nan = TrackedSection(id: "banner", cells: [goodCell], fullArea: .nan)
        let nanError = try #require(layoutError { () throws(InputError) in try engine.setLayout(layout(withBadSection: nan)) })
        #expect(nanError.problem == .invalidFullArea(.nan))   // compared as text: "nan"
        expectPreviousStateInForce(&engine)
    }

    @Test("a section's invalid policy throws invalidPolicy with the configuration error")
    func invalidSectionPolicy() throws {
        var engine = try engineHalfwayToAnImpression()
        let tooHigh = TrackedSection(id: "banner", cells: [goodCell], policy: ImpressionPolicy(minimumVisibleRatio: 1.5))
        let tooHighError = try #require(layoutError { () throws(InputError) in try engine.setLayout(layout(withBadSection: tooHigh)) })
        #expect(tooHighError.problem == .invalidSectionPolicy(.ratioOutOfRange(1.5)))
        let message = String(describing: tooHighError)
        #expect(message.contains("banner") && message.contains("index 1") && message.contains("1.5"), "\(message)")

        let negativeRatio = TrackedSection(id: "banner", cells: [goodCell], policy: ImpressionPolicy(minimumVisibleRatio: -0.1))
        let negativeRatioError = try #require(layoutError { () throws(InputError) in try engine.setLayout(layout(withBadSection: negativeRatio)) })
        #expect(negativeRatioError.problem == .invalidSectionPolicy(.ratioOutOfRange(-0.1)))

        let negativeDuration = TrackedSection(id: "banner", cells: [goodCell],
                                              policy: ImpressionPolicy(minimumDuration: .milliseconds(-1)))
        let negativeDurationError = try #require(layoutError { () throws(InputError) in try engine.setLayout(layout(withBadSection: negativeDuration)) })
        #expect(negativeDurationError.problem == .invalidSectionPolicy(.negativeDuration(.milliseconds(-1))))
        expectPreviousStateInForce(&engine)
    }

    @Test("an invalid viewport throws invalidViewport and the previous viewport stays")
    func invalidViewport() throws {
        var engine = try engineHalfwayToAnImpression()
        let bad = [
            Rect(x: .nan, y: 0, width: 320, height: 600),
            Rect(x: 0, y: .infinity, width: 320, height: 600),
            Rect(x: 0, y: 0, width: -320, height: 600),
            Rect(x: 0, y: 0, width: 320, height: -1),
            Rect(x: 0, y: 0, width: 320, height: .infinity),
        ]
        for viewport in bad {
            let error = try #require(layoutError { () throws(InputError) in try engine.setViewport(viewport) })
            #expect(error.code == .invalidViewport)
            #expect(error.field == "viewport")
            #expect(error.value == String(describing: viewport))
            #expect(error.section == nil)
            #expect(error.sectionIndex == nil)
        }
        #expect(engine.viewport == screen)
        expectPreviousStateInForce(&engine)
    }

    @Test("a rejected layout leaves the counts and the fired memory as they were")
    func rejectedLayoutKeepsCounts() throws {
        var engine = try engineHalfwayToAnImpression()
        // Would remove "module" and add a section that fires at once; both must not happen.
        let bad = TrackedSection(id: "module", cells: [goodCell], fullHeight: -1)
        #expect(layoutError { () throws(InputError) in try engine.setLayout(layout(withBadSection: bad)) } != nil)
        #expect(engine.sectionCount == 1)
        expectPreviousStateInForce(&engine)
    }

    // A layout that large cannot be built in a test (it would take tens of gigabytes), so
    // the bound every layout passes through is checked on the counts alone.
    @Test("more than Int32.max sections, cells or containers throws layoutTooLarge naming the count")
    func layoutTooLarge() throws {
        let maximum = SectionGeometry.maximumCount
        #expect(maximum == Int(Int32.max))
        #expect(layoutError { () throws(InputError) in
            try SectionGeometry.checkCounts(sections: maximum, cells: maximum, containers: maximum)
        } == nil)
        let tooMany = [("sections", (maximum + 1, maximum + 1, 0)), ("cells", (1, maximum + 1, maximum + 1)),
                       ("containers", (1, 1, maximum + 1))]
        for (what, counts) in tooMany {
            let error = try #require(layoutError { () throws(InputError) in
                try SectionGeometry.checkCounts(sections: counts.0, cells: counts.1, containers: counts.2)
            })
            #expect(error.code == .layoutTooLarge)
            #expect(error.field == what)
            #expect(error.value == "2147483648")
            #expect(error.sectionIndex == nil)
            #expect(String(describing: error)
                == "the layout has 2147483648 \(what), more than the 2147483647 the engine can number")
        }
    }
}

@Suite("Invalid engine configuration")
struct InvalidConfigurationTests {
    private static func configurationError(
        _ policy: ImpressionPolicy, _ sampleInterval: Duration
    ) -> ConfigurationError? {
        do {
            _ = try ImpressionEngine<Int>(policy: policy, sampleInterval: sampleInterval)
            return nil
        } catch {
            return error
        }
    }

    @Test("init(validating:) rejects a ratio above 1, a negative duration and a non-positive interval")
    func validatingInitThrows() {
        #expect(Self.configurationError(ImpressionPolicy(minimumVisibleRatio: 1.5), .milliseconds(100))
            == .ratioOutOfRange(1.5))
        #expect(Self.configurationError(ImpressionPolicy(minimumVisibleRatio: -0.5), .milliseconds(100))
            == .ratioOutOfRange(-0.5))
        #expect(Self.configurationError(ImpressionPolicy(minimumDuration: .seconds(-1)), .milliseconds(100))
            == .negativeDuration(.seconds(-1)))
        #expect(Self.configurationError(.default, .zero) == .nonPositiveSampleInterval(.zero))
        #expect(Self.configurationError(.default, .milliseconds(-100)) == .nonPositiveSampleInterval(.milliseconds(-100)))
        #expect(Self.configurationError(ImpressionPolicy(minimumVisibleRatio: .nan), .milliseconds(100))
            == .ratioOutOfRange(.nan))   // compared as text: "nan"
        #expect(Self.configurationError(.default, .milliseconds(100)) == nil)
        #expect(Self.configurationError(ImpressionPolicy(minimumVisibleRatio: 0, minimumDuration: .zero), .nanoseconds(1)) == nil)
    }

    @Test("the messages name the bad value")
    func messagesNameTheValue() {
        #expect(String(describing: ConfigurationError.ratioOutOfRange(1.5)).contains("1.5"))
        #expect(String(describing: ConfigurationError.nonPositiveSampleInterval(.zero)).contains("sampleInterval"))
    }

    @Test("a bad configuration is refused by the initialiser, with the error naming it",
          arguments: [
              (ImpressionPolicy(minimumVisibleRatio: 1.5), Duration.milliseconds(100)),
              (ImpressionPolicy(minimumDuration: .seconds(-1)), Duration.milliseconds(100)),
              (ImpressionPolicy.default, Duration.zero),
              (ImpressionPolicy(minimumVisibleRatio: 0, minimumDuration: .zero), Duration.milliseconds(-100)),
          ])
    func badConfigurationIsRefused(policy: ImpressionPolicy, sampleInterval: Duration) throws {
        let expected = try #require(Self.configurationError(policy, sampleInterval))
        #expect(throws: expected) { try ImpressionEngine<Int>(policy: policy, sampleInterval: sampleInterval) }
        #expect(throws: expected) { try ImpressionEngine<Int>(policies: [.default, policy], sampleInterval: sampleInterval) }
    }
}

extension InputError {
    /// The problem alone: this error without the section it was found in, to compare with
    /// a factory such as `.nonFiniteCell(cellIndex: 1, rect)`.
    var problem: InputError { withoutSection }
}
