/// Writes trace lines (`docs/trace-format.md`) by hand, keys in a fixed order, so the
/// same inputs always give the same bytes and every number reads back exactly: the one
/// trace writer, for ``TraceRecorder`` and the simulator's traces alike.
///
/// Times are milliseconds written exactly from whole nanoseconds (`16.666667`); other
/// numbers in Swift's shortest round-trip form, whole ones without a fraction.
package enum TraceEncoder {
    /// The header line.
    package static func line(_ header: TraceHeader) -> String {
        var text = "{\"format\":\(JSONText.quoted(TraceHeader.formatName)),\"version\":\(TraceHeader.currentVersion)"
        text += ",\"sampleIntervalMs\":\(milliseconds(header.sampleInterval))"
        if let session = header.session { text += ",\"session\":\(JSONText.quoted(session))" }
        if let source = header.source { text += ",\"source\":\(JSONText.quoted(source))" }
        return text + "}"
    }

    /// The last line: the session ended at `time`.
    package static func endLine(at time: Duration) -> String {
        "{\"t\":\(milliseconds(time)),\"type\":\"end\"}"
    }

    /// The line a recorder writes where it lost `count` lines, at the time of the first.
    package static func gapLine(at time: Duration, count: Int) -> String {
        "{\"t\":\(milliseconds(time)),\"type\":\"gap\",\"lines\":\(count)}"
    }

    /// The line of `input` applied at `time`, each section id written as `text(id)`;
    /// `afterSample` marks an input applied after the sample at `time` was evaluated
    /// (`"afterSample":true`, which only time zero needs: see `docs/trace-format.md`).
    package static func line<ID>(_ input: EngineInput<ID>, at time: Duration, afterSample: Bool = false,
                                 text idText: (ID) -> String) -> String {
        // Appended into one buffer with room for a screen input's line: a recorder writes
        // one at every scroll frame.
        var text = "{\"t\":"
        text.reserveCapacity(96)
        text += milliseconds(time)
        // Right after the time, where it belongs: it says when the input applies.
        if afterSample { text += ",\"afterSample\":true" }
        text += ",\"type\":"
        switch input {
        case .layout(let sections, let containers):
            text += "\"layout\",\"sections\":["
            for (index, section) in sections.enumerated() {
                if index > 0 { text += "," }
                append(section, idText: idText, to: &text)
            }
            text += "]"
            if !containers.isEmpty {
                text += ",\"containers\":["
                for (index, container) in containers.enumerated() {
                    if index > 0 { text += "," }
                    text += "{\"id\":\(JSONText.quoted(container.id)),\"frame\":\(rect(container.frame))"
                    if let parent = container.parentID { text += ",\"parent\":\(JSONText.quoted(parent))" }
                    if container.contentOffset != .zero { text += ",\"offset\":\(point(container.contentOffset))" }
                    if container.clipInsets != .zero { text += ",\"clipInsets\":{\(insets(container.clipInsets))}" }
                    if container.opacity != 1 { text += ",\"opacity\":\(number(container.opacity))" }
                    if container.isHidden { text += ",\"hidden\":true" }
                    text += "}"
                }
                text += "]"
            }
        case .viewport(let viewport):
            text += "\"viewport\",\"rect\":"
            append(viewport, to: &text)
        case .contentOffset(let offset, let containerID):
            text += "\"contentOffset\",\"container\":"
            text += JSONText.quoted(containerID)
            text += ",\"offset\":["
            text += number(offset.x)
            text += ","
            text += number(offset.y)
            text += "]"
        case .viewportInsets(let insets):
            text += "\"insets\"," + self.insets(insets)
        case .obstructions(let rects, let friendly):
            text += "\"obstructions\",\"rects\":["
            for (index, rect) in rects.enumerated() {
                if index > 0 { text += "," }
                append(rect, to: &text)
            }
            text += "]"
            // Written only when there are some: a line with no friendly obstructions is the plain obstructions line.
            if !friendly.isEmpty {
                text += ",\"friendly\":["
                for (index, obstruction) in friendly.enumerated() {
                    if index > 0 { text += "," }
                    text += "{\"rect\":"
                    append(obstruction.rect, to: &text)
                    text += ",\"purpose\":" + JSONText.quoted(obstruction.purpose.rawValue)
                    if let reason = obstruction.detailedReason { text += ",\"reason\":" + JSONText.quoted(reason) }
                    text += "}"
                }
                text += "]"
            }
        case .sectionState(let id, let isLoaded, let opacity, let isHidden):
            // Only what the input changes: an absent field keeps the section's state.
            text += "\"section\",\"id\":\(JSONText.quoted(idText(id)))"
            if let isLoaded { text += ",\"loaded\":\(isLoaded)" }
            if let opacity { text += ",\"opacity\":\(number(opacity))" }
            if let isHidden { text += ",\"hidden\":\(isHidden)" }
        case .lifecycle(let call):
            text += JSONText.quoted(call.name)
        }
        text += "}"
        return text
    }

    /// Appends `[x,y,width,height]`.
    private static func append(_ rect: Rect, to text: inout String) {
        text += "["
        text += number(rect.x)
        text += ","
        text += number(rect.y)
        text += ","
        text += number(rect.width)
        text += ","
        text += number(rect.height)
        text += "]"
    }

    private static func append<ID>(_ section: TrackedSection<ID>, idText: (ID) -> String, to text: inout String) {
        text += "{\"id\":\(JSONText.quoted(idText(section.id))),\"cells\":[\(section.cells.map(rect).joined(separator: ","))]"
        if !section.nestedCells.isEmpty {
            // Consecutive cells of one container are written as a group.
            text += ",\"nested\":["
            var position = 0
            let nested = section.nestedCells
            while position < nested.count {
                let containerID = nested[position].containerID
                var end = position
                while end < nested.count && nested[end].containerID == containerID { end += 1 }
                if position > 0 { text += "," }
                text += "{\"container\":\(JSONText.quoted(containerID)),\"cells\":["
                text += nested[position..<end].map { rect($0.frame) }.joined(separator: ",") + "]}"
                position = end
            }
            text += "]"
        }
        if let fullHeight = section.fullHeight { text += ",\"fullHeight\":\(number(fullHeight))" }
        if let fullArea = section.fullArea { text += ",\"fullArea\":\(number(fullArea))" }
        if let fullWidth = section.fullWidth { text += ",\"fullWidth\":\(number(fullWidth))" }
        // The gates only when not at their defaults: a reader takes an absent gate as its default.
        if !section.isLoaded { text += ",\"loaded\":false" }
        if section.opacity != 1 { text += ",\"opacity\":\(number(section.opacity))" }
        if section.isHidden { text += ",\"hidden\":true" }
        if let policy = section.policy { text += ",\"policy\":\(self.policy(policy))" }
        text += "}"
    }

    package static func policy(_ policy: ImpressionPolicy) -> String {
        var text = "{\"ratio\":\(number(policy.minimumVisibleRatio)),\"durationMs\":\(milliseconds(policy.minimumDuration))"
        text += ",\"measure\":\"\(policy.measure.name)\""
        text += ",\"recurrence\":\"\(policy.recurrence.key)\""
        if let exit = policy.exitVisibleRatio { text += ",\"exitRatio\":\(number(exit))" }
        switch policy.largeSectionRule {
        case nil: break
        case .capToViewport: text += ",\"largeSection\":\"viewport\""
        case .viewportCoverage: text += ",\"largeSection\":\"viewportCoverage\""
        case .lowerRatio(let minimumArea, let ratio):
            text += ",\"largeSection\":{\"minimumArea\":\(number(minimumArea)),\"ratio\":\(number(ratio))}"
        case .focus(let fraction): text += ",\"largeSection\":{\"focus\":\(number(fraction))}"
        }
        // The timing knobs only when on: a reader takes an absent knob as off.
        if policy.timing != .continuous { text += ",\"timing\":\"\(policy.timing.key)\"" }
        if policy.cooldown != .zero { text += ",\"cooldownMs\":\(milliseconds(policy.cooldown))" }
        if policy.minimumOpacity != 0 { text += ",\"minOpacity\":\(number(policy.minimumOpacity))" }
        if policy.rounding != .exact { text += ",\"rounding\":\"\(policy.rounding.key)\"" }
        if policy.requiresInteraction { text += ",\"requiresInteraction\":true" }
        return text + "}"
    }

    /// `"top":..,"left":..,"bottom":..,"right":..`, and `"relative":{...}` only when there
    /// are relative insets: a reader takes absent ones as none.
    package static func insets(_ insets: Insets) -> String {
        var text = "\"top\":\(number(insets.top)),\"left\":\(number(insets.left))"
            + ",\"bottom\":\(number(insets.bottom)),\"right\":\(number(insets.right))"
        let relative = insets.relative
        if relative != .zero {
            text += ",\"relative\":{\"top\":\(number(relative.top)),\"left\":\(number(relative.left))"
                + ",\"bottom\":\(number(relative.bottom)),\"right\":\(number(relative.right))}"
        }
        return text
    }

    package static func rect(_ rect: Rect) -> String {
        "[\(number(rect.x)),\(number(rect.y)),\(number(rect.width)),\(number(rect.height))]"
    }

    package static func point(_ point: Point) -> String {
        "[\(number(point.x)),\(number(point.y))]"
    }

    /// A finite number in its shortest round-trip form, whole ones as integers; JSON
    /// has no NaN or infinity, so those (refused by the engine anyway) become `null`.
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), value.magnitude < 1e15 { return String(Int64(value)) }
        return String(describing: value)
    }

    /// A duration as milliseconds, exact to the nanosecond: `1200`, `16.666667`.
    package static func milliseconds(_ duration: Duration) -> String {
        let nanoseconds = duration.wholeNanoseconds
        let sign = nanoseconds < 0 ? "-" : ""
        let magnitude = nanoseconds.magnitude
        let whole = magnitude / 1_000_000
        let fraction = magnitude % 1_000_000
        guard fraction != 0 else { return sign + String(whole) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 6 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return sign + String(whole) + "." + digits
    }
}
