import ImpressionSimulationFormats
import ImpressionTracking

extension FeedFileReader {
    /// A section: `kind`, `height`, and optionally `id`, `cells` or `grid`, `carousel`,
    /// `policy`, `loadDelayMs`, `opacity`. Without cells, grid or carousel it is one cell
    /// as big as itself.
    func section(_ fields: [String: JSONValue], at path: String) throws(FileFormatError) -> SectionTemplate {
        try checkKeys(fields, allowed: ["id", "kind", "height", "cells", "grid", "carousel", "policy", "loadDelayMs", "opacity"],
                      at: path)
        let kindText = try string(required(fields, "kind", at: path), at: path + ".kind")
        guard let kind = SectionKind(rawValue: kindText) else {
            throw FileFormatError(path: path + ".kind", "must be one of \(SectionKind.allCases.map(\.name).joined(separator: ", ")), "
                + "got \(JSONText.quoted(kindText))")
        }
        var id: String?
        if let value = fields["id"] {
            let text = try string(value, at: path + ".id")
            // Sections without an id are named by their position: a number would be ambiguous.
            guard !text.isEmpty, text.count <= 200, !text.allSatisfy(\.isNumber) else {
                throw FileFormatError(path: path + ".id", "must be a name of 1 to 200 characters, not a number, got \(JSONText.quoted(text))")
            }
            id = text
        }
        let height = try size(required(fields, "height", at: path), at: path + ".height")
        var carousel: SectionTemplate.Carousel?
        if let value = fields["carousel"] {
            carousel = try self.carousel(object(value, at: path + ".carousel"), sectionHeight: height, at: path + ".carousel")
        }
        let whole = carousel == nil ? [Rect(x: 0, y: 0, width: screen.width, height: height)] : []
        let cells = try rects(fields, listKey: "cells", at: path) ?? whole
        // Sections near the screen are found by their frames (a lazy list's window), so a
        // cell below or above its section could be on screen while its section is not.
        if let index = cells.firstIndex(where: { $0.minY < 0 || $0.maxY > height + 1e-6 }) {
            let cell = cells[index]
            throw FileFormatError(path: fields["grid"] != nil ? path + ".grid" : "\(path).cells[\(index)]",
                                "cells must lie within the section's height, 0...\(TraceEncoder.number(height)), "
                                    + "got \(TraceEncoder.number(cell.minY))...\(TraceEncoder.number(cell.maxY))")
        }
        let policy = try fields["policy"].map { value throws(FileFormatError) in try self.policy(value, at: path + ".policy") }
        var template = SectionTemplate(kind: kind, id: id, height: height, cells: cells, carousel: carousel, policy: policy)
        if let delay = fields["loadDelayMs"] { template.loadDelay = try milliseconds(delay, at: path + ".loadDelayMs") }
        if let value = fields["opacity"] {
            let opacity = try number(value, at: path + ".opacity")
            guard opacity >= 0 && opacity <= 1 else {
                throw FileFormatError(path: path + ".opacity", "must be in 0...1, got \(TraceEncoder.number(opacity))")
            }
            template.opacity = opacity
        }
        return template
    }

    /// The rects listed under `listKey` (`{"x", "y", "width", "height"}` each) or made by
    /// `grid`; `nil` when neither is given.
    private func rects(_ fields: [String: JSONValue], listKey: String, at path: String) throws(FileFormatError) -> [Rect]? {
        switch (fields[listKey], fields["grid"]) {
        case (nil, nil):
            return nil
        case (_?, _?):
            throw FileFormatError(path: path, "give \(listKey) or grid, not both")
        case (let list?, nil):
            let listPath = member(listKey, of: path)
            let elements = try array(list, at: listPath)
            guard elements.count <= FeedFile.maximumCellsPerSection else {
                throw FileFormatError(path: listPath, "\(elements.count) rects, more than the limit of \(FeedFile.maximumCellsPerSection)")
            }
            var rects: [Rect] = []
            rects.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() { rects.append(try rect(element, at: "\(listPath)[\(index)]")) }
            return rects
        case (nil, let grid?):
            let gridPath = member("grid", of: path)
            return try self.grid(object(grid, at: gridPath), at: gridPath)
        }
    }

    private func rect(_ value: JSONValue, at path: String) throws(FileFormatError) -> Rect {
        let fields = try object(value, at: path)
        try checkKeys(fields, allowed: ["x", "y", "width", "height"], at: path)
        return Rect(x: try coordinate(fields["x"], at: path + ".x"), y: try coordinate(fields["y"], at: path + ".y"),
                    width: try size(required(fields, "width", at: path), at: path + ".width"),
                    height: try size(required(fields, "height", at: path), at: path + ".height"))
    }

    /// `{"columns", "rows", "x", "y", "width", "height", "gap"}`: see ``SectionTemplate/grid(columns:rows:x:y:width:height:gap:)``.
    private func grid(_ fields: [String: JSONValue], at path: String) throws(FileFormatError) -> [Rect] {
        try checkKeys(fields, allowed: ["columns", "rows", "x", "y", "width", "height", "gap"], at: path)
        let limit = 1...FeedFile.maximumCellsPerSection
        let columns = try whole(required(fields, "columns", at: path), in: limit, at: path + ".columns")
        let rows = try whole(fields["rows"] ?? .number(1), in: limit, at: path + ".rows")
        guard columns * rows <= FeedFile.maximumCellsPerSection else {
            throw FileFormatError(path: path, "\(columns) columns × \(rows) rows make \(columns * rows) cells, "
                + "more than the limit of \(FeedFile.maximumCellsPerSection)")
        }
        return SectionTemplate.grid(
            columns: columns, rows: rows, x: try coordinate(fields["x"], at: path + ".x"),
            y: try coordinate(fields["y"], at: path + ".y"),
            width: try size(required(fields, "width", at: path), at: path + ".width"),
            height: try size(required(fields, "height", at: path), at: path + ".height"),
            gap: try coordinate(fields["gap"], at: path + ".gap", minimum: 0))
    }

    /// `{"y", "height", "cards" or "grid", "contentWidth", "pageWidth"}`.
    private func carousel(_ fields: [String: JSONValue], sectionHeight: Double,
                          at path: String) throws(FileFormatError) -> SectionTemplate.Carousel {
        try checkKeys(fields, allowed: ["y", "height", "cards", "grid", "contentWidth", "pageWidth"], at: path)
        let y = try coordinate(fields["y"], at: path + ".y", minimum: 0)
        let height = try fields["height"].map { value throws(FileFormatError) in try size(value, at: path + ".height") } ?? sectionHeight - y
        guard height > 0, y + height <= sectionHeight else {
            throw FileFormatError(path: path + ".height", "the row must fit in the section: y + height must be at most "
                + "\(TraceEncoder.number(sectionHeight)), got \(TraceEncoder.number(y + height))")
        }
        guard let cards = try rects(fields, listKey: "cards", at: path), let first = cards.first else {
            throw FileFormatError(path: path + ".cards", "a carousel needs at least one card (cards or grid)")
        }
        let lastEdge = cards.map(\.maxX).max() ?? 0
        // By default the row ends with the margin it starts with, and a swipe moves one card and its gap.
        let contentWidth = try coordinate(fields["contentWidth"], at: path + ".contentWidth", minimum: 0,
                                          default: lastEdge + max(0, cards.map(\.minX).min() ?? 0))
        let step = cards.count > 1 ? cards[1].minX - first.minX : first.width
        let pageWidth = try fields["pageWidth"].map { value throws(FileFormatError) in
            try size(value, at: path + ".pageWidth")
        } ?? (step > 0 ? step : first.width)
        return SectionTemplate.Carousel(y: y, height: height, cards: cards, contentWidth: contentWidth, pageWidth: pageWidth)
    }

    /// `{"ratio", "durationMs", "measure", "recurrence", "timing", "cooldownMs", "focus", "minOpacity"}`,
    /// as in a trace's layout (where the focus fraction is `"largeSection": {"focus": f}`).
    private func policy(_ value: JSONValue, at path: String) throws(FileFormatError) -> ImpressionPolicy {
        let fields = try object(value, at: path)
        try checkKeys(fields, allowed: ["ratio", "durationMs", "measure", "recurrence", "timing", "cooldownMs", "focus",
                                        "minOpacity"], at: path)
        var policy = ImpressionPolicy()
        // The ranges checked here too, so that an error names the file's key, not the engine's.
        policy.minimumVisibleRatio = try fraction(required(fields, "ratio", at: path), at: path + ".ratio")
        policy.minimumDuration = try milliseconds(required(fields, "durationMs", at: path), at: path + ".durationMs")
        if let cooldown = fields["cooldownMs"] { policy.cooldown = try milliseconds(cooldown, at: path + ".cooldownMs") }
        if let timing = fields["timing"] {
            guard let known = ImpressionPolicy.Timing(key: try string(timing, at: path + ".timing")) else {
                throw FileFormatError(path: path + ".timing",
                                      "must be \(ImpressionPolicy.Timing.keyList), got \(timing.described)")
            }
            policy.timing = known
        }
        if let measure = fields["measure"] {
            guard let known = ImpressionPolicy.Measure(name: try string(measure, at: path + ".measure")) else {
                throw FileFormatError(path: path + ".measure", "must be height, area or width, got \(measure.described)")
            }
            policy.measure = known
        }
        if let focus = fields["focus"] {
            let fraction = try number(focus, at: path + ".focus")
            guard fraction > 0 && fraction <= 1 else {
                throw FileFormatError(path: path + ".focus", "must be in (0, 1], got \(TraceEncoder.number(fraction))")
            }
            policy.largeSectionRule = .focus(fraction: fraction)
        }
        if let minimum = fields["minOpacity"] { policy.minimumOpacity = try fraction(minimum, at: path + ".minOpacity") }
        if let recurrence = fields["recurrence"] {
            switch try string(recurrence, at: path + ".recurrence") {
            case "every-entry": policy.recurrence = .onEveryEntry
            case "once-per-visit": policy.recurrence = .oncePerVisit
            case "once-per-tracker": policy.recurrence = .oncePerTracker
            default:
                throw FileFormatError(path: path + ".recurrence",
                                    "must be every-entry, once-per-visit or once-per-tracker, got \(recurrence.described)")
            }
        }
        do throws(ConfigurationError) {
            try policy.validate()
        } catch {
            throw FileFormatError(path: path, "\(error)")
        }
        return policy
    }

    /// A number in `0...1`.
    private func fraction(_ value: JSONValue, at path: String) throws(FileFormatError) -> Double {
        let fraction = try number(value, at: path)
        guard (0...1).contains(fraction) else {
            throw FileFormatError(path: path, "must be in 0...1, got \(TraceEncoder.number(fraction))")
        }
        return fraction
    }

    /// A policy's duration in milliseconds, `0...86400000` (a day), to the nanosecond.
    private func milliseconds(_ value: JSONValue, at path: String) throws(FileFormatError) -> Duration {
        let milliseconds = try number(value, at: path)
        guard milliseconds >= 0 && milliseconds <= 86_400_000 else {
            throw FileFormatError(path: path, "must be in 0...86400000, got \(TraceEncoder.number(milliseconds))")
        }
        return .nanoseconds(Int64((milliseconds * 1_000_000).rounded()))
    }
}
