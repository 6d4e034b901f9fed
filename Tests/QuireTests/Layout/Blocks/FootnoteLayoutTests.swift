@testable import Quire
import XCTest

/// Footnotes: numbered superscript references linking to the notes at the end, each note
/// linking back.
final class FootnoteLayoutTests: XCTestCase {
    private func links(_ doc: LaidOutDocument) -> [(page: Int, area: LinkArea)] {
        doc.pages.enumerated().flatMap { p, page in page.links.map { (p, $0) } }
    }

    func testReferencesAreNumberedSuperscriptsInOrderOfFirstUse() {
        let doc = layout("Alpha[^b] beta[^a] gamma[^b].\n\n[^a]: Note A.\n[^b]: Note B.\n")
        let line = doc.allLines[0]
        XCTAssertEqual(line.text, "Alpha1 beta2 gamma1.")
        let text = line.shaped.text
        for offset in [5, 11, 18] {
            XCTAssertTrue(text.attributes(at: offset).superscript, "offset \(offset)")
            XCTAssertEqual(text.attributes(at: offset).color, Style().linkColor)
        }
        let targets = doc.pages[0].links.filter { $0.rect.y < line.baseline + 5 }.map(\.target)
        XCTAssertEqual(targets, [.destination("fn1"), .destination("fn2"), .destination("fn1")])
    }

    func testNotesComeAtTheEndAndLinkBack() {
        let body = (1...40).map { "Paragraph \($0) " + prose(40) }.joined(separator: "\n\n")
        let doc = layout("Start[^n] here.\n\n[^n]: The note's text.\n\n" + body + "\n")
        XCTAssertGreaterThan(doc.pages.count, 2)
        let notePage = doc.pages.firstIndex { $0.destinations.contains { $0.name == "fn1" } }
        let referencePage = doc.pages.firstIndex { $0.destinations.contains { $0.name == "fnref1" } }
        XCTAssertEqual(referencePage, 0)
        XCTAssertEqual(notePage, doc.pages.count - 1, "after the last paragraph")
        let lastBody = doc.pages[notePage!].bodyLines.lastIndex { $0.text.contains("Paragraph 40") || $0.text.contains("word40") }
        let note = doc.pages[notePage!].bodyLines.firstIndex { $0.text.contains("The note") }
        XCTAssertNotNil(note)
        if let lastBody, let note { XCTAssertGreaterThan(note, lastBody) }
        let back = links(doc).filter { $0.area.target == .destination("fnref1") }
        XCTAssertEqual(back.count, 1)
        XCTAssertEqual(back[0].page, notePage)
        let number = doc.pages[notePage!].bodyLines.first { $0.text == "1." }
        XCTAssertNotNil(number, "the note's number")
        XCTAssertEqual(back[0].area.rect.x, number!.x, accuracy: 0.01, "the number links back")
    }

    func testFootnotesRenderToAValidPDF() throws {
        let result = try Quire.render(markdown: "Text[^1] and[^2].\n\n[^1]: One.\n[^2]: Two with [a link](https://example.com).\n")
        XCTAssertEqual(result.warnings, [])
        XCTAssertEqual(Array(result.pdf.prefix(5)), Array("%PDF-".utf8))
    }
}
