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

/// Footnotes: numbered superscript references linking to the notes, at the foot of the page
/// of their reference (or at the end), each note linking back.
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

    /// `footnote.placement` "end" keeps the notes after the text.
    func testNotesComeAtTheEndAndLinkBack() {
        let body = (1...40).map { "Paragraph \($0) " + prose(40) }.joined(separator: "\n\n")
        var style = Style()
        style.footnotePlacement = .end
        let doc = layout("Start[^n] here.\n\n[^n]: The note's text.\n\n" + body + "\n", style: style)
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

    /// The note's lines on `page`, by their text.
    private func noteLines(_ page: Page, _ prefix: String) -> [TextLine] {
        page.bodyLines.filter { $0.text.hasPrefix(prefix) }
    }

    /// Regression: every note went to the end of the document, pages away from its reference.
    func testNoteSitsAtTheFootOfThePageOfItsReference() {
        let body = (1...30).map { "Paragraph \($0) " + prose(40) }.joined(separator: "\n\n")
        let doc = layout(body + "\n\nHere is the claim[^n] in the text.\n\n" + body + "\n\n[^n]: Notetext " + prose(12, seed: "note") + "\n")
        let style = Style()
        let reference = doc.pages.firstIndex { $0.destinations.contains { $0.name == "fnref1" } }!
        let notePage = doc.pages.firstIndex { $0.destinations.contains { $0.name == "fn1" } }
        XCTAssertGreaterThan(reference, 0)
        XCTAssertEqual(notePage, reference, "on the page of its reference")
        let page = doc.pages[reference]
        let note = noteLines(page, "Notetext")
        XCTAssertEqual(note.count, 1)
        let lowest = page.bodyLines.filter { !$0.text.hasPrefix("Notetext") && !$0.text.hasPrefix("note") && $0.text != "1." }
            .map(\.baseline).max()!
        XCTAssertGreaterThan(note[0].baseline, lowest, "under the text")
        // At the foot: the note's last line ends at the text block's bottom.
        let last = page.bodyLines.filter { $0.baseline >= note[0].baseline }.map { $0.top + $0.shaped.format.text.lineHeight }.max()!
        XCTAssertEqual(last, style.margins.top + style.contentHeight, accuracy: 2)
        XCTAssertEqual(note[0].shaped.format.text.size, style.bodySize * Typography.footnoteScale, accuracy: 0.001, "set smaller")
        // A short rule above it, a third of the column.
        let rules = page.items.compactMap { item -> (Point, Point)? in
            if case .line(let a, let b, _, _) = item, a.y == b.y, a.y < note[0].top, a.y > lowest { return (a, b) } else { return nil }
        }
        XCTAssertEqual(rules.count, 1)
        XCTAssertEqual(rules[0].1.x - rules[0].0.x, style.contentWidth / 3, accuracy: 0.5)
        XCTAssertFalse(doc.pages.last!.bodyLines.contains { $0.text.hasPrefix("Notetext") } && doc.pages.count - 1 != reference)
        // The reference links to the note and the note's number back to it.
        XCTAssertTrue(page.links.contains { $0.target == .destination("fn1") })
        XCTAssertTrue(page.links.contains { $0.target == .destination("fnref1") })
    }

    /// A note too long for the page's foot continues at the next page's foot, before that
    /// page's own notes.
    func testLongNoteContinuesOnTheNextPagesFoot() {
        let body = (1...14).map { "Paragraph \($0) " + prose(40) }.joined(separator: "\n\n")
        let long = (1...50).map { "Longnote\($0) " + prose(10, seed: "n\($0)w") }.joined(separator: " ")
        let markdown = body + "\n\nThe claim[^a].\n\n" + body + "\n\nAnother[^b].\n\n" + body
            + "\n\n[^a]: " + long + "\n\n[^b]: Second note.\n"
        let doc = layout(markdown)
        let reference = doc.pages.firstIndex { $0.destinations.contains { $0.name == "fnref1" } }!
        let pagesWithNote = doc.pages.indices.filter { !noteLines(doc.pages[$0], "Longnote").isEmpty || doc.pages[$0].bodyLines.contains { $0.text.contains("Longnote") } }
        XCTAssertEqual(pagesWithNote.first, reference, "starts on the reference's page")
        XCTAssertGreaterThan(pagesWithNote.count, 1, "continues")
        XCTAssertEqual(pagesWithNote, Array(pagesWithNote.first!...pagesWithNote.last!), "on consecutive pages")
        // The continued part sits under text on the next page, at its foot.
        let next = doc.pages[pagesWithNote[1]]
        let continued = next.bodyLines.filter { $0.text.contains("Longnote") || $0.text.contains("w") && $0.shaped.format.text.size < Style().bodySize }
        let text = next.bodyLines.filter { $0.text.hasPrefix("Paragraph") || $0.text.hasPrefix("word") }
        if let firstNote = continued.map(\.top).min(), let lastText = text.map(\.top).max() {
            XCTAssertGreaterThan(firstNote, lastText)
        }
        // Every word of the note is shown once.
        let words = doc.allLines.flatMap { $0.text.split(separator: " ") }.filter { $0.hasPrefix("Longnote") }
        XCTAssertEqual(words.count, 50)
        XCTAssertTrue(doc.allDestinations.contains("fn2"))
    }

    /// Regression (swift-numerics' README, p. 1 60% blank): a 25-line note fitted whole under
    /// its reference, so the paragraph kept with the code block after the reference found no
    /// room and the reference, its note and its text all moved to the next page. A long note
    /// set whole gives its lines after the third to the text after its reference.
    func testLongNoteSetWholeGivesWayToTheTextAfterItsReference() {
        let intro = (1...3).map { "Intro \($0) " + prose(40) }.joined(separator: "\n\n")
        let code = "```\nlet one = 1\nlet two = 2\nlet three = 3\n```"
        let after = (1...12).map { "After \($0) " + prose(30) }.joined(separator: "\n\n")
        let note = (1...25).map { "Notepart\($0) " + prose(8, seed: "n\($0)w") }.joined(separator: "\n\n")
        let doc = layout(intro + "\n\nThe claim[^n] that introduces:\n\n" + code + "\n\n" + after
                         + "\n\n[^n]: " + note.replacingOccurrences(of: "\n\n", with: "\n\n    ") + "\n")
        let reference = doc.pages.firstIndex { $0.destinations.contains { $0.name == "fnref1" } }
        XCTAssertEqual(reference, 0, "the reference stays on the first page")
        let first = doc.pages[0]
        XCTAssertTrue(first.bodyLines.contains { $0.text.hasPrefix("After 1") }, "the text after the reference follows it")
        let shown = first.bodyLines.filter { $0.text.hasPrefix("Notepart") }.count
        XCTAssertGreaterThanOrEqual(shown, NoteArea.keptLines, "the note's first lines stay under its reference")
        XCTAssertLessThan(shown, 25, "its later lines went on")
        let parts = doc.allLines.flatMap { $0.text.split(separator: " ") }.filter { $0.hasPrefix("Notepart") }
        XCTAssertEqual(parts.count, 25, "every part shown once")
        let pages = doc.pages.indices.filter { doc.pages[$0].bodyLines.contains { $0.text.hasPrefix("Notepart") } }
        XCTAssertEqual(pages, [0, 1], "continued on the next page's foot")
    }

    /// Notes referred to inside a note follow it; a note no page shows a reference to (an
    /// excerpt left it out, and there is no full text) is set after the text, not lost.
    func testNestedAndUnshownNotes() {
        let doc = layout("Text[^a].\n\n[^a]: First, citing[^b].\n\n[^b]: Second.\n")
        XCTAssertEqual(doc.pages.count, 1)
        let lines = doc.pages[0].bodyLines.map(\.text)
        XCTAssertLessThan(lines.firstIndex { $0.hasPrefix("First") }!, lines.firstIndex { $0.hasPrefix("Second") }!)
        var style = Style()
        style.excerptLines = 1
        let preview = layout("# T\n\n" + prose(200) + " cited[^x].\n\n[^x]: The unshown note.\n",
                             style: style, includeFullText: false)
        XCTAssertTrue(preview.allLines.contains { $0.text.contains("unshown note") })
    }

    func testFootnotesRenderToAValidPDF() throws {
        let result = try Quire.render(markdown: "Text[^1] and[^2].\n\n[^1]: One.\n[^2]: Two with [a link](https://example.com).\n")
        XCTAssertEqual(result.warnings, [])
        XCTAssertEqual(Array(result.pdf.prefix(5)), Array("%PDF-".utf8))
    }
}
