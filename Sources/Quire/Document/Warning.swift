/// A non-fatal problem, with the 1-based source line when known (0 otherwise).
///
/// Every stage reports them (front matter, images, highlighting, layout, links); they travel
/// as values with the document and are printed by the caller, never by the stage that found
/// them. Here, below the stages, because each of them uses it.
public struct Warning: Sendable, Hashable, CustomStringConvertible {
    /// The line in the Markdown source, counted from 1; 0 when the problem has no one line.
    public var line: Int
    /// What is wrong and what was done instead, in words for the user.
    public var message: String
    /// A warning about source `line` (0: none in particular).
    public init(line: Int, message: String) { self.line = line; self.message = message }
    /// "LINE: message", or the message alone when the line is unknown.
    public var description: String { line > 0 ? "\(line): \(message)" : message }
}
