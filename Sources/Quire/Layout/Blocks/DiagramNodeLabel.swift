import QuireModel
import QuireStyle
import QuireDiagrams

/// A node's label with its compartments (a class's members, an entity's attribute table, a
/// state's descriptions): the title centred on top, then each compartment below a rule, its
/// rows set left-aligned in columns as wide as their widest cell, as Mermaid draws class and
/// entity boxes. The rules' heights are kept for the painter.
extension DiagramLayouter {
    /// `node`'s label set at `role` in `color`: its plain label when it has no compartments.
    /// O(cells).
    package func diagramNodeLabel(_ node: FlowNode, _ role: Typography.TextRole, color: Color) -> DiagramLabel {
        // A note keeps the lines it was written in (Mermaid does not wrap them).
        let title = diagramLabel(node.label, role, color: color, wrap: node.shape == .note ? 25 : 12.5)
        guard !node.compartments.isEmpty else { return title }
        let gap = 0.35 * role.size, columnGap = 0.8 * role.size
        // A member or an attribute is one line, as in Mermaid, up to a wide bound.
        let cells = node.compartments.map { rows in rows.map { row in row.map { diagramLabel($0, role, color: color, wrap: 30) } } }
        let widths = cells.map { rows in
            (0..<(rows.map(\.count).max() ?? 0)).map { c in rows.map { c < $0.count ? $0[c].width : 0 }.max() ?? 0 }
        }
        let inner = widths.map { $0.reduce(0, +) + columnGap * Double(max(0, $0.count - 1)) }
        let width = max(title.width, inner.max() ?? 0)
        var items = title.items, y = title.height, dividers: [Double] = [], texts = [title.text]
        for (k, rows) in cells.enumerated() {
            y += gap
            dividers.append(y)
            y += gap
            for row in rows {
                var x = -width / 2
                for (c, cell) in row.enumerated() {
                    items += cell.items.map { $0.offsetBy(dx: x + cell.width / 2, dy: y) }
                    if !cell.text.isEmpty { texts.append(cell.text) }
                    x += widths[k][c] + columnGap
                }
                y += row.map(\.height).max() ?? 0
            }
            if rows.isEmpty { y += 0.2 * role.size }
        }
        return DiagramLabel(width: width, height: y, items: items, text: texts.filter { !$0.isEmpty }.joined(separator: " "), dividers: dividers)
    }
}
