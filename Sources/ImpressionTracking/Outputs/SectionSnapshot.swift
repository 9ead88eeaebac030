/// One section's state in an ``EngineSnapshot``: how much of it shows, how long it has
/// counted, and why it does not count when it does not.
public struct SectionSnapshot<ID: Hashable & Sendable>: Sendable, Hashable {
    /// The section.
    public var sectionID: ID
    /// Its visible ratio with the current inputs, as the next sample will see it; 0 when
    /// nothing of it shows.
    public var visibleRatio: Double
    /// Consecutive visible samples ending at the last sample evaluated.
    public var consecutiveSamples: Int
    /// Whether it fired in the current visit.
    public var hasFiredThisVisit: Bool
    /// Why the next sample will not count it as visible; `nil` when it will.
    public var notVisibleReason: NotVisibleReason?
    /// What the engine has seen of it since it first appeared: entries, visible time,
    /// the highest ratio, its age, the samples counted and any cooldown.
    public var statistics: SectionStatistics
    /// The policy the row is under: its index in the engine's or tracker's `policies`.
    public var policy: Int
    /// The samples its policy needs to fire (``ImpressionPolicy/requiredSamples(sampleInterval:)``
    /// of the section's policy); 0 for a section no longer in the layout. An overlay shows
    /// `statistics.countedSamples` of it: "7 of 11".
    public var requiredSamples: Int
    /// What an overlay colours it by: off screen, below threshold, counting, fired or
    /// inactive.
    public var status: Status

    /// Whether the next sample will count it as visible.
    public var isVisible: Bool { notVisibleReason == nil }

    /// Creates a snapshot row; engines make these.
    ///
    /// `status` defaults to what `notVisibleReason` and `hasFiredThisVisit` say, taking a
    /// fired section as done.
    public init(sectionID: ID, visibleRatio: Double, consecutiveSamples: Int,
                hasFiredThisVisit: Bool, notVisibleReason: NotVisibleReason?,
                statistics: SectionStatistics = SectionStatistics(), policy: Int = 0,
                requiredSamples: Int = 0, status: Status? = nil) {
        self.sectionID = sectionID
        self.visibleRatio = visibleRatio
        self.consecutiveSamples = consecutiveSamples
        self.hasFiredThisVisit = hasFiredThisVisit
        self.notVisibleReason = notVisibleReason
        self.statistics = statistics
        self.policy = policy
        self.requiredSamples = requiredSamples
        self.status = status ?? Status(reason: notVisibleReason, hasFired: hasFiredThisVisit, isCountingAgain: false)
    }

    /// What a section is doing now, as an overlay colours it.
    public enum Status: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// Nothing of it is on screen: off screen, clipped away by a container, no
        /// viewport, no size, or no longer in the layout.
        case offscreen
        /// Not counting though it may show: below its policy's ratio, obstructed, or not
        /// loaded, hidden or transparent wherever it is
        /// (``SectionSnapshot/notVisibleReason`` says which; the gates come first).
        case belowThreshold = "below"
        /// Visible, its run counting toward an impression.
        case counting
        /// It fired in this visit and is not counting toward another impression.
        case fired
        /// The tracker is inactive: disappeared, in the background, covered or refreshing.
        case inactive

        /// The status of a row with `reason`, that fired this visit or not, and whose
        /// policy lets a fired section count toward another impression now.
        init(reason: NotVisibleReason?, hasFired: Bool, isCountingAgain: Bool) {
            switch reason {
            case .inactive: self = .inactive
            case .offscreen, .noViewport, .noSize, .missingFromLayout, .clippedByContainer: self = .offscreen
            case nil: self = hasFired && !isCountingAgain ? .fired : .counting
            case .belowThreshold, .obstructed, .notLoaded, .hidden, .hiddenByContainer, .transparent:
                self = hasFired ? .fired : .belowThreshold
            }
        }

        /// The status in a word or two: `off screen`, `below threshold`, `counting`,
        /// `fired`, `inactive`.
        public var description: String {
            switch self {
            case .offscreen: "off screen"
            case .belowThreshold: "below threshold"
            case .counting: "counting"
            case .fired: "fired"
            case .inactive: "inactive"
            }
        }
    }
}

/// Why a section does not count as visible, in the spirit of the OM SDK's reasons.
///
/// When several apply, the first in this order is given: ``inactive(_:)``,
/// ``noViewport``, ``notLoaded``, ``hidden``, ``noSize``; then, when none of its cells
/// shows at all, ``offscreen`` or ``clippedByContainer(_:)``; when the cells that show are
/// all left out, ``hiddenByContainer(_:)`` before ``transparent(opacity:required:)``;
/// then ``obstructed``; then ``belowThreshold(ratio:required:)``.
public enum NotVisibleReason: Sendable, Hashable, CustomStringConvertible {
    /// The tracker is inactive, for these causes.
    case inactive(InactiveCauses)
    /// No viewport is set, or it (less its insets) has no area.
    case noViewport
    /// The section left the layout; it is still remembered because it fired.
    case missingFromLayout
    /// It has no cells, or no height or area to measure against.
    case noSize
    /// None of its cells meets the viewport.
    case offscreen
    /// Its cells that would be on screen are hidden by this scroll container's bounds.
    case clippedByContainer(String)
    /// What shows of it is entirely under obstructions.
    case obstructed
    /// It shows, but less than the policy requires.
    case belowThreshold(ratio: Double, required: Double)
    /// It is not loaded (``TrackedSection/isLoaded``): nothing of it counts until it is.
    case notLoaded
    /// It is hidden (``TrackedSection/isHidden``).
    case hidden
    /// Every cell of it that would show is inside a hidden scroll container: this one,
    /// the innermost hidden container of the first such cell.
    case hiddenByContainer(String)
    /// Every cell of it that would show is less opaque than the policy's
    /// ``ImpressionPolicy/minimumOpacity``; `opacity` is the most opaque one's effective
    /// opacity.
    case transparent(opacity: Double, required: Double)

    /// A short phrase, e.g. `below threshold (0.31 < 0.5)`.
    public var description: String {
        switch self {
        case .inactive(let causes): "inactive (\(causes))"
        case .noViewport: "no viewport"
        case .missingFromLayout: "missing from layout"
        case .noSize: "no size"
        case .offscreen: "offscreen"
        case .clippedByContainer(let id): "clipped by container \(id)"
        case .obstructed: "obstructed"
        case .belowThreshold(let ratio, let required):
            "below threshold (\(Self.rounded(ratio, below: required)) < \(required.shortText))"
        case .notLoaded: "not loaded"
        case .hidden: "hidden"
        case .hiddenByContainer(let id): "hidden with container \(id)"
        case .transparent(let opacity, let required):
            "transparent (opacity \(Self.rounded(opacity, below: required)) < \(required.shortText))"
        }
    }

    /// `value` to three decimals, rounded down when rounding would reach `limit`, which
    /// it is below: `0.499 < 0.5` for 0.4999, never `0.5 < 0.5`.
    private static func rounded(_ value: Double, below limit: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        let nearest = (value * 1000).rounded() / 1000
        return (nearest >= limit && value < limit ? (value * 1000).rounded(.down) / 1000 : nearest).shortText
    }
}

/// The lifecycle causes that make a tracker inactive.
public struct InactiveCauses: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The raw bits.
    public var rawValue: Int
    /// Creates a set from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The screen disappeared (``ImpressionEngine/disappear()``).
    public static let disappeared = InactiveCauses(rawValue: 1 << 0)
    /// The app is in the background.
    public static let inBackground = InactiveCauses(rawValue: 1 << 1)
    /// A modal covers the screen.
    public static let covered = InactiveCauses(rawValue: 1 << 2)
    /// A refresh is in progress.
    public static let refreshing = InactiveCauses(rawValue: 1 << 3)

    /// The causes joined by `+`, e.g. `in background + covered`.
    public var description: String {
        let names: [(InactiveCauses, String)] = [
            (.disappeared, "disappeared"), (.inBackground, "in background"),
            (.covered, "covered"), (.refreshing, "refreshing"),
        ]
        return names.filter { contains($0.0) }.map(\.1).joined(separator: " + ")
    }
}

/// The state of every section of an engine at one moment, for debugging.
///
/// `print(engine.snapshot())` shows it as a compact table.
///
/// Its counts are those of the last sample evaluated (``sample``); a row's
/// ``SectionSnapshot/visibleRatio`` is what the inputs show now, which is what that sample
/// saw when no input came after it (as in every snapshot of
/// ``ImpressionTracker/overlaySnapshots(policy:bufferingPolicy:)``).
public struct EngineSnapshot<ID: Hashable & Sendable>: Sendable, Hashable, CustomStringConvertible {
    /// The engine's time.
    public var time: Duration
    /// The current visit.
    public var visit: Int
    /// Why the tracker is inactive; empty when it is active.
    public var inactiveCauses: InactiveCauses
    /// Every section of the layout, in layout order, then those remembered after
    /// leaving it.
    public var sections: [SectionSnapshot<ID>]
    /// The last sample evaluated, whose counts the rows hold (sample `k` is at `k` times
    /// the sample interval); `nil` before sample 0.
    public var sample: Int?

    /// Creates a snapshot; engines make these.
    public init(time: Duration, visit: Int, inactiveCauses: InactiveCauses, sections: [SectionSnapshot<ID>],
                sample: Int? = nil) {
        self.time = time
        self.visit = visit
        self.inactiveCauses = inactiveCauses
        self.sections = sections
        self.sample = sample
    }

    /// A table: one row per section with its ratio, count, fired flag and reason.
    public var description: String {
        let state = inactiveCauses.isEmpty ? "active" : "inactive: \(inactiveCauses)"
        var rows = [["section", "ratio", "samples", "fired", "status"]]
        for section in sections {
            rows.append([
                "\(section.sectionID)",
                String(Double(Int((section.visibleRatio * 1000).rounded())) / 1000),
                String(section.consecutiveSamples),
                section.hasFiredThisVisit ? "yes" : "no",
                section.notVisibleReason.map(String.init(describing:)) ?? "visible",
            ])
        }
        let widths = (0..<5).map { column in rows.map { $0[column].count }.max() ?? 0 }
        var lines = ["time \(time.formatted), visit \(visit), \(state)"]
        for row in rows {
            let cells = row.enumerated().map { column, text in
                column == 4 ? text : text + String(repeating: " ", count: widths[column] - text.count)
            }
            lines.append(cells.joined(separator: "  "))
        }
        return lines.joined(separator: "\n")
    }
}
