import ImpressionSimulationFormats
import ImpressionTracking

extension FeedFile {
    /// Writes `feed` as a feed file, one section a line; ``decode(_:)`` reads it back to
    /// a feed with exactly the same coordinates (numbers are written in their shortest
    /// form that reads back to the same `Double`).
    ///
    /// What the format lets a file leave out is left out: a cell as big as its section,
    /// defaults, and the rects of a regular grid, written as the grid.
    package static func encode(_ feed: Feed) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("format"); writer.string(formatName)
        writer.key("version"); writer.integer(currentVersion)
        writer.key("screen")
        writer.beginObject(inline: true)
        writer.key("width"); writer.raw(number(feed.screen.width))
        writer.key("height"); writer.raw(number(feed.screen.height))
        // As a trace writes a screen's insets.
        if feed.screen.insets != .zero { writer.key("insets"); writer.raw("{\(TraceEncoder.insets(feed.screen.insets))}") }
        writer.endObject()
        writer.key("spacing"); writer.raw(number(feed.parameters.sectionSpacing))
        writer.key("sections")
        writer.beginArray()
        for template in feed.templates {
            writer.element()
            section(template, screen: feed.screen, to: &writer)
        }
        writer.endArray()
        writer.endObject()
        return writer.text + "\n"
    }

    /// One section, on one line.
    private static func section(_ template: SectionTemplate, screen: Screen, to writer: inout JSONWriter) {
        writer.beginObject(inline: true)
        if let id = template.id { writer.key("id"); writer.string(id) }
        writer.key("kind"); writer.string(template.kind.name)
        writer.key("height"); writer.raw(number(template.height))
        let wholeSection = [Rect(x: 0, y: 0, width: screen.width, height: template.height)]
        // Left out when the reader's default gives the same cells back.
        if template.carousel == nil ? template.cells != wholeSection : !template.cells.isEmpty {
            rects(template.cells, listKey: "cells", to: &writer)
        }
        if let carousel = template.carousel {
            writer.key("carousel")
            writer.beginObject()
            if carousel.y != 0 { writer.key("y"); writer.raw(number(carousel.y)) }
            if carousel.height != template.height - carousel.y { writer.key("height"); writer.raw(number(carousel.height)) }
            rects(carousel.cards, listKey: "cards", to: &writer)
            writer.key("contentWidth"); writer.raw(number(carousel.contentWidth))
            writer.key("pageWidth"); writer.raw(number(carousel.pageWidth))
            writer.endObject()
        }
        if let policy = template.policy {
            writer.key("policy")
            writer.beginObject()
            writer.key("ratio"); writer.raw(number(policy.minimumVisibleRatio))
            writer.key("durationMs"); writer.raw(TraceEncoder.milliseconds(policy.minimumDuration))
            writer.key("measure"); writer.string(policy.measure.name)
            writer.key("recurrence"); writer.string(policy.recurrence.key)
            // The timing knobs and focus only when on, as a trace writes them.
            if policy.timing != .continuous { writer.key("timing"); writer.string(policy.timing.key) }
            if policy.cooldown != .zero { writer.key("cooldownMs"); writer.raw(TraceEncoder.milliseconds(policy.cooldown)) }
            if case .focus(let fraction) = policy.largeSectionRule { writer.key("focus"); writer.raw(number(fraction)) }
            if policy.minimumOpacity != 0 { writer.key("minOpacity"); writer.raw(number(policy.minimumOpacity)) }
            writer.endObject()
        }
        // The load delay and opacity only when set: a reader takes absent ones as the defaults.
        if let delay = template.loadDelay, delay != .zero {
            writer.key("loadDelayMs"); writer.raw(TraceEncoder.milliseconds(delay))
        }
        if template.opacity != 1 { writer.key("opacity"); writer.raw(number(template.opacity)) }
        writer.endObject()
    }

    /// `"cells": [...]`, or `"grid": {...}` when a grid makes exactly these rects.
    private static func rects(_ rects: [Rect], listKey: String, to writer: inout JSONWriter) {
        if rects.count > 1, let first = rects.first {
            let columns = rects.prefix { $0.y == first.y }.count
            let rows = rects.count / columns
            let gap = columns > 1 ? rects[1].minX - first.maxX : rects[columns].minY - first.maxY
            let grid = SectionTemplate.grid(columns: columns, rows: rows, x: first.x, y: first.y,
                                            width: first.width, height: first.height, gap: gap)
            if gap >= 0, grid == rects {
                writer.key("grid")
                writer.beginObject()
                writer.key("columns"); writer.integer(columns)
                if rows != 1 { writer.key("rows"); writer.integer(rows) }
                for (key, value) in [("x", first.x), ("y", first.y), ("width", first.width), ("height", first.height), ("gap", gap)] {
                    writer.key(key); writer.raw(number(value))
                }
                writer.endObject()
                return
            }
        }
        writer.key(listKey)
        writer.beginArray()
        for rect in rects {
            writer.element()
            writer.beginObject()
            for (key, value) in [("x", rect.x), ("y", rect.y), ("width", rect.width), ("height", rect.height)] {
                writer.key(key); writer.raw(number(value))
            }
            writer.endObject()
        }
        writer.endArray()
    }

    private static func number(_ value: Double) -> String { TraceEncoder.number(value) }
}
