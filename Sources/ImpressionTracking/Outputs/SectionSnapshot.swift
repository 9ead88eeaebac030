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
    /// of the section's policy); 0 for a section no longer in the layout. While it counts,
    /// ``counting`` says how many it has of these: "counting 7 of 11".
    public var requiredSamples: Int
    /// How it shows now, as the next sample will see it: off screen, gated, obstructed,
    /// below its policy's ratio or at it. One of the row's two facts; ``counting`` is
    /// the other.
    public var visibility: Visibility
    /// Where its counting toward an impression stands as of the last sample evaluated:
    /// idle, counting `k` of `N`, counted, or cooling down. One of the row's two facts;
    /// ``visibility`` is the other.
    public var counting: Counting
    /// What of it is in view and why the rest is not, as the next sample will see it: the
    /// same values as the geometry stream's (``ImpressionTracker/geometryChanges(bufferingPolicy:)``),
    /// worked out the same way, whatever the row's policy; its
    /// ``VisibleGeometry/percentageInView`` and ``VisibleGeometry/reasons`` are what an
    /// overlay shows beside ``notVisibleReason``. That one says why the policy does not
    /// count the section; these say why the screen does not show all of it, in the OM
    /// SDK's words (``NotInViewReasons/names``). Its time is the snapshot's. A section no
    /// longer in the layout has ``NotInViewReasons/notFound``; `nil` in a row made
    /// without it.
    public var geometry: VisibleGeometry<ID>?

    /// Whether the next sample will count it as visible.
    public var isVisible: Bool { notVisibleReason == nil }

    /// Creates a snapshot row; engines make these.
    ///
    /// `visibility` defaults to what `notVisibleReason` says (at threshold for an inactive
    /// tracker's row, whose reason hides the screen's); `counting` to counted when
    /// it fired this visit, else to `statistics.countedSamples` of `requiredSamples` when
    /// it has counted some, else idle; `geometry` to none.
    public init(sectionID: ID, visibleRatio: Double, consecutiveSamples: Int,
                hasFiredThisVisit: Bool, notVisibleReason: NotVisibleReason?,
                statistics: SectionStatistics = SectionStatistics(), policy: Int = 0,
                requiredSamples: Int = 0, visibility: Visibility? = nil, counting: Counting? = nil,
                geometry: VisibleGeometry<ID>? = nil) {
        self.sectionID = sectionID
        self.visibleRatio = visibleRatio
        self.consecutiveSamples = consecutiveSamples
        self.hasFiredThisVisit = hasFiredThisVisit
        self.notVisibleReason = notVisibleReason
        self.statistics = statistics
        self.policy = policy
        self.requiredSamples = requiredSamples
        self.visibility = visibility ?? Visibility(notVisibleReason)
        self.counting = counting ?? (hasFiredThisVisit ? .counted
            : statistics.countedSamples > 0 ? .counting(samples: statistics.countedSamples, of: requiredSamples) : .idle)
        self.geometry = geometry
    }

    /// How a section shows now, whatever its counting: what an overlay colours it by.
    ///
    /// It describes the screen alone: while the tracker is inactive (the row's
    /// ``SectionSnapshot/notVisibleReason`` is then ``NotVisibleReason/inactive(_:)`` and
    /// ``EngineSnapshot/inactiveCauses`` says why) it is still how the section shows, and
    /// nothing counts.
    public enum Visibility: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// Nothing of it is on screen: off screen, clipped away by a container, no
        /// viewport, no size, or no longer in the layout.
        case offscreen
        /// On screen, but a gate keeps it from counting however much shows: not loaded,
        /// hidden, inside a hidden container, or less opaque than its policy's minimum.
        case gated
        /// On screen, and everything of it that shows is under obstructions.
        case obstructed
        /// It shows, less than its policy's ratio (the exit ratio once counting).
        case belowThreshold = "below-threshold"
        /// It shows at or above its policy's ratio: the next sample counts it, when the
        /// tracker is active.
        case atThreshold = "at-threshold"

        /// How a section shows when the screen alone keeps the next sample from counting
        /// it for `reason` (`nil`: the screen does not). An inactive tracker's reason
        /// hides the screen's: it reads as at threshold.
        init(_ reason: NotVisibleReason?) {
            switch reason {
            case .inactive, nil: self = .atThreshold
            case .offscreen, .noViewport, .noSize, .missingFromLayout, .clippedByContainer: self = .offscreen
            case .notLoaded, .hidden, .hiddenByContainer, .transparent: self = .gated
            case .obstructed: self = .obstructed
            case .belowThreshold: self = .belowThreshold
            }
        }

        /// In a word or two: `offscreen`, `gated`, `obstructed`, `below threshold`, `at threshold`,
        /// the words ``NotVisibleReason`` starts with.
        public var description: String {
            switch self {
            case .offscreen: "offscreen"
            case .gated: "gated"
            case .obstructed: "obstructed"
            case .belowThreshold: "below threshold"
            case .atThreshold: "at threshold"
            }
        }
    }

    /// Where a section's counting toward an impression stands, whatever it shows now.
    public enum Counting: Sendable, Hashable, CustomStringConvertible {
        /// It counts nothing toward an impression: no run open (or, under cumulative
        /// timing, no visible sample in the sum), and nothing keeps it from counting.
        case idle
        /// It has `samples` of the `required` samples its policy needs, and may fire when
        /// it has them all; `samples` is below `required`.
        case counting(samples: Int, of: Int)
        /// It fired, and its policy counts it no more for now: not in this run (any
        /// policy), not in this visit (``ImpressionPolicy/Recurrence/oncePerVisit``), not
        /// before ``ImpressionEngine/reset()`` (``ImpressionPolicy/Recurrence/oncePerTracker``).
        case counted
        /// A cooldown since its last impression holds it back until `until`, the first
        /// sample at which it may fire again (``SectionStatistics/cooldownEnd``).
        case coolingDown(until: Duration)
        /// Its policy waits for the user's first interaction
        /// (``ImpressionPolicy/requiresInteraction``), which has not come: nothing counts.
        case waitingForInteraction

        /// A name for each case, for style classes and JSON: `idle`, `counting`,
        /// `counted`, `cooling-down`, `waiting-for-interaction`.
        public var name: String {
            switch self {
            case .idle: "idle"
            case .counting: "counting"
            case .counted: "counted"
            case .coolingDown: "cooling-down"
            case .waitingForInteraction: "waiting-for-interaction"
            }
        }

        /// In words: `idle`, `counting 7 of 11`, `counted`, `cooling down until 3.2 s`,
        /// `waiting for interaction`.
        public var description: String {
            switch self {
            case .idle: "idle"
            case .counting(let samples, let required): "counting \(samples) of \(required)"
            case .counted: "counted"
            case .coolingDown(let end): "cooling down until \(end.formatted)"
            case .waitingForInteraction: "waiting for interaction"
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

    /// A table: one row per section with its ratio, how it shows, where its counting
    /// stands, and why the next sample does not count it (blank when it does).
    public var description: String {
        let state = inactiveCauses.isEmpty ? "active" : "inactive: \(inactiveCauses)"
        var rows = [["section", "ratio", "shows", "counting", "why not counted"]]
        for section in sections {
            rows.append([
                "\(section.sectionID)",
                String(Double(Int((section.visibleRatio * 1000).rounded())) / 1000),
                section.visibility.description,
                section.counting.description,
                section.notVisibleReason.map(String.init(describing:)) ?? "",
            ])
        }
        let widths = (0..<5).map { column in rows.map { $0[column].count }.max() ?? 0 }
        var lines = ["time \(time.formatted), visit \(visit), \(state)"]
        for row in rows {
            let cells = row.enumerated().map { column, text in
                column == 4 ? text : text + String(repeating: " ", count: widths[column] - text.count)
            }
            lines.append(cells.joined(separator: "  ").trimmingSuffixSpaces)
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    /// The string without the spaces that pad its end.
    fileprivate var trimmingSuffixSpaces: String {
        var text = Substring(self)
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
