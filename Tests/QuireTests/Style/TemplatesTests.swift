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
import Foundation
import XCTest

final class TemplatesTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func testEveryBuiltinTemplateLoads() throws {
        let names = Templates.builtins.map(\.name)
        XCTAssertEqual(Set(names), ["default", "compact", "digest"])
        for name in names { XCTAssertNoThrow(try Templates.style(template: name, sets: []), name) }
        XCTAssertEqual(try Templates.style(template: "default", sets: []), Style(), "default.json is the code's defaults")
        let compact = try Templates.style(template: "compact", sets: [])
        XCTAssertEqual(compact.bodySize, 9.5)
        XCTAssertEqual(compact.bodyAlign, .justify)
        XCTAssertEqual(try Templates.style(template: "digest", sets: []).excerptLines, 6)
        XCTAssertTrue(Templates.builtins.allSatisfy { !$0.description.isEmpty })
    }

    func testEmbeddedTemplatesMatchTheFiles() throws {
        for (name, json) in BuiltinTemplates.all {
            let file = try String(contentsOf: root.appendingPathComponent("Templates/\(name).json"), encoding: .utf8)
            XCTAssertEqual(json + "\n", file, "run scripts/embed-templates.sh after editing Templates/\(name).json")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Templates").path)
        XCTAssertEqual(files.filter { $0.hasSuffix(".json") }.count, BuiltinTemplates.all.count)
    }

    func testEmbeddedCodeThemesMatchTheFiles() throws {
        for (name, xml) in BuiltinSchemes.all {
            let file = try String(contentsOf: root.appendingPathComponent("Templates/\(name).xml"), encoding: .utf8)
            XCTAssertEqual(xml + "\n", file, "run scripts/embed-templates.sh after editing Templates/\(name).xml")
            XCTAssertTrue(xml.contains("<style-scheme id=\"\(name)\""), "the file is named for the scheme's id")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Templates").path)
        XCTAssertEqual(files.filter { $0.hasSuffix(".xml") }.sorted(), ["github-dark.xml", "github.xml"])
        XCTAssertEqual(BuiltinSchemes.all.count, 2)
    }

    func testReadmeDocumentsEveryKey() throws {
        let readme = try String(contentsOf: root.appendingPathComponent("Templates/README.md"), encoding: .utf8)
        XCTAssertTrue(readme.contains(Templates.keyTable), "regenerate the table with 'quire templates --keys'")
        for key in TemplateKey.all { XCTAssertTrue(readme.contains("| `\(key.name)` |"), key.name) }
    }

    func testEverySetKeyAcceptsItsExampleAndRejectsNonsense() throws {
        for key in TemplateKey.all {
            let style = try Templates.style(template: nil, sets: ["\(key.name)=\(key.example)"])
            XCTAssertNotEqual(style, Style(), "\(key.name)=\(key.example) changed nothing")
            XCTAssertThrowsError(try Templates.style(template: nil, sets: ["\(key.name)=[[]]"])) { error in
                let message = (error as? TemplateError)?.message ?? ""
                XCTAssertTrue(message.contains(key.name) && message.contains("[[]]") && message.contains(key.allowed), message)
            }
        }
    }

    func testSetValuesAreJSONOrStrings() throws {
        let style = try Templates.style(template: "compact", sets: [
            "body.align=center", "body.size=12", "list.markers=dash, disc", "excerpt.label={\"8\": \"More\"}",
            "header.first-page=true", "excerpt.lines=0", "link.color=#abc",
        ])
        XCTAssertEqual(style.bodyAlign, .center)
        XCTAssertEqual(style.bodySize, 12, "--set overrides the template")
        XCTAssertEqual(style.listMarkers, [.dash, .disc])
        XCTAssertEqual(style.excerptLabel, TextValue(variants: [(8, "More")]))
        XCTAssertTrue(style.headerOnFirstPage)
        XCTAssertEqual(style.excerptLines, 0, "0: no excerpts at all, even in a digest")
        XCTAssertNil(style.excerptCut)
        XCTAssertEqual(style.linkColor, Color(hex: "#aabbcc"))
    }

    func testInvalidInputNamesTheProblem() {
        func message(_ template: String?, _ sets: [String]) -> String {
            do { _ = try Templates.style(template: template, sets: sets); return "" } catch { return error.message }
        }
        XCTAssertTrue(message(nil, ["body.colour=red"]).contains("unknown key 'body.colour'"))
        XCTAssertTrue(message(nil, ["body.colour=red"]).contains("body.color"), "lists the allowed keys")
        XCTAssertTrue(message(nil, ["body.size=200"]).contains("invalid value '200' for body.size"))
        XCTAssertTrue(message(nil, ["body.size"]).contains("KEY=VALUE"))
        XCTAssertTrue(message("fancy", []).contains("unknown template 'fancy'"))
        XCTAssertTrue(message("/no/such/template.json", []).contains("cannot read template"))
        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("quire-broken-\(UUID()).json")
        try? Data("{ not json".utf8).write(to: broken)
        defer { try? FileManager.default.removeItem(at: broken) }
        XCTAssertTrue(message(broken.path, []).contains(":1:3: not valid JSON"), message(broken.path, []))
        try? Data("[1, 2]".utf8).write(to: broken)
        XCTAssertTrue(message(broken.path, []).contains("not a JSON object"))
    }

    func testUserTemplateFileWithNestedKeys() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("quire-t-\(UUID()).json")
        try Data(#"{"page": {"size": "a5", "margin": "15mm"}, "excerpt": {"label": {"5": "More", "30": "Read the rest"}}}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let style = try Templates.style(template: file.path, sets: [])
        XCTAssertEqual(style.pageSize, .a5)
        XCTAssertEqual(style.margins.left, 15 * 72 / 25.4, accuracy: 0.001)
        XCTAssertEqual(style.excerptLabel.widest, "Read the rest")
    }

    func testBodyAlignmentFromATemplateKeepsListMarkersAtTheEdge() throws {
        for align in ["right", "center", "justify"] {
            let style = try Templates.style(template: nil, sets: ["body.align=\(align)"])
            let doc = layout("Para " + prose(40) + "\n\n- short\n- " + prose(30), style: style)
            let markers = doc.pages[0].markers
            XCTAssertEqual(markers.count, 2)
            XCTAssertEqual(markers[0].center.x, markers[1].center.x, accuracy: 0.01)
            XCTAssertLessThan(markers[0].center.x, style.margins.left + style.listIndent * style.bodySize)
        }
        let right = try Templates.style(template: nil, sets: ["body.align=right"])
        let para = layout("Short para.", style: right).allLines[0]
        XCTAssertEqual(para.x + para.width, right.margins.left + right.contentWidth, accuracy: 0.5, "paragraphs follow body.align")
    }

    func testPageSizesAndMargins() {
        XCTAssertEqual(Lengths.pageSize("a6"), .a6)
        XCTAssertEqual(Lengths.pageSize("Legal"), .legal)
        XCTAssertEqual(Lengths.pageSize("500 x 700 pt"), PageSize(width: 500, height: 700))
        let mm = Lengths.pageSize("148 x 210 mm")!
        XCTAssertEqual(mm.width, PageSize.a5.width, accuracy: 0.01)
        XCTAssertEqual(mm.height, PageSize.a5.height, accuracy: 0.01)
        XCTAssertEqual(Lengths.pageSize("100mm x 6in")!.height, 432, accuracy: 0.001)
        for bad in ["10 x 10", "abc", "a4 x", "-5 x 300"] { XCTAssertNil(Lengths.pageSize(bad), bad) }
    }

    /// Regression: "210x297mm" gave a strip 210 pt wide and 297 mm tall, "8.5 x 11 in" was
    /// refused: one parser now reads every length, a unit after each number or once at the end.
    func testPageSizesInEveryUnitAndFormAndTurned() {
        func close(_ a: PageSize?, _ w: Double, _ h: Double, _ text: String) {
            XCTAssertEqual(a?.width ?? 0, w, accuracy: 0.01, text)
            XCTAssertEqual(a?.height ?? 0, h, accuracy: 0.01, text)
        }
        for text in ["210x297mm", "210 x 297 mm", "21cm x 29.7cm", "210mm x 297mm", "A4", "a4"] {
            close(Lengths.pageSize(text), PageSize.a4.width, PageSize.a4.height, text)
        }
        close(Lengths.pageSize("8.5x11in"), 612, 792, "inches")
        close(Lengths.pageSize("8.5 x 11 in"), 612, 792, "inches, spaced")
        close(Lengths.pageSize("595x842pt"), 595, 842, "points")
        XCTAssertNil(Lengths.pageSize("210x297"), "no unit: not points (a page of 74 x 105 mm), an error")
        XCTAssertEqual(Lengths.pageSizeProblem("210x297"), "page size '210x297' has no unit; write it with mm, cm, in or pt (\"210x297mm\")")
        close(Lengths.pageSize("100x100mm"), 283.46, 283.46, "square")
        close(Lengths.pageSize("A3"), 841.89, 1190.55, "A3")
        close(Lengths.pageSize("b5"), 498.9, 708.66, "B5")
        close(Lengths.pageSize("Tabloid"), 792, 1224, "tabloid")
        close(Lengths.pageSize("a4 landscape"), PageSize.a4.height, PageSize.a4.width, "landscape")
        close(Lengths.pageSize("297 x 210 mm portrait"), PageSize.a4.width, PageSize.a4.height, "portrait")
        for bad in ["210x", "x297mm", "210x297furlongs", "0x297mm", "a4 sideways"] { XCTAssertNil(Lengths.pageSize(bad), bad) }
    }

    func testLandscapeTurnsAnySizeAndKeepsA4Margins() throws {
        let turned = try Templates.style(template: nil, sets: ["page.orientation=landscape"])
        XCTAssertEqual(turned.pageSize, PageSize(width: PageSize.a4.height, height: PageSize.a4.width))
        XCTAssertEqual(turned.margins, Style().margins, "a landscape A4 keeps A4's margins")
        let letter = try Templates.style(template: "compact", sets: ["page.size=letter", "page.orientation=landscape"])
        XCTAssertEqual(letter.pageSize, PageSize(width: 792, height: 612))
    }

    /// Regression: a malformed template was "not a JSON object" with no place given.
    func testMalformedTemplateJSONIsReportedWithLineAndColumn() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("quire-json-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("{\n  \"body.size\": 11,\n  \"body.font\": \"Ä\",,\n}\n".utf8).write(to: file)
        XCTAssertThrowsError(try Templates.style(template: file.path, sets: [])) { error in
            XCTAssertTrue("\(error)".contains("\(file.path):3:20: not valid JSON"), "\(error)")
        }
        XCTAssertEqual(JSONValue.parseOrLocate("[1, 2"), .failure(JSONValue.SyntaxError(line: 1, column: 6)))
    }

    /// Regression: footer.center={pagez} was accepted silently and printed as written.
    func testAnUnknownPlaceholderIsAnErrorNamingKeyPlaceholderAndTheAllowed() {
        XCTAssertThrowsError(try Templates.style(template: nil, sets: ["footer.center={pagez}"])) { error in
            XCTAssertTrue("\(error)".contains("unknown placeholder {pagez} in footer.center; allowed: {title} {subtitle} {author} {date} {page} {pages}"), "\(error)")
        }
        XCTAssertThrowsError(try Templates.style(template: nil, sets: [#"header.left={"8": "{page}", "20": "{titel}"}"#]))
        XCTAssertNoThrow(try Templates.style(template: nil, sets: ["footer.center={page} / {pages}", "header.left={{title}", "footer.right={a b}"]))
        XCTAssertNoThrow(try Templates.style(template: nil, sets: ["excerpt.label=Read {more}"]), "not a furniture key")
    }

    func testAnErrorNamesTheOptionTheUserTyped() {
        XCTAssertThrowsError(try Templates.style(template: nil, settings: [("page.size=9x", "--page-size")])) { error in
            XCTAssertTrue("\(error)".contains("for page.size (--page-size)"), "\(error)")
        }
    }

    func testMarginsAcceptOneTwoOrFourLengths() {
        XCTAssertEqual(Lengths.margins(.number(20)), Insets(top: 20, right: 20, bottom: 20, left: 20))
        XCTAssertEqual(Lengths.margins(.string("10 20")), Insets(top: 10, right: 20, bottom: 10, left: 20))
        XCTAssertEqual(Lengths.margins(.string("1 2 3 4")), Insets(top: 1, right: 2, bottom: 3, left: 4))
        XCTAssertNil(Lengths.margins(.string("1 2 3")))
        XCTAssertNil(Lengths.margins(.string("400")))
    }
}

extension TemplatesTests {
    func testMarginsFollowThePageUnlessGiven() throws {
        let a6 = try Templates.style(template: nil, sets: ["page.size=a6"])
        XCTAssertEqual(a6.margins.left, PageSize.a6.width * Style.minimumSideMargin, accuracy: 0.01, "in proportion to the width")
        XCTAssertEqual(a6.margins.top, 68 * PageSize.a6.height / PageSize.a4.height, accuracy: 0.01)
        let given = try Templates.style(template: nil, sets: ["page.size=a6", "page.margin=20"])
        XCTAssertEqual(given.margins.left, 20)
        XCTAssertEqual(try Templates.style(template: "compact", sets: ["page.size=a5"]).margins.left, 14 * 72 / 25.4, accuracy: 0.01)
        // The default template's margins are automatic: an A5 page does not keep A4's.
        let a5 = try Templates.style(template: "default", sets: ["page.size=a5"])
        XCTAssertEqual(a5.margins.left, PageSize.a5.width * Style.minimumSideMargin, accuracy: 0.01)
        XCTAssertEqual(try Templates.style(template: nil, sets: ["page.margin=20", "page.margin=auto"]).margins, Style().margins)
    }

    /// A4 at the default size sets lines of about 70 characters (book measure), not 90.
    func testDefaultMeasureIsAboutSeventyCharacters() {
        let style = Style()
        XCTAssertEqual(style.contentWidth, 70 * 0.48 * style.bodySize, accuracy: 0.01)
        XCTAssertEqual(style.margins.left, style.margins.right)
        XCTAssertGreaterThan(style.margins.left, 100)
    }

    /// Header and footer placeholders are filled in one pass: a title that happens to contain
    /// "{page}" is printed as written, and unknown names stay.
    func testPlaceholdersAreFilledInOnePass() {
        let fills: [Substring: String] = ["title": "Chapter {page}", "page": "7"]
        XCTAssertEqual(filledPlaceholders("{title} · {page} of {pages", { fills[$0] }), "Chapter {page} · 7 of {pages")
        XCTAssertEqual(filledPlaceholders("{unknown}{page}", { fills[$0] }), "{unknown}7")
        XCTAssertEqual(filledPlaceholders("", { fills[$0] }), "")
        XCTAssertEqual(filledPlaceholders("{{page}}", { fills[$0] }), "{7}")
        XCTAssertEqual(filledPlaceholders("a}b{page", { fills[$0] }), "a}b{page")
    }
}
