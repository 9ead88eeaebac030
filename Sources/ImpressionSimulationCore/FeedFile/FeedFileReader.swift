import ImpressionSimulationFormats
import ImpressionTracking

/// Walks a feed file's JSON with the path of every value: the document, its blocks and
/// repeats, and the inserts; sections themselves are read in `FeedFileReader+Section`.
///
/// Counts are checked before anything is expanded, so `{"repeat": 1000000, ...}` of a
/// large block fails at once instead of filling memory.
struct FeedFileReader: JSONPathReading {
    /// Sections and cells an item expands to.
    struct Size {
        var sections = 0
        var cells = 0
    }

    /// One entry of a `sections` list, not yet expanded.
    indirect enum Item {
        case section(SectionTemplate, path: String)
        case repeated(count: Int, items: [Item])
    }

    /// A section of the expanded feed, with where the file gave it and whether it is a
    /// copy (from a repeat or an insert), whose id gets a number.
    struct Placement {
        var template: SectionTemplate
        var path: String
        var isCopy: Bool
    }

    /// A rule of the `insert` list.
    struct InsertRule {
        var every: Int
        var from: Int
        var template: SectionTemplate
        var path: String
    }

    /// The screen of the file, once read: cells default to its width.
    var screen = Screen.phone

    /// The feed the file describes.
    mutating func feed(_ root: JSONValue) throws(FileFormatError) -> Feed {
        let fields = try object(root, at: "")
        try checkFormat(fields, expected: FeedFile.formatName)
        try checkKeys(fields, allowed: ["format", "version", "screen", "spacing", "sections", "insert"], at: "")
        let version = try number(required(fields, "version", at: ""), at: "version")
        guard version == Double(FeedFile.currentVersion) else {
            throw FileFormatError(path: "version", "this tool reads version \(FeedFile.currentVersion), got \(TraceEncoder.number(version))")
        }
        if let value = fields["screen"] {
            let sides = try object(value, at: "screen")
            try checkKeys(sides, allowed: ["width", "height", "insets"], at: "screen")
            screen = Screen(width: try size(required(sides, "width", at: "screen"), at: "screen.width"),
                            height: try size(required(sides, "height", at: "screen"), at: "screen.height"),
                            insets: try sides["insets"].map { value throws(FileFormatError) in try insets(value, at: "screen.insets") } ?? .zero)
        }
        var spacing = 0.0
        if let value = fields["spacing"] {
            spacing = try number(value, at: "spacing")
            guard spacing >= 0 && spacing <= 10_000 else {
                throw FileFormatError(path: "spacing", "must be in 0...10000, got \(TraceEncoder.number(spacing))")
            }
        }
        let (items, size) = try sectionItems(required(fields, "sections", at: ""), at: "sections")
        guard size.sections > 0 else { throw FileFormatError(path: "sections", "a feed needs at least one section") }
        var rules: [InsertRule] = []
        if let value = fields["insert"] {
            for (index, rule) in try array(value, at: "insert").enumerated() {
                rules.append(try insertRule(rule, at: "insert[\(index)]"))
            }
        }
        var content: [Placement] = []
        content.reserveCapacity(size.sections)
        Self.expand(items, isCopy: false, into: &content)
        var naming = SectionNaming()
        let templates = try naming.merged(content, inserting: rules, contentCells: size.cells)
        return Feed(templates: templates, sectionSpacing: spacing, screen: screen)
    }

    /// A `sections` list: sections and repeated blocks, with what they expand to.
    private func sectionItems(_ value: JSONValue, at path: String) throws(FileFormatError) -> ([Item], Size) {
        var items: [Item] = []
        var total = Size()
        for (index, element) in try array(value, at: path).enumerated() {
            let itemPath = "\(path)[\(index)]"
            let fields = try object(element, at: itemPath)
            let item: Item
            var size = Size()
            if fields["repeat"] != nil {
                try checkKeys(fields, allowed: ["repeat", "sections"], at: itemPath)
                let count = try whole(required(fields, "repeat", at: itemPath), in: 1...FeedFile.maximumRepeat,
                                      at: itemPath + ".repeat")
                let (inner, innerSize) = try sectionItems(required(fields, "sections", at: itemPath), at: itemPath + ".sections")
                // Overflow is impossible: both factors are at most a million or so.
                size = Size(sections: count * innerSize.sections, cells: count * innerSize.cells)
                try check(size, at: itemPath + ".repeat", what: "\(count) repeats of \(innerSize.sections) sections")
                item = .repeated(count: count, items: inner)
            } else {
                let template = try section(fields, at: itemPath)
                size = Size(sections: 1, cells: template.cellCount)
                item = .section(template, path: itemPath)
            }
            total.sections += size.sections
            total.cells += size.cells
            try check(total, at: path, what: "these sections")
            items.append(item)
        }
        return (items, total)
    }

    /// Appends the sections `items` expand to.
    private static func expand(_ items: [Item], isCopy: Bool, into content: inout [Placement]) {
        for item in items {
            switch item {
            case .section(let template, let path):
                content.append(Placement(template: template, path: path, isCopy: isCopy))
            case .repeated(let count, let inner):
                for _ in 0..<count { expand(inner, isCopy: true, into: &content) }
            }
        }
    }

    /// Refuses a count past the limits.
    func check(_ size: Size, at path: String, what: String) throws(FileFormatError) {
        if size.sections > FeedFile.maximumSections {
            throw FileFormatError(path: path, "\(what) make \(size.sections) sections, more than the limit of \(FeedFile.maximumSections)")
        }
        if size.cells > FeedFile.maximumCells {
            throw FileFormatError(path: path, "\(what) make \(size.cells) cells, more than the limit of \(FeedFile.maximumCells)")
        }
    }

    private func insertRule(_ value: JSONValue, at path: String) throws(FileFormatError) -> InsertRule {
        let fields = try object(value, at: path)
        try checkKeys(fields, allowed: ["every", "from", "section"], at: path)
        let every = try whole(required(fields, "every", at: path), in: 2...FeedFile.maximumSections, at: path + ".every")
        let from = try fields["from"].map { value throws(FileFormatError) in
            try whole(value, in: 1...FeedFile.maximumSections, at: path + ".from")
        } ?? every
        let template = try section(object(required(fields, "section", at: path), at: path + ".section"), at: path + ".section")
        return InsertRule(every: every, from: from, template: template, path: path)
    }
}

extension SectionTemplate {
    /// The cells and cards of the section.
    var cellCount: Int { cells.count + (carousel?.cards.count ?? 0) }
}
