/// One trace line as `JSONDecoder` reads it: every field checked (present, of the
/// right type, finite, within the limits), or a ``TraceLineProblem`` naming it.
package enum DecodedLine: Decodable {
    /// The header (the first line).
    case header(TraceHeader)
    /// An input, and whether it applies after the sample at its time (`afterSample`).
    case input(Duration, EngineInput<String>, afterSample: Bool = false)
    /// The end of the session.
    case end(Duration)
    /// A recorder lost `lines` lines here (its reader fell behind).
    case gap(Duration, lines: String)

    static let limitsKey = CodingUserInfoKey(rawValue: "impressions.traceLimits")!

    package init(from decoder: any Decoder) throws {
        let limits = decoder.userInfo[Self.limitsKey] as? TraceLimits ?? TraceLimits()
        let fields = try decoder.container(keyedBy: Key.self)
        if fields.contains(.format) {
            self = .header(try Self.header(fields))
            return
        }
        let time = try Self.time(fields, .t, limits: limits)
        let type = try fields.decode(String.self, forKey: .type)
        switch type {
        case "layout":
            self = .input(time, try Self.layout(fields, limits: limits))
        case "viewport":
            self = .input(time, .viewport(try Self.rect(fields, .rect)))
        case "contentOffset":
            let container = try fields.decode(String.self, forKey: .container)
            self = .input(time, .contentOffset(try Self.point(fields, .offset), containerID: container))
        case "insets":
            self = .input(time, .viewportInsets(try Self.insets(fields)))
        case "obstructions":
            var list = try fields.nestedUnkeyedContainer(forKey: .rects)
            var rects: [Rect] = []
            while !list.isAtEnd { rects.append(try Self.rect(&list)) }
            // Optional: a line without the field has no friendly obstructions.
            var friendly: [FriendlyObstruction] = []
            if fields.contains(.friendly) {
                var entries = try fields.nestedUnkeyedContainer(forKey: .friendly)
                while !entries.isAtEnd { friendly.append(try Self.friendlyObstruction(&entries)) }
            }
            self = .input(time, .obstructions(rects, friendly: friendly))
        case "section":
            self = .input(time, .sectionState(
                try Self.sectionID(fields), isLoaded: try fields.decodeIfPresent(Bool.self, forKey: .loaded),
                opacity: fields.contains(.opacity) ? try Self.number(fields, .opacity) : nil,
                isHidden: try fields.decodeIfPresent(Bool.self, forKey: .hidden)))
        case "end":
            self = .end(time)
        case "gap":
            // A recorder whose reader fell behind lost lines here: what follows no longer
            // replays the session as the app saw it.
            let count = try fields.decodeIfPresent(Double.self, forKey: .lines).map(TraceEncoder.number) ?? "some"
            self = .gap(time, lines: count)
        default:
            guard let call = LifecycleCall(name: type) else {
                throw TraceLineProblem("unknown event type '\(type)' (types: layout, viewport, contentOffset, insets, "
                    + "obstructions, section, \(LifecycleCall.allCases.map(\.name).joined(separator: ", ")), end)")
            }
            self = .input(time, .lifecycle(call))
        }
        if case .input(let time, let input, _) = self, try fields.decodeIfPresent(Bool.self, forKey: .afterSample) == true {
            self = .input(time, input, afterSample: true)
        }
    }

    // MARK: - Header

    private static func header(_ fields: KeyedDecodingContainer<Key>) throws -> TraceHeader {
        let format = try fields.decode(String.self, forKey: .format)
        guard format == TraceHeader.formatName else {
            throw TraceLineProblem("unknown format '\(format)', expected '\(TraceHeader.formatName)'")
        }
        let version = try fields.decode(Double.self, forKey: .version)
        guard version == Double(TraceHeader.currentVersion) else {
            throw TraceLineProblem("unsupported trace version \(TraceEncoder.number(version)) (this tool reads version \(TraceHeader.currentVersion))")
        }
        let interval = try number(fields, .sampleIntervalMs)
        guard interval > 0, interval <= 3_600_000 else {
            throw TraceLineProblem("sampleIntervalMs must be more than 0 and at most 3600000, got \(TraceEncoder.number(interval))")
        }
        let session = try fields.decodeIfPresent(String.self, forKey: .session)
        let source = try fields.decodeIfPresent(String.self, forKey: .source)
        return TraceHeader(sampleInterval: duration(milliseconds: interval), session: session, source: source)
    }

    // MARK: - Layout

    private static func layout(_ fields: KeyedDecodingContainer<Key>, limits: TraceLimits) throws -> EngineInput<String> {
        var list = try fields.nestedUnkeyedContainer(forKey: .sections)
        if let count = list.count, count > limits.maximumSectionsPerLayout {
            throw TraceLineProblem("the layout has \(count) sections, more than the limit of \(limits.maximumSectionsPerLayout)")
        }
        var sections: [TrackedSection<String>] = []
        while !list.isAtEnd {
            let section = try list.nestedContainer(keyedBy: Key.self)
            sections.append(try Self.section(section, limits: limits))
        }
        var containers: [ScrollContainer] = []
        if fields.contains(.containers) {
            var list = try fields.nestedUnkeyedContainer(forKey: .containers)
            if let count = list.count, count > limits.maximumContainersPerLayout {
                throw TraceLineProblem("the layout has \(count) containers, more than the limit of \(limits.maximumContainersPerLayout)")
            }
            while !list.isAtEnd {
                let container = try list.nestedContainer(keyedBy: Key.self)
                var scrollContainer = ScrollContainer(
                    id: try container.decode(String.self, forKey: .id),
                    frame: try rect(container, .frame),
                    parentID: try container.decodeIfPresent(String.self, forKey: .parent),
                    contentOffset: container.contains(.offset) ? try point(container, .offset) : .zero,
                    clipInsets: container.contains(.clipInsets)
                        ? try insets(container.nestedContainer(keyedBy: Key.self, forKey: .clipInsets)) : .zero)
                if container.contains(.opacity) { scrollContainer.opacity = try number(container, .opacity) }
                if container.contains(.hidden) { scrollContainer.isHidden = try container.decode(Bool.self, forKey: .hidden) }
                containers.append(scrollContainer)
            }
            try checkDepth(containers, limit: limits.maximumContainerDepth)
        }
        return .layout(sections: sections, containers: containers)
    }

    /// A section's id: text; whole numbers are accepted and written in decimal.
    private static func sectionID(_ fields: KeyedDecodingContainer<Key>) throws -> String {
        if let text = try? fields.decode(String.self, forKey: .id) { return text }
        if let number = try? fields.decode(Int64.self, forKey: .id) { return String(number) }
        throw TraceLineProblem("field '\(TraceDecoder.path(fields.codingPath + [Key.id]))' must be a string or a whole number")
    }

    private static func section(_ fields: KeyedDecodingContainer<Key>, limits: TraceLimits) throws -> TrackedSection<String> {
        let id = try sectionID(fields)
        var cells: [Rect] = []
        if fields.contains(.cells) {
            var list = try fields.nestedUnkeyedContainer(forKey: .cells)
            while !list.isAtEnd { cells.append(try rect(&list)) }
        }
        var nestedCells: [NestedCell] = []
        if fields.contains(.nested) {
            var groups = try fields.nestedUnkeyedContainer(forKey: .nested)
            while !groups.isAtEnd {
                let group = try groups.nestedContainer(keyedBy: Key.self)
                let container = try group.decode(String.self, forKey: .container)
                var list = try group.nestedUnkeyedContainer(forKey: .cells)
                while !list.isAtEnd { nestedCells.append(NestedCell(containerID: container, frame: try rect(&list))) }
            }
        }
        var section = TrackedSection(
            id: id, cells: cells,
            fullHeight: fields.contains(.fullHeight) ? try number(fields, .fullHeight) : nil,
            fullArea: fields.contains(.fullArea) ? try number(fields, .fullArea) : nil,
            policy: fields.contains(.policy) ? try policy(fields.nestedContainer(keyedBy: Key.self, forKey: .policy)) : nil)
        section.nestedCells = nestedCells
        if fields.contains(.fullWidth) { section.fullWidth = try number(fields, .fullWidth) }
        // The gates, present only when not at their defaults.
        if fields.contains(.loaded) { section.isLoaded = try fields.decode(Bool.self, forKey: .loaded) }
        if fields.contains(.opacity) { section.opacity = try number(fields, .opacity) }
        if fields.contains(.hidden) { section.isHidden = try fields.decode(Bool.self, forKey: .hidden) }
        return section
    }

    /// Refuses chains of containers deeper than `limit` (a cycle is one), so the
    /// engine's walk up a chain stays short.
    private static func checkDepth(_ containers: [ScrollContainer], limit: Int) throws {
        if let deep = firstTooDeep(containers, limit: limit) {
            throw TraceLineProblem("container \"\(deep.id)\" is nested more than \(limit) deep (or in a cycle)")
        }
    }

    /// Whether no chain of containers is deeper than `limit`: what `checkDepth(_:limit:)`
    /// lets through.
    static func isWithinDepth(_ containers: [ScrollContainer], limit: Int) -> Bool {
        firstTooDeep(containers, limit: limit) == nil
    }

    /// The first container in a chain deeper than `limit` (or in a cycle).
    private static func firstTooDeep(_ containers: [ScrollContainer], limit: Int) -> ScrollContainer? {
        // Most layouts nest nothing: no chain to walk, no table to build.
        guard containers.contains(where: { $0.parentID != nil }) else { return nil }
        var parents: [String: String] = [:]
        for container in containers { parents[container.id] = container.parentID }
        for container in containers {
            var node = container.parentID
            var depth = 0
            while let current = node {
                depth += 1
                guard depth <= limit else { return container }
                node = parents[current] ?? nil
            }
        }
        return nil
    }

    private static func policy(_ fields: KeyedDecodingContainer<Key>) throws -> ImpressionPolicy {
        var policy = ImpressionPolicy()
        policy.minimumVisibleRatio = try number(fields, .ratio)
        policy.minimumDuration = try policyDuration(fields, .durationMs)
        let measure = try fields.decodeIfPresent(String.self, forKey: .measure) ?? "height"
        guard let known = ImpressionPolicy.Measure(name: measure) else {
            throw TraceLineProblem("measure must be height, area or width, got '\(measure)'")
        }
        policy.measure = known
        switch try fields.decodeIfPresent(String.self, forKey: .recurrence) ?? "every-entry" {
        case "every-entry": policy.recurrence = .onEveryEntry
        case "once-per-visit": policy.recurrence = .oncePerVisit
        case "once-per-tracker": policy.recurrence = .oncePerTracker
        case let other: throw TraceLineProblem("recurrence must be every-entry, once-per-visit or once-per-tracker, got '\(other)'")
        }
        if fields.contains(.exitRatio) { policy.exitVisibleRatio = try number(fields, .exitRatio) }
        if fields.contains(.largeSection) {
            if let rule = try? fields.decode(String.self, forKey: .largeSection) {
                switch rule {
                case "viewport": policy.largeSectionRule = .capToViewport
                case "viewportCoverage": policy.largeSectionRule = .viewportCoverage
                default:
                    throw TraceLineProblem("largeSection must be \"viewport\", \"viewportCoverage\", {\"minimumArea\":..,\"ratio\":..} or {\"focus\":..}, got '\(rule)'")
                }
            } else {
                let rule = try fields.nestedContainer(keyedBy: Key.self, forKey: .largeSection)
                policy.largeSectionRule = rule.contains(.focus)
                    ? .focus(fraction: try number(rule, .focus))
                    : .lowerRatio(minimumArea: try number(rule, .minimumArea), ratio: try number(rule, .ratio))
            }
        }
        let timingKey = try fields.decodeIfPresent(String.self, forKey: .timing) ?? "continuous"
        guard let timing = ImpressionPolicy.Timing(key: timingKey) else {
            throw TraceLineProblem("timing must be \(ImpressionPolicy.Timing.keyList), got '\(timingKey)'")
        }
        policy.timing = timing
        if fields.contains(.cooldownMs) { policy.cooldown = try policyDuration(fields, .cooldownMs) }
        if fields.contains(.minOpacity) { policy.minimumOpacity = try number(fields, .minOpacity) }
        if let key = try fields.decodeIfPresent(String.self, forKey: .rounding) {
            guard let rounding = ImpressionPolicy.Rounding(key: key) else {
                throw TraceLineProblem("rounding must be \(ImpressionPolicy.Rounding.keyList), got '\(key)'")
            }
            policy.rounding = rounding
        }
        policy.requiresInteraction = try fields.decodeIfPresent(Bool.self, forKey: .requiresInteraction) ?? false
        // Checked here so the message names the field; the engine would refuse it too.
        do throws(ConfigurationError) {
            try policy.validate()
        } catch {
            throw TraceLineProblem("field '\(TraceDecoder.path(fields.codingPath))': invalid policy: \(error)")
        }
        return policy
    }

    /// A policy's duration in milliseconds, `0...86400000` (a day).
    private static func policyDuration(_ fields: KeyedDecodingContainer<Key>, _ key: Key) throws -> Duration {
        let milliseconds = try number(fields, key)
        guard milliseconds >= 0, milliseconds <= 86_400_000 else {
            throw TraceLineProblem("field '\(TraceDecoder.path(fields.codingPath + [key]))' must be in 0...86400000, got \(TraceEncoder.number(milliseconds))")
        }
        return duration(milliseconds: milliseconds)
    }

    enum Key: String, CodingKey {
        case format, version, sampleIntervalMs, session, source, lines
        case t, afterSample, type, sections, containers, rect, rects, container, offset
        case top, left, bottom, right, relative, clipInsets
        case id, cells, nested, fullHeight, fullWidth, fullArea, policy, frame, parent
        case ratio, durationMs, measure, recurrence, exitRatio, largeSection, minimumArea, focus, timing, cooldownMs
        case loaded, opacity, hidden, minOpacity, rounding, requiresInteraction
        case friendly, purpose, reason
    }
}
