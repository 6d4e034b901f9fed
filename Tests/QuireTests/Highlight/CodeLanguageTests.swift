@testable import Quire
@testable import QuireModel
@testable import QuireParse
@testable import QuireStyle
@testable import QuireImages
@testable import QuireHighlight
@testable import QuireMath
@testable import QuireDiagrams
@testable import QuireLayout
@testable import QuirePDF
@testable import QuireDrawing
import XCTest

/// Issue 18: info strings map to GtkSourceView languages by id, name, alias and file name,
/// case-insensitively; plain ones ask for nothing.
final class CodeLanguageTests: XCTestCase {
    /// The 40 info strings most used in READMEs' fenced code (the issue's sample: swift, the
    /// JavaScript and shell families, c, objc, diff, json, yaml, cpp, xml, protobuf, ruby, sql,
    /// python, powershell, ...; then the languages GitHub counts most in READMEs), each with
    /// the GtkSourceView 4 language it must give.
    static let topForty: [(info: String, language: String)] = [
        ("swift", "swift"), ("js", "js"), ("javascript", "js"), ("mjs", "js"), ("cjs", "js"),
        ("bash", "sh"), ("sh", "sh"), ("shell", "sh"), ("console", "sh"), ("zsh", "sh"),
        ("c", "c"), ("objc", "objc"), ("diff", "diff"), ("json", "json"), ("yaml", "yaml"),
        ("yml", "yaml"), ("cpp", "cpp"), ("c++", "cpp"), ("xml", "xml"), ("protobuf", "proto"),
        ("ruby", "ruby"), ("sql", "sql"), ("python", "python3"), ("powershell", "powershell"), ("ts", "typescript"),
        ("typescript", "typescript"), ("go", "go"), ("rust", "rust"), ("java", "java"), ("kotlin", "kotlin"),
        ("html", "html"), ("css", "css"), ("dockerfile", "docker"), ("makefile", "makefile"), ("make", "makefile"),
        ("toml", "toml"), ("ini", "ini"), ("jsx", "jsx"), ("php", "php"), ("csharp", "c-sharp"),
    ]

    func testTheTopFortyInfoStringsOfReadmesAllMap() {
        XCTAssertEqual(Self.topForty.count, 40)
        XCTAssertEqual(Set(Self.topForty.map(\.info)).count, 40, "no info string twice")
        for (info, language) in Self.topForty {
            XCTAssertEqual(HighlightThread.shared.languageID(info: info), language, info)
        }
    }

    func testNamesAliasesAndFileNamesMapCaseInsensitively() {
        let expected: [String: String] = [
            "Swift": "swift", "JS": "js", "Objective-C": "objc", "shell-session": "sh", "tsx": "typescript-jsx",
            "py": "python3", "proto": "proto", "Dockerfile": "docker", "CMakeLists.txt": "cmake", "patch": "diff",
            "{.python}": "python3", "js{1,3}": "js", "language-ruby": "ruby", "C#": "c-sharp", "F#": "fsharp",
            "lua": "lua", "scss": "scss", "graphql": "", "mkd": "markdown", "hcl": "terraform",
            "gemspec": "ruby", "pyi": "python3",
        ]
        for (info, language) in expected {
            XCTAssertEqual(HighlightThread.shared.languageID(info: info) ?? "", language, info)
        }
    }

    func testPlainInfoStringsAskForNothing() {
        for info in ["", "text", "TEXT", "none", "plain", "plaintext", "txt", "  ", "mermaid"] {
            XCTAssertNil(CodeLanguage(info: info), info)
        }
        XCTAssertNil(HighlightThread.shared.languageID(info: "no-such-language-x"))
    }

    func testSessionsAndNormalizedNames() {
        XCTAssertEqual(CodeLanguage(info: "Console")?.isSession, true)
        XCTAssertEqual(CodeLanguage(info: "shell-session")?.candidates, ["sh"])
        XCTAssertEqual(CodeLanguage(info: "bash")?.isSession, false)
        XCTAssertEqual(CodeLanguage(info: "{.Python}")?.name, "python")
        XCTAssertEqual(CodeLanguage(info: "python:main.py")?.name, "python")
        XCTAssertEqual(CodeLanguage(info: "Dockerfile")?.word, "Dockerfile")
    }
}
