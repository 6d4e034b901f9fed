/// `\begin{…} … \end{…}`: matrices, cases and amsmath's alignments as arrays.
extension TeXParser {
    /// The items an environment makes, read up to its `\end`.
    package mutating func environment(_ name: String) throws -> MathList {
        let base = name.hasSuffix("*") ? String(name.dropLast()) : name
        switch base {
        case "matrix", "pmatrix", "bmatrix", "Bmatrix", "vmatrix", "Vmatrix", "smallmatrix":
            if try peek() == .char("[") { _ = try rawOptional() }  // mathtools' [r] column alignment
            let rows = try parseRows(ending: name)
            let columns = rows.map(\.count).max() ?? 1
            let array = MathArray(rows: rows, alignments: Array(repeating: .center, count: columns),
                                  columnGap: base == "smallmatrix" ? 0.5 : 1, style: base == "smallmatrix" ? .script : .text)
            let fences: [String: (String, String)] = ["pmatrix": ("(", ")"), "bmatrix": ("[", "]"), "Bmatrix": ("{", "}"),
                                                       "vmatrix": ("|", "|"), "Vmatrix": ("‖", "‖")]
            return [wrap(array, in: fences[base])]
        case "cases", "dcases", "rcases":
            let rows = try parseRows(ending: name)
            let array = MathArray(rows: rows, alignments: [.left, .left], columnGap: 1,
                                  style: base == "dcases" ? .display : .text)
            return [wrap(array, in: base == "rcases" ? ("", "{") : ("{", ""))]
        case "aligned", "align", "alignat", "alignedat", "split", "flalign", "eqnarray", "multline":
            if base == "alignat" || base == "alignedat" { _ = try rawArgument() }
            let rows = try parseRows(ending: name)
            let columns = max(rows.map(\.count).max() ?? 1, 1)
            var alignments: [MathArray.Alignment] = (0..<columns).map { $0 % 2 == 0 ? .right : .left }
            if base == "eqnarray" { alignments = [.right, .center, .left] }
            if base == "multline" { alignments = [.center] }
            let array = MathArray(rows: rows.map(Self.spacedAfterAlignment), alignments: alignments, columnGap: 0,
                                  pairs: base != "eqnarray", style: .display, rowGap: 0.3)
            return [.atom(Atom(.ord, .array(array)))]
        case "gathered", "gather", "equation", "displaymath", "math":
            let rows = try parseRows(ending: name)
            let array = MathArray(rows: rows, alignments: [.center], columnGap: 0, style: .display, rowGap: 0.3)
            return [.atom(Atom(.ord, .array(array)))]
        case "array", "subarray":
            let (alignments, rules) = try columnSpecification(name)
            let rows = try parseRows(ending: name)
            let array = MathArray(rows: rows, alignments: alignments, columnGap: base == "subarray" ? 0 : 1,
                                  style: base == "subarray" ? .script : .text, rules: rules)
            return [.atom(Atom(.ord, .array(array)))]
        default:
            throw MathError(message: "unknown environment \(name)")
        }
    }

    /// An array between fences (none when `fences` is nil).
    private func wrap(_ array: MathArray, in fences: (String, String)?) -> MathNode {
        let atom = MathNode.atom(Atom(.ord, .array(array)))
        guard let (left, right) = fences else { return atom }
        return .atom(Atom(.inner, .delimited(left: left, segments: [[atom]], middles: [], right: right)))
    }

    /// Rows of cells up to `\end{ending}` (or the end of the tokens when nil), `&` between
    /// cells and `\\` between rows; a last empty row (a trailing `\\`) dropped.
    package mutating func parseRows(ending: String?) throws -> [[MathList]] {
        var rows: [[MathList]] = [], row: [MathList] = []
        while true {
            let (cell, stop) = try parseList()
            row.append(cell)
            switch stop {
            case .alignment: continue
            case .newRow:
                rows.append(row)
                row = []
            case .endEnvironment(let name) where name == ending:
                rows.append(row)
                if let last = rows.last, last.count == 1, last[0].isEmpty, rows.count > 1 { rows.removeLast() }
                return rows
            case .end where ending == nil:
                rows.append(row)
                if let last = rows.last, last.count == 1, last[0].isEmpty, rows.count > 1 { rows.removeLast() }
                return rows
            default:
                throw MathError(message: "\\begin{\(ending ?? "")} ended by \(stop)")
            }
        }
    }

    /// amsmath's alignment: a cell after `&` starts with an empty atom, so `&= b` spaces the
    /// relation as `{}= b` would.
    private static func spacedAfterAlignment(_ row: [MathList]) -> [MathList] {
        row.enumerated().map { i, cell in i % 2 == 1 && !cell.isEmpty ? [.atom(Atom(.ord, .group([])))] + cell : cell }
    }

    /// `array`'s column specification (`{lc|r}`): alignments, and the columns a rule precedes.
    private mutating func columnSpecification(_ name: String) throws -> ([MathArray.Alignment], [Int]) {
        if try peek() == .char("[") { _ = try rawOptional() }
        guard let spec = try rawArgument() else { throw MathError.missing("column specification", after: "\\begin{\(name)}") }
        var alignments: [MathArray.Alignment] = [], rules: [Int] = []
        for token in spec {
            switch token {
            case .char("l"): alignments.append(.left)
            case .char("c"): alignments.append(.center)
            case .char("r"): alignments.append(.right)
            case .char("|"): rules.append(alignments.count)
            default: break
            }
        }
        return (alignments.isEmpty ? [.center] : alignments, rules)
    }
}
