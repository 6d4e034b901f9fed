/// A rendering failure: which file, the line when known (0 otherwise), and what happened.
public struct QuireError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String

    public init(file: String, line: Int = 0, message: String) {
        self.file = file; self.line = line; self.message = message
    }

    public var description: String { line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)" }

    /// Writing `output` would destroy `input`, one of the command's inputs.
    package static func outputIsInput(_ output: String, _ input: String) -> QuireError {
        QuireError(file: output, message: "is the input \(input) itself; not overwritten (choose another output)")
    }
}
