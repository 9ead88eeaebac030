import ImpressionTracking

extension FeedFile {
    /// Writes `feed` as a feed file, one section a line; ``decode(_:)`` reads it back to
    /// a feed with exactly the same coordinates (numbers are written in their shortest
    /// form that reads back to the same `Double`).
    ///
    /// What the format lets a file leave out is left out: a cell as big as its section,
    /// defaults, and the rects of a regular grid, written as the grid.
    package static func encode(_ feed: Feed) -> String {
        var text = "{\n  \"format\": \(JSONText.quoted(formatName)),\n  \"version\": \(currentVersion),\n"
        text += "  \"screen\": {\"width\": \(number(feed.screen.width)), \"height\": \(number(feed.screen.height))"
        if feed.screen.insets != .zero { text += ", \"insets\": {\(TraceEncoder.insets(feed.screen.insets))}" }
        text += "},\n"
        text += "  \"spacing\": \(number(feed.parameters.sectionSpacing)),\n  \"sections\": ["
        for (index, template) in feed.templates.enumerated() {
            text += (index == 0 ? "\n    " : ",\n    ") + section(template, screen: feed.screen)
        }
        text += feed.templates.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return text
    }

    private static func section(_ template: SectionTemplate, screen: Screen) -> String {
        var members: [String] = []
        if let id = template.id { members.append("\"id\": \(JSONText.quoted(id))") }
        members.append("\"kind\": \(JSONText.quoted(template.kind.name))")
        members.append("\"height\": \(number(template.height))")
        let wholeSection = [Rect(x: 0, y: 0, width: screen.width, height: template.height)]
        // Left out when the reader's default gives the same cells back.
        if template.carousel == nil ? template.cells != wholeSection : !template.cells.isEmpty {
            members.append(rects(template.cells, listKey: "cells"))
        }
        if let carousel = template.carousel {
            var row: [String] = []
            if carousel.y != 0 { row.append("\"y\": \(number(carousel.y))") }
            if carousel.height != template.height - carousel.y { row.append("\"height\": \(number(carousel.height))") }
            row.append(rects(carousel.cards, listKey: "cards"))
            row.append("\"contentWidth\": \(number(carousel.contentWidth))")
            row.append("\"pageWidth\": \(number(carousel.pageWidth))")
            members.append("\"carousel\": {" + row.joined(separator: ", ") + "}")
        }
        if let policy = template.policy {
            // The timing knobs and focus only when on, as a trace writes them.
            var knobs = (policy.timing == .cumulative ? ", \"timing\": \"cumulative\"" : "")
                + (policy.cooldown != .zero ? ", \"cooldownMs\": \(TraceEncoder.milliseconds(policy.cooldown))" : "")
            if case .focus(let fraction) = policy.largeSectionRule { knobs += ", \"focus\": \(number(fraction))" }
            if policy.minimumOpacity != 0 { knobs += ", \"minOpacity\": \(number(policy.minimumOpacity))" }
            members.append("\"policy\": {\"ratio\": \(number(policy.minimumVisibleRatio)), "
                + "\"durationMs\": \(TraceEncoder.milliseconds(policy.minimumDuration)), "
                + "\"measure\": \"\(policy.measure.name)\", "
                + "\"recurrence\": \"\(policy.recurrence.key)\"\(knobs)}")
        }
        // The load delay and opacity only when set, so files without them read as before.
        if let delay = template.loadDelay, delay != .zero {
            members.append("\"loadDelayMs\": \(TraceEncoder.milliseconds(delay))")
        }
        if template.opacity != 1 { members.append("\"opacity\": \(number(template.opacity))") }
        return "{" + members.joined(separator: ", ") + "}"
    }

    /// `"cells": [...]`, or `"grid": {...}` when a grid makes exactly these rects.
    private static func rects(_ rects: [Rect], listKey: String) -> String {
        if rects.count > 1, let first = rects.first {
            let columns = rects.prefix { $0.y == first.y }.count
            let rows = rects.count / columns
            let gap = columns > 1 ? rects[1].minX - first.maxX : rects[columns].minY - first.maxY
            let grid = SectionTemplate.grid(columns: columns, rows: rows, x: first.x, y: first.y,
                                            width: first.width, height: first.height, gap: gap)
            if gap >= 0, grid == rects {
                let rowsMember = rows == 1 ? "" : "\"rows\": \(rows), "
                return "\"grid\": {\"columns\": \(columns), \(rowsMember)\"x\": \(number(first.x)), \"y\": \(number(first.y)), "
                    + "\"width\": \(number(first.width)), \"height\": \(number(first.height)), \"gap\": \(number(gap))}"
            }
        }
        let list = rects.map { rect in
            "{\"x\": \(number(rect.x)), \"y\": \(number(rect.y)), \"width\": \(number(rect.width)), \"height\": \(number(rect.height))}"
        }
        return "\"\(listKey)\": [" + list.joined(separator: ", ") + "]"
    }

    private static func number(_ value: Double) -> String { TraceEncoder.number(value) }
}
