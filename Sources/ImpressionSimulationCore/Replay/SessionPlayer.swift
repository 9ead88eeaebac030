import ImpressionSimulationFormats
import ImpressionTracking

/// What a replay showed at every sample, for the session player: one self-contained
/// HTML page (``html(title:)``) that plays the session back, under every policy.
///
/// ``TraceReplayer`` feeds it: each layout and content offset the engine accepts, and
/// the engine after each sample, whose `ImpressionEngine.overlaySnapshot(policy:)`
/// under each policy gives the rows (the sections on or near the screen, how each shows,
/// its ratio, where its counting stands: "counting 7 of 11", and its geometry: the
/// percentage in view and why the rest is not, in the geometry stream's words). A frame
/// keeps only what changed since the one before, so a long session costs what changes
/// in it, not samples × sections.
///
/// It records at most ``maximumSamples`` samples and ``maximumBytes`` of frames; past
/// either it stops, and ``limitReached`` says which, so that the caller refuses the
/// page rather than play half a session.
package struct SessionPlayer: Sendable {
    /// The most samples a page plays: an hour at 100 ms.
    package static let maximumSamples = 36_000
    /// The most bytes of session data in a page, besides the page's own style and script.
    package static let maximumBytes = 48 << 20

    /// The policies, in the order of the engine's.
    package let policies: [NamedPolicy]
    /// The time between two samples: one frame each.
    package let sampleInterval: Duration
    /// Samples recorded so far.
    package private(set) var sampleCount = 0
    /// Why recording stopped before the end of the replay (the limit, named), or `nil`.
    package private(set) var limitReached: String?

    /// One row as a frame writes it: how it shows, ratio (thousandths), samples, required,
    /// reason, where its counting stands (its name, and in words), then its geometry: the
    /// percentage in view, why the rest is not (``NotInViewReasons/names``) and the area
    /// fraction (thousandths).
    private struct Row: Equatable {
        var visibility: SectionSnapshot<String>.Visibility
        var ratio: Int
        var samples: Int
        var required: Int
        var reason: String
        var counting: SectionSnapshot<String>.Counting
        var percentageInView = 0
        var notInView: [String] = []
        var areaFraction = 0

        /// The row of a section that left the screen, which needed `required` samples.
        static func offscreen(required: Int) -> Row {
            Row(visibility: .offscreen, ratio: 0, samples: 0, required: required, reason: "", counting: .idle)
        }
    }

    /// Each layout accepted, as JSON text, in order: the page's `layouts`.
    package private(set) var layouts: [String] = []
    /// Each sample's frame, as JSON text, in order: the page's `frames`.
    package private(set) var frames: [String] = []
    private var bytes = 0
    /// The layout in force: each section's index by id, each container's by id.
    private var sectionIndexByID: [String: Int] = [:]
    private var containerIndexByID: [String: Int] = [:]
    private var layoutChanged = false
    private var changedOffsets: [Int: Point] = [:]
    /// What the last frame showed, to write only what changed.
    private var shownViewport: Rect??
    private var shownEffective: Rect??
    private var shownObstructions: [Rect]?
    private var shownInactive: String?
    private var shownRows: [[Int: Row]]

    /// A player for a replay under `policies`.
    package init(policies: [NamedPolicy], sampleInterval: Duration) {
        self.policies = policies
        self.sampleInterval = sampleInterval
        shownRows = Array(repeating: [:], count: policies.count)
    }

    /// The engine accepted a layout: later frames draw it.
    mutating func layout(_ sections: [TrackedSection<String>], containers: [ScrollContainer]) {
        containerIndexByID = Dictionary(containers.enumerated().map { ($0.element.id, $0.offset) },
                                        uniquingKeysWith: { first, _ in first })
        sectionIndexByID = Dictionary(sections.enumerated().map { ($0.element.id, $0.offset) },
                                      uniquingKeysWith: { first, _ in first })
        var writer = JSONWriter(compact: true)
        writer.object { writer in
            writer.key("sections")
            writer.array(sections) { writer, section in
                writer.object { writer in
                    writer.key("id"); writer.string(section.id)
                    writer.key("cells"); Self.rects(section.cells, to: &writer)
                    // What an area fraction divides by when it is not the cells' own area.
                    if let fullArea = section.fullArea { writer.key("fullArea"); writer.raw(TraceEncoder.number(fullArea)) }
                    guard !section.nestedCells.isEmpty else { return }
                    // Consecutive cells of one container as one group, as traces write them.
                    var groups: [(container: Int, cells: [Rect])] = []
                    for cell in section.nestedCells {
                        let container = containerIndexByID[cell.containerID] ?? -1
                        if groups.last?.container == container { groups[groups.count - 1].cells.append(cell.frame) } else {
                            groups.append((container, [cell.frame]))
                        }
                    }
                    writer.key("nested")
                    writer.array(groups) { writer, group in
                        writer.object { writer in
                            writer.key("container"); writer.integer(group.container)
                            writer.key("cells"); Self.rects(group.cells, to: &writer)
                        }
                    }
                }
            }
            writer.key("containers")
            writer.array(containers) { writer, container in
                writer.object { writer in
                    writer.key("id"); writer.string(container.id)
                    writer.key("frame"); writer.raw(TraceEncoder.rect(container.frame))
                    writer.key("parent"); writer.integer(container.parentID.flatMap { containerIndexByID[$0] } ?? -1)
                }
            }
        }
        let text = writer.text
        layouts.append(text)
        bytes += text.utf8.count
        layoutChanged = true
        changedOffsets = [:]
        for (index, container) in containers.enumerated() where container.contentOffset != .zero {
            changedOffsets[index] = container.contentOffset
        }
    }

    /// The engine accepted a container's new content offset.
    mutating func contentOffset(_ offset: Point, ofContainer id: String) {
        if let index = containerIndexByID[id] { changedOffsets[index] = offset }
    }

    /// Records `engine` just after it evaluated `sample`, at which `fired` fired.
    mutating func record(_ engine: ImpressionEngine<String>, sample: Int, fired: [Impression<String>]) {
        guard limitReached == nil else { return }
        guard sample < Self.maximumSamples else {
            limitReached = "the player plays at most \(NumberFormatting.integer(Self.maximumSamples)) samples "
                + "(\(NumberFormatting.seconds(sampleInterval * Self.maximumSamples))); this trace is longer"
            return
        }
        var writer = JSONWriter(compact: true)
        writer.beginObject()
        writer.key("t"); writer.raw(TraceEncoder.milliseconds(sampleInterval * sample))
        if layoutChanged {
            writer.key("layout"); writer.integer(layouts.count - 1)
            // A new layout starts from nothing shown: every row and offset is written afresh.
            shownRows = Array(repeating: [:], count: policies.count)
        }
        let viewport = engine.viewport
        if shownViewport != .some(viewport) {
            writer.key("viewport"); writer.raw(viewport.map(TraceEncoder.rect) ?? "null")
            shownViewport = .some(viewport)
        }
        let effective = viewport.map { $0.inset(by: engine.viewportInsets) }
        if shownEffective != .some(effective) {
            writer.key("effective"); writer.raw(effective.map(TraceEncoder.rect) ?? "null")
            shownEffective = .some(effective)
        }
        if shownObstructions != engine.obstructions {
            writer.key("obstructions"); Self.rects(engine.obstructions, to: &writer)
            shownObstructions = engine.obstructions
        }
        if !changedOffsets.isEmpty {
            writer.key("offsets")
            writer.array(changedOffsets.sorted(by: { $0.key < $1.key })) { writer, change in
                writer.array([String(change.key), TraceEncoder.number(change.value.x), TraceEncoder.number(change.value.y)]) {
                    $0.raw($1)
                }
            }
            changedOffsets = [:]
        }
        let inactive = engine.inactiveCauses.isEmpty ? "" : engine.inactiveCauses.description
        if shownInactive != inactive {
            writer.key("inactive"); writer.string(inactive)
            shownInactive = inactive
        }
        // Per row changed: its policy, its section's index, and the row (offscreen when it left).
        var changes: [(policy: Int, index: Int, row: Row)] = []
        for policy in policies.indices {
            var rows: [Int: Row] = [:]
            for row in engine.overlaySnapshot(policy: policy).sections where row.visibility != .offscreen {
                guard let index = sectionIndexByID[row.sectionID] else { continue }
                rows[index] = Row(visibility: row.visibility, ratio: Self.thousandths(of: row.visibleRatio),
                                  samples: row.statistics.countedSamples, required: row.requiredSamples,
                                  reason: row.notVisibleReason.map(String.init(describing:)) ?? "",
                                  counting: row.counting, percentageInView: row.geometry?.percentageInView ?? 0,
                                  notInView: row.geometry?.reasons.names ?? [],
                                  areaFraction: Self.thousandths(of: row.geometry?.areaFraction ?? 0))
            }
            for (index, row) in rows.sorted(by: { $0.key < $1.key }) where shownRows[policy][index] != row {
                changes.append((policy, index, row))
            }
            for index in shownRows[policy].keys.sorted() where rows[index] == nil {
                changes.append((policy, index, .offscreen(required: shownRows[policy][index]?.required ?? 0)))
            }
            shownRows[policy] = rows
        }
        if !changes.isEmpty {
            writer.key("rows")
            writer.array(changes) { writer, change in
                let row = change.row
                writer.array([String(change.policy), String(change.index), JSONText.quoted(row.visibility.rawValue),
                              Self.thousandths(row.ratio), String(row.samples), String(row.required),
                              JSONText.quoted(row.reason), JSONText.quoted(row.counting.name),
                              JSONText.quoted(row.counting.description), String(row.percentageInView),
                              "[" + row.notInView.map(JSONText.quoted).joined(separator: ",") + "]",
                              Self.thousandths(row.areaFraction)]) { $0.raw($1) }
            }
        }
        let marks = fired.compactMap { impression in sectionIndexByID[impression.sectionID].map { (impression.policy, $0) } }
        if !marks.isEmpty {
            writer.key("fired")
            writer.array(marks) { writer, mark in writer.array([mark.0, mark.1]) { $0.integer($1) } }
        }
        writer.endObject()
        let text = writer.text
        layoutChanged = false
        bytes += text.utf8.count + 1
        guard bytes <= Self.maximumBytes else {
            limitReached = "the player's session data would pass its limit of \(Self.maximumBytes >> 20) MiB "
                + "at \(NumberFormatting.seconds(sampleInterval * sample)); replay a shorter part of the trace"
            return
        }
        frames.append(text)
        sampleCount = sample + 1
    }

    /// `rects` as a list of the trace format's `[x,y,width,height]`.
    private static func rects(_ rects: [Rect], to writer: inout JSONWriter) {
        writer.beginArray()
        for rect in rects { writer.element(); writer.raw(TraceEncoder.rect(rect)) }
        writer.endArray()
    }

    /// `fraction`, clamped to `0...1`, in whole thousandths.
    private static func thousandths(of fraction: Double) -> Int {
        Int((min(1, max(0, fraction)) * 1000).rounded())
    }

    private static func thousandths(_ value: Int) -> String {
        TraceEncoder.number(Double(value) / 1000)
    }
}
