/// A rendering failure: which file, the line when known (0 otherwise), and what happened.
public struct QuireError: Error, Equatable, CustomStringConvertible {
    /// The file the failure is about (an input, or the output that could not be written).
    public var file: String
    /// The 1-based line in `file`; 0 when the failure has no one line.
    public var line: Int
    /// What happened, in words for the user.
    public var message: String

    /// A failure about `file` (at `line` when known).
    public init(file: String, line: Int = 0, message: String) {
        self.file = file; self.line = line; self.message = message
    }

    /// "FILE:LINE: message", or "FILE: message" when the line is unknown, as `quire` prints it
    /// after "quire: error: ".
    public var description: String { line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)" }

    /// Writing `output` would destroy `input`, one of the command's inputs.
    package static func outputIsInput(_ output: String, _ input: String) -> QuireError {
        QuireError(file: output, message: "is the input \(input) itself; not overwritten (choose another output)")
    }
}
