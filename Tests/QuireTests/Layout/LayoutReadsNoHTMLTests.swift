import Foundation
import XCTest

/// HTML is lowered in Parse, once (issue 31): no file under `Sources/Quire/Layout/` reads a
/// tag string, an attribute or Parse's HTML types; Layout sees typed nodes only.
final class LayoutReadsNoHTMLTests: XCTestCase {
    private static let layoutFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/Quire/Layout")

    /// What reading HTML looks like in code: a string literal holding a tag (`"<img"`,
    /// `"</a>"`, `"<br"`), an attribute (`"align="`, `attributes["width"]`), Parse's HTML types.
    private static let forbidden = [
        #""[^"\n]*</?[A-Za-z][^"\n]*""#,
        #"[a-z]+=\\?""#,
        #"attributes\["#,
        #"\b(HTMLBlockPart|HTMLText|HTMLTree|HTMLElement|HTMLNode|HTMLParts|HTMLJoin|HTMLInlines)\b"#,
    ]

    func testNoLayoutFileMentionsATagStringOrHTMLParsing() throws {
        let files = try XCTUnwrap(FileManager.default.enumerator(at: Self.layoutFolder, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        XCTAssertGreaterThan(files.count, 30, "the Layout folder is found")
        let patterns = try Self.forbidden.map { try NSRegularExpression(pattern: $0) }
        var found: [String] = []
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            for (n, line) in lines.enumerated() {
                let code = Self.withoutComment(line)
                let range = NSRange(code.startIndex..., in: code)
                if patterns.contains(where: { $0.firstMatch(in: code, range: range) != nil }) {
                    found.append("\(file.lastPathComponent):\(n + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        XCTAssertEqual(found, [], "Layout reads HTML:\n" + found.joined(separator: "\n"))
    }

    /// The line without a `//` comment (one outside a string literal).
    private static func withoutComment(_ line: String) -> String {
        var inString = false
        var previous: Character = " "
        for (i, c) in zip(line.indices, line) {
            if c == "\"" && previous != "\\" { inString.toggle() }
            if !inString, c == "/", previous == "/" { return String(line[..<line.index(before: i)]) }
            previous = c
        }
        return line
    }
}
