import QuireModel

/// HTML tables as `Table` values: what gumbo's tree of a `<table>` holds (it has moved what
/// stood outside any cell before the table, as a browser does, and put the rows in sections).
extension HTMLStructure {
    /// A `<table>` on `line`: its caption's blocks (set before it, centred), then the table
    /// (none when it has no row).
    package mutating func table(_ element: HTMLElement, line: Int, _ scope: Scope) -> [Block] {
        let direction = self.direction(of: element) ?? scope.direction
        var rows = TableRows()
        var before: [Block] = []
        for case .element(let child) in element.children.map(\.content) {
            switch child.name {
            case "caption":
                var centred = scope
                centred.alignment = .center
                centred.inCell = true
                before += blocks(of: child.children, centred)
            case "thead", "tbody", "tfoot":
                for case .element(let row) in child.children.map(\.content) where row.name == "tr" {
                    rows.append(section: child.name, cells: cells(of: row, tableDirection: direction))
                }
            case "tr":
                rows.append(section: "", cells: cells(of: child, tableDirection: direction))
            default:
                break   // <colgroup>, whitespace
            }
        }
        guard !rows.cells.isEmpty else { return before }
        let table = Table(cells: rows.cells, headerRows: rows.headerRows)
        return before + [Block(.table(table), line: line, direction: direction, alignment: element.blockAlignment ?? scope.alignment)]
    }

    /// A row's cells: each `<td>`/`<th>` with its spans, alignment and direction (its own,
    /// else the row's) and its content as blocks, where page breaks are not honoured.
    private mutating func cells(of row: HTMLElement, tableDirection: WritingDirection?) -> [TableCell] {
        let rowDirection = direction(of: row)
        var cells: [TableCell] = []
        for node in row.children {
            guard case .element(let cell) = node.content, cell.name == "td" || cell.name == "th" else { continue }
            let cellDirection = direction(of: cell) ?? rowDirection
            let scope = Scope(direction: cellDirection ?? tableDirection, alignment: nil, breaks: false, inCell: true)
            cells.append(TableCell(blocks: blocks(of: cell.children, scope), columnSpan: cell.span("colspan"),
                                   rowSpan: cell.span("rowspan"), alignment: cell.cellAlignment ?? row.cellAlignment,
                                   direction: cellDirection, isHeader: cell.name == "th", line: join.sourceLine(node.line)))
        }
        return cells
    }
}

/// The rows of a table being read, and which of them form its header: the leading rows of
/// `<thead>` or of header cells (`<th>`) alone.
private struct TableRows {
    private(set) var cells: [[TableCell]] = []
    private var isHeader: [Bool] = []

    mutating func append(section: String, cells: [TableCell]) {
        self.cells.append(cells)
        isHeader.append(section == "thead" || (!cells.isEmpty && cells.allSatisfy(\.isHeader)))
    }

    var headerRows: Int { isHeader.firstIndex(of: false) ?? cells.count }
}
