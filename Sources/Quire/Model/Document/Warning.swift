/// A non-fatal problem, with the 1-based source line when known (0 otherwise) and column
/// (in characters; 0 when not known: most problems belong to a line).
///
/// Every stage reports them (front matter, images, highlighting, layout, links); they travel
/// as values with the document and are printed by the caller, never by the stage that found
/// them. Here, below the stages, because each of them uses it.
public struct Warning: Sendable, Hashable, CustomStringConvertible {
    /// The line in the Markdown source, counted from 1; 0 when the problem has no one line.
    public var line: Int
    /// The column in that line, counted from 1 in characters; 0 when not known.
    public var column: Int
    /// What is wrong and what was done instead, in words for the user.
    public var message: String
    /// A warning about source `line` (0: none in particular) and `column` (0: the whole line).
    public init(line: Int, column: Int = 0, message: String) { self.line = line; self.column = column; self.message = message }
    /// "LINE:COLUMN: message", as editors read it; the parts not known left out.
    public var description: String { position.isEmpty ? message : "\(position): \(message)" }
    /// "12", "12:5" or "".
    public var position: String { line > 0 ? "\(line)" + (column > 0 ? ":\(column)" : "") : "" }
}
