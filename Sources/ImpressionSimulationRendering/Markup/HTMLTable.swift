/// A table of escaped text, in a box that scrolls sideways on a narrow screen rather
/// than squeezing the columns.
struct HTMLTable {
    /// One row: its cells' text (escaped when written) and how it is set.
    struct Row {
        var cells: [String]
        /// A group's heading row (bold, shaded): its label spans every column.
        var isGroup = false
        /// The first cell is indented under a group.
        var isIndented = false
        /// Cells (by index) set in bold, such as an interval that leaves out 0.
        var emphasized: Set<Int> = []
    }

    /// The column headings.
    var header: [String]
    var rows: [Row] = []
    /// Columns (by index) that hold names, allowed to wrap.
    var nameColumns: Set<Int> = [0]
    /// Columns (by index) set in a fixed-width font with their spaces kept, so that text
    /// padded with spaces (an interval's bounds) lines up from row to row as it does in a
    /// terminal: in a proportional font a sign is narrower than a digit.
    var alignedColumns: Set<Int> = []

    mutating func group(_ label: String) { rows.append(Row(cells: [label], isGroup: true)) }
    mutating func row(_ cells: [String], indented: Bool = false, emphasized: Set<Int> = []) {
        rows.append(Row(cells: cells, isIndented: indented, emphasized: emphasized))
    }

    /// The markup.
    func html() -> String {
        let e = HTMLEscaping.escaped
        var text = "<div class=\"scroll\"><table>\n<thead><tr>"
        for (index, cell) in header.enumerated() {
            text += nameColumns.contains(index) ? "<th class=\"name\">\(e(cell))</th>" : "<th>\(e(cell))</th>"
        }
        text += "</tr></thead>\n<tbody>\n"
        for row in rows {
            if row.isGroup {
                text += "<tr class=\"group\"><td class=\"name\" colspan=\"\(header.count)\">\(e(row.cells.first ?? ""))</td></tr>\n"
                continue
            }
            text += "<tr>"
            for (index, cell) in row.cells.enumerated() {
                var classes: [String] = []
                if nameColumns.contains(index) { classes.append("name") }
                if index == 0 && row.isIndented { classes.append("indent") }
                if row.emphasized.contains(index) { classes.append("yes") }
                if alignedColumns.contains(index) { classes.append("aligned") }
                let attribute = classes.isEmpty ? "" : " class=\"\(classes.joined(separator: " "))\""
                text += "<td\(attribute)>\(e(cell))</td>"
            }
            text += "</tr>\n"
        }
        return text + "</tbody>\n</table></div>\n"
    }
}
