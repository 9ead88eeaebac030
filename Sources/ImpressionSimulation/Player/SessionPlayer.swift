import ImpressionTracking

/// What a replay showed at every sample, for the session player: one self-contained
/// HTML page (``html(title:)``) that plays the session back, under every policy.
///
/// ``TraceReplayer`` feeds it: each layout and content offset the engine accepts, and
/// the engine after each sample, whose `ImpressionEngine.overlaySnapshot(policy:)`
/// under each policy gives the rows (the sections on or near the screen, their status,
/// ratio and "n of N"). A frame keeps only what changed since the one before, so a long
/// session costs what changes in it, not samples × sections.
///
/// It records at most ``maximumSamples`` samples and ``maximumBytes`` of frames; past
/// either it stops, and ``limitReached`` says which, so that the caller refuses the
/// page rather than play half a session.
package struct SessionPlayer: Sendable {
    /// The most samples a page plays: an hour at 100 ms.
    package static let maximumSamples = 36_000
    /// The most bytes of session data in a page (the page adds about 42 KB of its own).
    package static let maximumBytes = 48 << 20

    /// The policies, in the order of the engine's.
    package let policies: [NamedPolicy]
    /// The time between two samples: one frame each.
    package let sampleInterval: Duration
    /// Samples recorded so far.
    package private(set) var sampleCount = 0
    /// Why recording stopped before the end of the replay (the limit, named), or `nil`.
    package private(set) var limitReached: String?

    /// One row as a frame writes it: status, ratio (thousandths), samples, required, reason.
    private struct Row: Equatable {
        var status: SectionSnapshot<String>.Status
        var ratio: Int
        var samples: Int
        var required: Int
        var reason: String
    }

    private var layouts: [String] = []
    private var frames: [String] = []
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
        var text = "{\"sections\":["
        for (index, section) in sections.enumerated() {
            if index > 0 { text += "," }
            text += "{\"id\":\(JSONText.quoted(section.id)),\"cells\":[\(section.cells.map(TraceEncoder.rect).joined(separator: ","))]"
            if !section.nestedCells.isEmpty {
                // Consecutive cells of one container as one group, as traces write them.
                var groups: [(container: Int, cells: [Rect])] = []
                for cell in section.nestedCells {
                    let container = containerIndexByID[cell.containerID] ?? -1
                    if groups.last?.container == container { groups[groups.count - 1].cells.append(cell.frame) } else {
                        groups.append((container, [cell.frame]))
                    }
                }
                text += ",\"nested\":[" + groups.map {
                    "{\"container\":\($0.container),\"cells\":[\($0.cells.map(TraceEncoder.rect).joined(separator: ","))]}"
                }.joined(separator: ",") + "]"
            }
            text += "}"
        }
        text += "],\"containers\":[" + containers.map { container in
            "{\"id\":\(JSONText.quoted(container.id)),\"frame\":\(TraceEncoder.rect(container.frame))"
                + ",\"parent\":\(container.parentID.flatMap { containerIndexByID[$0] } ?? -1)}"
        }.joined(separator: ",") + "]}"
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
        var text = "{\"t\":\(TraceEncoder.milliseconds(sampleInterval * sample))"
        if layoutChanged {
            text += ",\"layout\":\(layouts.count - 1)"
            // A new layout starts from nothing shown: every row and offset is written afresh.
            shownRows = Array(repeating: [:], count: policies.count)
        }
        let viewport = engine.viewport
        if shownViewport != .some(viewport) {
            text += ",\"viewport\":" + (viewport.map(TraceEncoder.rect) ?? "null")
            shownViewport = .some(viewport)
        }
        let effective = viewport.map { $0.inset(by: engine.viewportInsets) }
        if shownEffective != .some(effective) {
            text += ",\"effective\":" + (effective.map(TraceEncoder.rect) ?? "null")
            shownEffective = .some(effective)
        }
        if shownObstructions != engine.obstructions {
            text += ",\"obstructions\":[\(engine.obstructions.map(TraceEncoder.rect).joined(separator: ","))]"
            shownObstructions = engine.obstructions
        }
        if !changedOffsets.isEmpty {
            text += ",\"offsets\":[" + changedOffsets.sorted { $0.key < $1.key }.map {
                "[\($0.key),\(TraceEncoder.number($0.value.x)),\(TraceEncoder.number($0.value.y))]"
            }.joined(separator: ",") + "]"
            changedOffsets = [:]
        }
        let inactive = engine.inactiveCauses.isEmpty ? "" : engine.inactiveCauses.description
        if shownInactive != inactive {
            text += ",\"inactive\":\(JSONText.quoted(inactive))"
            shownInactive = inactive
        }
        var changes: [String] = []
        for policy in policies.indices {
            var rows: [Int: Row] = [:]
            for row in engine.overlaySnapshot(policy: policy).sections where row.status != .offscreen {
                guard let index = sectionIndexByID[row.sectionID] else { continue }
                rows[index] = Row(status: row.status, ratio: Int((min(1, max(0, row.visibleRatio)) * 1000).rounded()),
                                  samples: row.statistics.countedSamples, required: row.requiredSamples,
                                  reason: row.notVisibleReason.map(String.init(describing:)) ?? "")
            }
            for (index, row) in rows.sorted(by: { $0.key < $1.key }) where shownRows[policy][index] != row {
                changes.append("[\(policy),\(index),\"\(row.status.rawValue)\",\(Self.thousandths(row.ratio)),\(row.samples),"
                    + "\(row.required),\(JSONText.quoted(row.reason))]")
            }
            for index in shownRows[policy].keys.sorted() where rows[index] == nil {
                changes.append("[\(policy),\(index),\"offscreen\",0,0,\(shownRows[policy][index]?.required ?? 0),\"\"]")
            }
            shownRows[policy] = rows
        }
        if !changes.isEmpty { text += ",\"rows\":[" + changes.joined(separator: ",") + "]" }
        let marks = fired.compactMap { impression in
            sectionIndexByID[impression.sectionID].map { "[\(impression.policy),\($0)]" }
        }
        if !marks.isEmpty { text += ",\"fired\":[" + marks.joined(separator: ",") + "]" }
        text += "}"
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

    private static func thousandths(_ value: Int) -> String {
        TraceEncoder.number(Double(value) / 1000)
    }

    /// The page: the session data and the player, self-contained.
    package func html(title: String) -> String {
        var data = "{\"format\":\"impressions-player\",\"version\":1,\"title\":\(JSONText.quoted(title))"
        data += ",\"sampleIntervalMs\":\(TraceEncoder.milliseconds(sampleInterval)),\"sampleCount\":\(frames.count)"
        data += ",\"policies\":[" + policies.map {
            "{\"name\":\(JSONText.quoted($0.name)),\"rule\":\(JSONText.quoted(NumberFormatting.rule($0.policy)))}"
        }.joined(separator: ",") + "]"
        data += ",\"layouts\":[" + layouts.joined(separator: ",") + "]"
        data += ",\"frames\":[\n" + frames.joined(separator: ",\n") + "\n]}"
        return SessionPlayerPage.html(title: title, sessionJSON: data)
    }
}
