import ImpressionSimulationFormats
import ImpressionTracking
/// The last step of reading a feed file: inserts the `insert` rules' sections between the
/// content's, and names every section, numbering copies (`promo#1`, `promo#2`) and
/// refusing an id given twice.
struct SectionNaming {
    /// How many copies of each id so far.
    private var copies: [String: Int] = [:]
    /// The 1-based position of each id so far.
    private var positions: [String: Int] = [:]
    /// The most sections inserted in a row: rules that leave the content no room are refused.
    static let maximumInsertedInARow = 1000

    /// The feed's sections: `content` in order, with each rule's section at positions
    /// `from`, `from + every`, ... (1-based) while content remains; at a position two
    /// rules claim, the first listed wins.
    mutating func merged(_ content: [FeedFileReader.Placement], inserting rules: [FeedFileReader.InsertRule],
                         contentCells: Int) throws(FileFormatError) -> [SectionTemplate] {
        var templates: [SectionTemplate] = []
        templates.reserveCapacity(content.count)
        var cells = contentCells
        var next = 0
        var insertedInARow = 0
        while next < content.count {
            let position = templates.count + 1
            if let rule = rules.first(where: { position >= $0.from && (position - $0.from) % $0.every == 0 }) {
                insertedInARow += 1
                cells += rule.template.cellCount
                guard insertedInARow <= Self.maximumInsertedInARow else {
                    throw FileFormatError(path: "insert", "the rules insert more than \(Self.maximumInsertedInARow) sections in a row, "
                        + "leaving no room for the content")
                }
                guard templates.count < FeedFile.maximumSections, cells <= FeedFile.maximumCells else {
                    throw FileFormatError(path: rule.path, "the inserts make more than the limit of \(FeedFile.maximumSections) "
                        + "sections or \(FeedFile.maximumCells) cells")
                }
                templates.append(try named(rule.template, path: rule.path + ".section", isCopy: true, position: position))
            } else {
                insertedInARow = 0
                let placement = content[next]
                templates.append(try named(placement.template, path: placement.path, isCopy: placement.isCopy, position: position))
                next += 1
            }
        }
        return templates
    }

    private mutating func named(_ template: SectionTemplate, path: String, isCopy: Bool,
                                position: Int) throws(FileFormatError) -> SectionTemplate {
        guard let id = template.id else { return template }
        var named = template
        if isCopy {
            let number = copies[id, default: 0] + 1
            copies[id] = number
            named.id = "\(id)#\(number)"
        }
        let name = named.id ?? id
        if let first = positions.updateValue(position, forKey: name) {
            throw FileFormatError(path: path + ".id", "\(JSONText.quoted(name)) names two sections, at positions \(first) and \(position)")
        }
        return named
    }
}
