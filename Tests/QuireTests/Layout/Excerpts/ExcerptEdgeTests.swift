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

/// Excerpts at the edges (issue 23): long tokens on line N, pictures and badges on the cut
/// line, headings before the label, tables and pictures in excerpts, sections as a reader
/// sees them, and where "Continue reading" lands.
final class ExcerptEdgeTests: XCTestCase {
    private func laidOut(_ markdown: String, lines n: Int, style: Style = Style(), images: Bool = false,
                         source: String = "readme.md") -> LaidOutDocument {
        var options = RenderOptions(style: style)
        options.style.excerptLines = n
        options.sourceName = source
        if images { options.baseDirectory = Fixtures.images.path }
        return RenderPipeline.layout(markdown, options)
    }

    private func assertAudited(_ doc: LaidOutDocument, lines n: Int, style: Style = Style(), _ name: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        for problem in ExcerptAudit(doc, style: style, lines: n).problems() {
            XCTFail("\(name) N=\(n) \(problem)", file: file, line: line)
        }
    }

    /// The main flow's lines (before the "Full text" part).
    private func mainLines(_ doc: LaidOutDocument) -> [(page: Int, line: TextLine)] {
        let end = doc.pages.firstIndex { $0.destinations.contains { $0.name == "fulltext" } } ?? doc.pages.count
        return (0..<end).flatMap { p in doc.pages[p].bodyLines.map { (p, $0) } }
    }

    private func labelLines(_ doc: LaidOutDocument) -> [TextLine] {
        mainLines(doc).map(\.line).filter { $0.text.hasSuffix("Continue reading\u{2069}") }
    }

    // MARK: No silent cut

    /// Regression: in ConfigReader-Watch.md, line N of five sections was one DocC symbol too
    /// long to share its line with the label; every trial failed and the line was kept as it
    /// was: cut to N lines with no label, the rest of the section lost without a link.
    func testRegressionDocCSymbolOnLineNIsShortenedNotSilentlyCut() {
        for n in [1, 2, 3, 5, 8] {
            let doc = laidOut(RealFiles.configReaderWatch, lines: n)
            assertAudited(doc, lines: n, "ConfigReader-Watch.md")
            XCTAssertEqual(labelLines(doc).count, doc.excerpts.filter(\.isCut).count, "N=\(n): a label for every cut section")
        }
        let doc = laidOut(RealFiles.configReaderWatch, lines: 3)
        // At the book measure (issue 21) line 3 starts with the whole symbol, "ConfigReader/…".
        let shortened = labelLines(doc).filter { $0.text.hasPrefix("ConfigReader/watchRequiredString(forKey:") }
        XCTAssertEqual(shortened.count, 1, "the symbol on line 3 is shortened: \(labelLines(doc).map(\.text))")
        XCTAssertTrue(shortened.first?.text.contains("… \u{2068}") ?? false)
    }

    /// Regression: the forced break before line N followed the spaces ending line N - 1,
    /// where they counted (at a line's end they hang in the margin), so a full line N - 1 lost
    /// its last word to line N, every trial failed and the label stood alone (commonmark-spec.md
    /// "Links" at N = 3).
    func testRegressionTrailingSpacesBeforeTheCutDoNotPushAWordDown() throws {
        let markdown = """
            # Spec

            ## Links

            A link contains [link text] (the visible text), a [link destination]
            (the URI that is the link destination), and optionally a [link title].
            There are two basic kinds of links in Markdown.  In [inline links] the
            destination and title are given immediately after the link text.  In
            [reference links] the destination and title are defined elsewhere in
            the document.

            """
        let doc = laidOut(markdown, lines: 3)
        assertAudited(doc, lines: 3, "Links")
        let label = try XCTUnwrap(labelLines(doc).first)
        // Line 3 as the uncut section sets it, less its last word or so: no word was pushed down.
        let whole = mainLines(laidOut(markdown, lines: 100)).map(\.line).filter { !$0.shaped.format.text.bold }
        let third = whole[2].text.split(separator: " ").prefix(3).joined(separator: " ")
        XCTAssertTrue(label.text.hasPrefix(third), "\(label.text) starts as line 3 does: \(third)")
    }

    /// Regression: dangling punctuation is trimmed before the label, and a code line "---"
    /// was trimmed to nothing, so the label stood alone (commonmark-spec.md, "Thematic breaks"
    /// at N = 5); punctuation that is all the line shows stays.
    func testRegressionPunctuationThatIsAllOfLineNStays() throws {
        let doc = laidOut("# Spec\n\n## Breaks\n\n```\n***\n---\n___\n```\n\n" + prose(40) + "\n", lines: 2)
        assertAudited(doc, lines: 2, "breaks")
        XCTAssertEqual(try XCTUnwrap(labelLines(doc).first).text, "---… \u{2068}Continue reading\u{2069}")
    }

    /// Regression: the binary search over cut positions took a position showing only spaces
    /// (the thin space opening a framed alt text) as one that does not fit, and never tried the
    /// word after it: a lone remote picture on line N left the label alone.
    func testRegressionSpacesOpeningLineNDoNotHideTheWordAfterThem() throws {
        let doc = laidOut("# Doc\n\n## Logo\n\n![Rainbow](https://example.com/rainbow.png)\n\n" + prose(40) + "\n", lines: 1)
        assertAudited(doc, lines: 1, "logo")
        XCTAssertEqual(try XCTUnwrap(labelLines(doc).first).text, "\u{2009}\u{202F}Rainbow… \u{2068}Continue reading\u{2069}")
    }

    func testATokenLongerThanTheLineIsShortenedWithAnEllipsis() {
        let token = "`" + String(repeating: "VeryLongSymbolName/", count: 12) + "`"
        let lines = labelLines(laidOut("## S\n\nFirst line of text, one line long at the book measure.\n\n- \(token) and more text " + prose(40), lines: 2))
        XCTAssertEqual(lines.count, 1)
        XCTAssertTrue(lines[0].text.hasPrefix("VeryLongSymbolName/VeryLong"), lines[0].text)
    }

    /// When not even one character of line N fits beside the label (here a picture nearly as
    /// wide as the column), the label stands alone on line N, and the picture goes.
    func testLabelAloneOnLineNWhenNothingOfItFits() throws {
        let width = Int((Style().contentWidth - 8) / 0.75)  // CSS pixels
        let markdown = "# Doc\n\n## S\n\n" + prose(8) + "\n\n<img src=\"badge.png\" width=\"\(width)\" height=\"20\"> " + prose(60) + "\n"
        let lines = mainLines(laidOut(markdown, lines: 10, images: true)).map(\.line)
        XCTAssertEqual(lines[3].text, "\u{FFFC} ", "the picture fills line 2 of the section")
        let doc = laidOut(markdown, lines: 2, images: true)
        assertAudited(doc, lines: 2, "picture on line N")
        let label = try XCTUnwrap(labelLines(doc).first)
        XCTAssertEqual(label.text, "… \u{2068}Continue reading\u{2069}", "nothing of line N fits: the label alone")
        let images = doc.pages[0].items.compactMap { if case .image(let r, _, _) = $0 { return r } else { return nil } }
        XCTAssertTrue(images.isEmpty, "the picture went with its line: \(images)")
        XCTAssertEqual(mainLines(doc).count, 4, "the title, the heading, line 1, the label")
    }

    // MARK: Pictures on the cut line

    /// Regression: when line N held inline pictures or framed badges, the line was re-set but
    /// the old frames stayed: "Continue" ran through a badge and an empty frame sat over
    /// "reading" (Files, Rainbow, SwiftGraph, jwt-kit at N = 1 to 3); a centred line re-centred
    /// after the cut moved every frame out of place.
    func testRegressionLabelNeverOverlapsAPictureOrFrameOnTheCutLine() {
        // Badges under a heading are counted (only a preamble's leading badges are not).
        let readmes = [RealFiles.filesReadme, RealFiles.rainbowReadme, RealFiles.swiftGraphReadme, RealFiles.jwtKitReadme]
        let underHeadings = readmes.map { "# Doc\n\n## Badges\n\n" + $0.replacingOccurrences(of: "# SwiftGraph", with: "## SwiftGraph") }
        for (k, markdown) in (readmes + underHeadings).enumerated() {
            for n in 1...3 {
                let doc = laidOut(markdown, lines: n, images: true)
                assertAudited(doc, lines: n, "readme \(k)")
                for (p, page) in doc.pages.enumerated() {
                    for label in page.links where isLabel(label) {
                        guard let line = page.bodyLines.first(where: { abs($0.top - label.rect.y) < 0.5 }) else { continue }
                        let boxes = page.items.compactMap { item -> Rect? in
                            switch item {
                            case .image(let r, _, _), .frame(let r, _, _): return r
                            default: return nil
                            }
                        }.filter { $0.maxY > line.baseline - 2 && $0.y < line.baseline + 2 }
                        for box in boxes {
                            XCTAssertLessThanOrEqual(box.maxX, label.rect.x + 0.5, "readme \(k) N=\(n) page \(p): a frame over the label")
                            XCTAssertGreaterThanOrEqual(box.x, line.x - 0.5, "readme \(k) N=\(n): a frame off its line")
                            // Each frame stands on text of its line: its framed text is on the line.
                        }
                        let framed = line.shaped.text.frames.filter { $0.lowerBound < line.shaped.lines[line.lineIndex].start + line.shaped.lines[line.lineIndex].length }
                        XCTAssertLessThanOrEqual(boxes.count, framed.count + line.shaped.text.images.count, "readme \(k) N=\(n): frames left behind")
                    }
                }
            }
        }
    }

    private func isLabel(_ link: LinkArea) -> Bool {
        if case .destination(let name) = link.target { return name.hasPrefix("full") }
        return false
    }

    func testCentredBadgeLineCutKeepsEveryFrameOnItsText() throws {
        let badges = (1...12).map { "<a href=\"https://example.com/\($0)\"><img src=\"https://img.shields.io/b\($0).svg\" alt=\"Badge number \($0)\"></a>" }
        let markdown = "# Doc\n\n## Status\n\n<p align=\"center\">\n" + badges.joined(separator: "\n") + "\n</p>\n\n" + prose(40) + "\n"
        let doc = laidOut(markdown, lines: 1)
        assertAudited(doc, lines: 1, "centred badges")
        let label = try XCTUnwrap(labelLines(doc).first)
        let frames = doc.pages[0].items.compactMap { if case .frame(let r, _, _) = $0 { return r } else { return nil } }
            .filter { $0.y < label.baseline && $0.maxY > label.baseline }
        XCTAssertFalse(frames.isEmpty)
        // Every frame encloses exactly one framed range of the re-set line, where Pango put it
        // (drawn inside the spaces that pad it, centred on it: issue 21's gap).
        let shaped = label.shaped
        let ranges = shaped.text.frames.flatMap { shaped.xRanges(line: label.lineIndex, bytes: $0) }
            .map { (label.x - shaped.lines[label.lineIndex].x + $0.lowerBound)...(label.x - shaped.lines[label.lineIndex].x + $0.upperBound) }
        XCTAssertEqual(frames.count, ranges.count)
        // At the line's end, where the padding after the text hangs with the spaces, the frame
        // keeps as much room after its text as before it (issue 46), past the range's extent.
        let rightmost = ranges.map(\.upperBound).max() ?? 0
        for frame in frames {
            let enclosing = ranges.filter { r in
                let inside = r.lowerBound <= frame.x + 0.01 && frame.maxX <= r.upperBound + 0.01
                    && abs((r.lowerBound + r.upperBound) / 2 - (frame.x + frame.maxX) / 2) < 0.01
                let lineEnd = abs(r.upperBound - rightmost) < 0.01 && r.lowerBound <= frame.x + 0.01 && frame.x < r.upperBound
                return inside || lineEnd
            }
            XCTAssertEqual(enclosing.count, 1, "\(frame)")
        }
        // The line is centred as a whole, label included.
        let style = Style()
        let center = style.margins.left + style.contentWidth / 2
        XCTAssertEqual(label.x + label.width / 2, center, accuracy: 1)
    }

    // MARK: Headings

    /// Regression: a digest entry cut to 3 lines ended with an H2 and the label; a heading is
    /// never the last thing before the label: the cut moves before it.
    func testRegressionDigestEntryNeverEndsOnABareHeading() {
        let markdown = "# Doc\n\nOne line.\n\nAnother line.\n\n## Usage\n\n" + prose(80) + "\n\n## More\n\n" + prose(80)
        let (info, body, _) = FrontMatter.split(markdown)
        let docs = [DigestDocument(path: "a.md", canonicalPath: "/a.md", document: parseMarkdown(body), info: info)]
        for n in 1...5 {
            let digest = layoutDigest(docs, failures: [], title: "D", date: "2026", style: Style(), excerptLines: n).laidOut
            for problem in ExcerptAudit(digest, style: Style(), lines: n, mode: .digest).problems() { XCTFail("N=\(n) \(problem)") }
            let entry = digest.pages.flatMap(\.bodyLines).map(\.text)
            let label = entry.firstIndex { $0.hasSuffix("Continue reading\u{2069}") }!
            if entry[label].hasPrefix("…") { XCTAssertNotEqual(entry[label - 1], "Usage", "N=\(n): the heading is not the last thing before the label") }
            XCTAssertNotEqual(entry[label], "Usage… \u{2068}Continue reading\u{2069}")
        }
    }

    func testCutPlans() {
        func units(_ kinds: [ExcerptUnit.Kind]) -> [ExcerptUnit] {
            kinds.enumerated().map { ExcerptUnit(kind: $1, slices: $0..<($0 + 1)) }
        }
        let t = ExcerptUnit.Kind.text, h = ExcerptUnit.Kind.heading
        let header = ExcerptUnit.Kind.tableRow(table: 1, isHeader: true), row = ExcerptUnit.Kind.tableRow(table: 1, isHeader: false)
        XCTAssertNil(ExcerptCut(units([t, t, t]), lines: 3), "fits")
        XCTAssertEqual(ExcerptCut(units([t, t, t, t]), lines: 3), .label(2))
        XCTAssertEqual(ExcerptCut(units([t, t, h, t]), lines: 3), .alone(2), "a heading on line N: the label in its place")
        XCTAssertEqual(ExcerptCut(units([t, h, h, t]), lines: 3), .alone(1), "two headings in a row: before both")
        XCTAssertEqual(ExcerptCut(units([h, t]), lines: 1), .alone(0))
        XCTAssertEqual(ExcerptCut(units([header, row, row, row]), lines: 3), .alone(2), "header, one row, the label")
        XCTAssertEqual(ExcerptCut(units([header, row, row, row, row, row]), lines: 5), .alone(4))
        XCTAssertEqual(ExcerptCut(units([t, header, row, row]), lines: 3), .alone(1), "no room for a row: before the table")
        XCTAssertEqual(ExcerptCut(units([h, header, row, row]), lines: 3), .alone(0), "and before the heading over it")
        XCTAssertEqual(ExcerptCut(units([row, row, row]), lines: 2), .alone(1), "a table without header: one row suffices")
        XCTAssertEqual(ExcerptCut(units([t, .block, t]), lines: 2), .alone(1))
    }

    // MARK: Tables and pictures

    /// Regression: a section opening with a table showed "… Continue reading" alone.
    func testRegressionSectionOpeningWithATableShowsItsHeaderAndRows() {
        let table = "| Name | Value |\n|---|---|\n" + (1...8).map { "| row\($0) | \($0) |" }.joined(separator: "\n")
        let markdown = "## Data\n\n" + table + "\n\nAfter the table. " + prose(40) + "\n"
        for n in [1, 2, 3, 5, 8] {
            let doc = laidOut(markdown, lines: n)
            assertAudited(doc, lines: n, "table first")
            let texts = mainLines(doc).map(\.line.text)
            if n >= 3 {
                XCTAssertTrue(texts.contains("Name"), "N=\(n): the header")
                XCTAssertTrue(texts.contains("row\(n - 2)"), "N=\(n): \(n - 2) rows")
                XCTAssertFalse(texts.contains("row\(n - 1)"), "N=\(n): and no more")
                XCTAssertEqual(texts.last, "… \u{2068}Continue reading\u{2069}", "the label on its own line N")
            }
        }
    }

    func testAPictureCountsOneLineScaledToTheLineHeight() throws {
        let markdown = "# Doc\n\n## Picture\n\n![A diagram](diagram.png)\n\n" + prose(80) + "\n"
        let doc = laidOut(markdown, lines: 2, images: true)
        assertAudited(doc, lines: 2, "picture")
        let lineHeight = Typography(Style()).body.lineHeight
        let images = doc.pages[0].items.compactMap { if case .image(let r, _, _) = $0 { return r } else { return nil } }
        XCTAssertEqual(images.count, 1)
        XCTAssertLessThanOrEqual(try XCTUnwrap(images.first).height, lineHeight + 0.01, "scaled to the line height")
        XCTAssertEqual(labelLines(doc).count, 1)
        // The full text shows it at its size; a section not cut shows it whole too.
        let fullImages = doc.pages.dropFirst().flatMap(\.items).compactMap { if case .image(let r, _, _) = $0 { return r } else { return nil } }
        XCTAssertEqual(fullImages.map(\.height), [105])
        let short = laidOut("# Doc\n\n## Picture\n\n![A diagram](diagram.png)\n\nShort.\n", lines: 2, images: true)
        XCTAssertEqual(short.excerpts.map(\.isCut), [false])
        XCTAssertEqual(short.pages[0].items.compactMap { if case .image(let r, _, _) = $0 { return r.height } else { return nil } }, [105])
    }

    // MARK: Sections as a reader sees them

    func testHTMLHeadingsStartSectionsAndTitleTheDocument() {
        let markdown = "<h1 align=\"center\">My Project</h1>\n\n" + prose(60) + "\n\n<h2 align=\"center\">Usage</h2>\n\n" + prose(60, seed: "u") + "\n"
        let doc = laidOut(markdown, lines: 2)
        assertAudited(doc, lines: 2, "HTML headings")
        XCTAssertEqual(doc.excerpts.map(\.title), ["My Project", "Usage"])
        XCTAssertEqual(doc.excerpts.map(\.isCut), [true, true])
        XCTAssertEqual(doc.excerpts.map(\.lines.count), [2, 2])
    }

    func testThePreamblesFullTextIsTitledWithTheDocumentsTitle() {
        let preamble = "[![Build](https://ci.example.com/b.svg)](https://ci.example.com)\n\n" + prose(80) + "\n\n"
        func fullTextTitles(_ markdown: String, source: String = "readme.md") -> [String] {
            let doc = laidOut(markdown, lines: 1, source: source)
            return doc.outline.drop { $0.title != "Full text" }.dropFirst().map(\.title)
        }
        XCTAssertEqual(fullTextTitles("---\ntitle: From Front Matter\n---\n" + preamble + "# Later H1\n\nx\n"), ["From Front Matter"])
        XCTAssertEqual(fullTextTitles(preamble + "# Later H1\n\nx\n"), ["Later H1"])
        XCTAssertEqual(fullTextTitles(preamble + "<h1>HTML H1</h1>\n\nx\n"), ["HTML H1"])
        XCTAssertEqual(fullTextTitles(preamble + "## Only H2\n\nx\n", source: "/docs/guide.md"), ["guide"], "else the file name")
        XCTAssertEqual(fullTextTitles(preamble + "## Only H2\n\nx\n", source: "/docs/project/readme.md"), ["project"],
                       "a README's folder name")
        XCTAssertEqual(fullTextTitles("## Opening H2\n\n" + preamble + "# Later H1\n\nx\n"), ["Opening H2"],
                       "the heading that opens the document stands over the part")
    }

    /// A preamble of badges and blank lines is shown whole and not counted: the N lines go to
    /// the first prose (SwiftGraph's ten badges took both lines at N = 2).
    func testBadgePreambleIsShownWholeAndTheLinesGoToTheProse() throws {
        for n in [1, 2, 3] {
            let doc = laidOut(RealFiles.swiftGraphReadme, lines: n)
            assertAudited(doc, lines: n, "SwiftGraph")
            // Static badges are drawn (images), the others framed placeholders (one split over two lines).
            let badges = doc.pages[0].items.filter { switch $0 { case .frame, .image: return true; default: return false } }
            XCTAssertGreaterThanOrEqual(badges.count, 10, "N=\(n): every badge")
            // The preview shows the badges' lines, then N lines of prose.
            let preview = try XCTUnwrap(doc.excerpts.first?.lines)
            XCTAssertEqual(preview.firstIndex { $0.hasPrefix("SwiftGraph is a pure Swift") }, preview.count - n,
                           "N=\(n): the lines go to the prose: \(preview)")
        }
        for (name, markdown, prose) in [("Files", RealFiles.filesReadme, "Welcome to Files"), ("Rainbow", RealFiles.rainbowReadme, "Rainbow adds"),
                                        ("jwt-kit", RealFiles.jwtKitReadme, "🔑 JSON Web Token")] {
            let doc = laidOut(markdown, lines: 1)
            assertAudited(doc, lines: 1, name)
            XCTAssertTrue(doc.excerpts.first?.lines.last?.hasPrefix(prose) ?? false, "\(name): \(doc.excerpts.first?.lines ?? [])")
        }
    }

    // MARK: Where the link lands

    func testTheFullTextMarksWhereTheExcerptStopped() throws {
        let doc = laidOut("## Notes\n\n" + prose(200) + "\n", lines: 3)
        assertAudited(doc, lines: 3, "mark")
        let fullPage = try XCTUnwrap(doc.pages.firstIndex { $0.destinations.contains { $0.name == "full1" } })
        let marks = doc.pages[fullPage].items.compactMap { item -> (x: Double, y: Double)? in
            guard case .line(let a, let b, _, _) = item, a.x == b.x, a.x < Style().margins.left else { return nil }
            return (a.x, a.y)
        }
        XCTAssertEqual(marks.count, 1)
        let mark = try XCTUnwrap(marks.first)
        let beside = doc.pages[fullPage].bodyLines.filter { abs($0.baseline - mark.y) < 12 && $0.top <= mark.y + 1 }
        let cutLine = try XCTUnwrap(labelLines(doc).first)
        let shown = cutLine.text.components(separatedBy: "…")[0].trimmingCharacters(in: .whitespaces)
        XCTAssertTrue(beside.contains { $0.text.hasPrefix(shown) }, "\(beside.map(\.text)) begins with \(shown)")
        // A right-to-left paragraph is marked in the right margin, where its lines start.
        let arabic = laidOut("## عربي\n\n" + String(repeating: "هذه فقرة باللغة العربية. ", count: 60) + "\n", lines: 2)
        assertAudited(arabic, lines: 2, "Arabic")
        let rightMarks = arabic.pages.flatMap(\.items).filter {
            if case .line(let a, let b, _, _) = $0 { return a.x == b.x && a.x > Style().margins.left + Style().contentWidth }
            return false
        }
        XCTAssertEqual(rightMarks.count, 1)
    }
}

private func XCTAssertEqual(_ a: [Double], _ b: [Double], accuracy: Double, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.count, b.count, "\(a) vs \(b)", file: file, line: line)
    for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: accuracy, file: file, line: line) }
}
