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

/// Images in the page model: block and inline placement, scaling, placeholders, paths.
final class ImageLayoutTests: XCTestCase {
    private var folder: URL!

    /// A fresh folder holding the sample images, plus docs/ for relative paths.
    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("quire-images-\(UUID())")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("docs/img"), withIntermediateDirectories: true)
        for name in ["diagram.png", "landscape.jpg", "ring.gif", "logo.svg", "badge.png", "badge.svg", "corrupt.png"] {
            try FileManager.default.copyItem(at: Fixtures.images.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        try FileManager.default.copyItem(at: Fixtures.images.appendingPathComponent("diagram.png"),
                                         to: folder.appendingPathComponent("docs/img/diagram.png"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func render(_ markdown: String, base: String? = nil, root: String? = nil, style: Style = Style()) -> LaidOutDocument {
        layout(markdown, style: style) { options in
            options.baseDirectory = base ?? folder.path
            options.resourceRoot = root
        }
    }

    private func images(_ page: Page) -> [(rect: Rect, image: LoadedImage)] {
        page.items.compactMap { if case .image(let r, let i, _) = $0 { return (r, i) } else { return nil } }
    }

    private func frames(_ page: Page) -> [Rect] {
        page.items.compactMap { if case .frame(let r, _, _) = $0 { return r } else { return nil } }
    }

    func testBlockImageKeepsItsSizeWhenItFits() {
        let doc = render("![Diagram](diagram.png)\n")
        let placed = images(doc.pages[0])
        XCTAssertEqual(placed.count, 1)
        XCTAssertEqual(placed[0].rect.width, 360 * 0.75, accuracy: 0.01)
        XCTAssertEqual(placed[0].rect.height, 140 * 0.75, accuracy: 0.01)
        XCTAssertEqual(placed[0].rect.x, Style().margins.left, accuracy: 0.01)
        XCTAssertEqual(doc.warnings, [])
    }

    func testBlockImageIsScaledToTheColumnWithItsAspectKept() {
        var style = Style()
        style.pageSize = .a6
        let doc = render("![Landscape](landscape.jpg)\n", style: style)
        let rect = images(doc.pages[0])[0].rect
        XCTAssertEqual(rect.width, style.contentWidth, accuracy: 0.01)
        XCTAssertEqual(rect.height / rect.width, 300.0 / 480.0, accuracy: 0.001)
    }

    func testTallImageIsScaledToThePage() throws {
        let svg = "<svg xmlns='http://www.w3.org/2000/svg' width='100' height='3000'><rect width='100' height='3000' fill='red'/></svg>"
        try Data(svg.utf8).write(to: folder.appendingPathComponent("tall.svg"))
        let style = Style()
        let doc = render("![](tall.svg)\n", style: style)
        let rect = images(doc.pages[0])[0].rect
        XCTAssertLessThanOrEqual(rect.height, style.contentHeight + 0.01)
        XCTAssertEqual(rect.width / rect.height, 100.0 / 3000.0, accuracy: 0.0001)
        XCTAssertLessThanOrEqual(rect.maxY, style.pageSize.height - style.margins.bottom + 0.01)
    }

    func testCaptionIsTheAltTextUnderTheImage() {
        let doc = render("![A diagram of three boxes](diagram.png)\n")
        let rect = images(doc.pages[0])[0].rect
        let caption = doc.pages[0].bodyLines.first { $0.text == "A diagram of three boxes" }
        XCTAssertNotNil(caption)
        XCTAssertGreaterThan(caption!.baseline, rect.maxY)
    }

    func testBadgeSitsInTheLine() {
        let doc = render("Build ![status](badge.png) passing and more words here.\n")
        let page = doc.pages[0]
        let line = page.bodyLines[0]
        XCTAssertTrue(line.text.hasPrefix("Build \u{FFFC} passing"), line.text)
        let badge = images(page)[0].rect
        XCTAssertEqual(badge.height, 15, accuracy: 0.01, "20 px tall")
        XCTAssertGreaterThan(badge.x, line.x + 10, "after the first word")
        XCTAssertLessThan(badge.y, line.baseline)
        XCTAssertGreaterThan(badge.maxY, line.baseline - 1, "around the baseline")
        XCTAssertEqual(page.bodyLines.count, 1, "one line: the badge is not a block")
    }

    func testLargeImageAmongTextStandsBetweenItsParts() {
        let doc = render("Before the picture ![d](diagram.png) after it.\n")
        let page = doc.pages[0]
        let lines = page.bodyLines.map(\.text)
        let rect = images(page)[0].rect
        let before = page.bodyLines.first { $0.text.hasPrefix("Before") }!
        let after = page.bodyLines.first { $0.text.hasPrefix("after") }!
        XCTAssertLessThan(before.baseline, rect.y, "\(lines)")
        XCTAssertGreaterThan(after.baseline, rect.maxY)
    }

    func testLinkedImageLinksThePicture() {
        let doc = render("[![Logo](logo.svg)](https://example.com/home)\n")
        let rect = images(doc.pages[0])[0].rect
        XCTAssertTrue(doc.pages[0].links.contains { $0.target == .uri("https://example.com/home") && $0.rect == rect })
    }

    func testPathsAreRelativeToTheMarkdownFolder() {
        let doc = render("![d](img/diagram.png)\n\n![d](img/diagram.png?raw=true)\n", base: folder.appendingPathComponent("docs").path,
                         root: folder.path)
        XCTAssertEqual(images(doc.pages[0]).count, 2)
        XCTAssertEqual(doc.warnings, [])
    }

    func testRemoteImageIsAPlaceholderLinkedToItsURLWithAWarning() {
        let url = "https://example.com/shot.png"
        let doc = render("Intro.\n\n![A screenshot](\(url))\n")
        let page = doc.pages[0]
        XCTAssertTrue(images(page).isEmpty, "never fetched")
        let frame = frames(page)
        XCTAssertEqual(frame.count, 1)
        let texts = page.bodyLines.map(\.text)
        XCTAssertTrue(texts.contains("A screenshot"))
        XCTAssertTrue(texts.contains(url))
        let link = page.links.first { $0.target == .uri(url) }
        XCTAssertNotNil(link)
        XCTAssertTrue(link!.rect.y >= frame[0].y && link!.rect.maxY <= frame[0].maxY + 0.01, "the link is inside the frame")
        XCTAssertEqual(doc.warnings, [Warning(line: 3, message: "remote image not fetched: \(url); a placeholder stands in")])
    }

    func testRemoteBadgeInTextIsAFramedLinkedAltText() {
        let doc = render("See ![CI](https://ci.example.com/badge.svg) now.\n")
        let page = doc.pages[0]
        XCTAssertEqual(page.bodyLines.count, 1)
        XCTAssertTrue(page.bodyLines[0].text.contains("CI"))
        XCTAssertEqual(frames(page).count, 1)
        XCTAssertEqual(page.links.map(\.target), [.uri("https://ci.example.com/badge.svg")])
        XCTAssertEqual(doc.warnings.count, 1)
    }

    /// Linked remote images are mostly badges: framed alt text in the line, linked to the link.
    func testLinkedRemoteImageAloneStaysInTheLine() {
        let doc = render("[![Build](https://ci.example.com/b.svg)](https://ci.example.com)\n\n<img src=\"https://x.example/a.png\" height=\"20\" alt=\"Small\">\n")
        let page = doc.pages[0]
        XCTAssertEqual(page.bodyLines.map(\.text), ["\u{2009}\u{202F}Build\u{202F}\u{2009}", "\u{2009}\u{202F}Small\u{202F}\u{2009}"])
        XCTAssertEqual(frames(page).count, 2)
        XCTAssertEqual(page.links.map(\.target), [.uri("https://ci.example.com"), .uri("https://x.example/a.png")])
        XCTAssertEqual(doc.warnings.count, 2)
    }

    func testPlaceholderIsAtLeastAsLargeAsDeclared() {
        let doc = render("<img src=\"https://x.example/logo.png\" width=\"400\" height=\"200\" alt=\"Logo\">\n")
        let frame = frames(doc.pages[0])[0]
        XCTAssertEqual(frame.width, 300, accuracy: 0.01)
        XCTAssertEqual(frame.height, 150, accuracy: 0.01)
        let narrow = render("<img src=\"https://x.example/logo.png\" width=\"20\" height=\"40\" alt=\"Logo\">\n")
        XCTAssertGreaterThan(frames(narrow.pages[0])[0].width, 100, "wide enough for its text")
    }

    func testMissingAndCorruptFilesArePlaceholdersWithWarnings() {
        let doc = render("![Gone](nothere.png)\n\n![Broken](corrupt.png)\n")
        XCTAssertTrue(images(doc.pages[0]).isEmpty)
        XCTAssertEqual(frames(doc.pages[0]).count, 2)
        XCTAssertEqual(doc.warnings.map(\.line), [1, 3])
        XCTAssertTrue(doc.warnings[0].message.contains("image not found: nothere.png"), doc.warnings[0].message)
        XCTAssertTrue(doc.warnings[1].message.contains("corrupt PNG"), doc.warnings[1].message)
        let text = doc.allLines.map(\.text)
        XCTAssertTrue(text.contains("Gone") && text.contains("Broken"))
    }

    func testPathLeavingTheRootIsRefusedUnlessTheRootAllowsIt() throws {
        let docs = folder.appendingPathComponent("docs").path
        let escaping = render("![d](../diagram.png)\n", base: docs)
        XCTAssertTrue(images(escaping.pages[0]).isEmpty)
        XCTAssertTrue(escaping.warnings[0].message.contains("outside the resource root"), escaping.warnings[0].message)
        let allowed = render("![d](../diagram.png)\n", base: docs, root: folder.path)
        XCTAssertEqual(images(allowed.pages[0]).count, 1)
        // A symbolic link inside the folder that leads out of it is refused too.
        try FileManager.default.createSymbolicLink(atPath: docs + "/link.png", withDestinationPath: folder.path + "/diagram.png")
        let linked = render("![d](link.png)\n", base: docs)
        XCTAssertTrue(images(linked.pages[0]).isEmpty)
        XCTAssertTrue(linked.warnings[0].message.contains("outside the resource root"))
        // An absolute path is taken from the root, like a web site's.
        XCTAssertEqual(images(render("![d](/diagram.png)\n", base: docs, root: folder.path).pages[0]).count, 1)
        XCTAssertTrue(images(render("![d](file:///etc/hostname)\n", base: docs).pages[0]).isEmpty)
    }

    func testWithoutABaseFolderNoFileIsRead() {
        let doc = layout("![d](\(folder.path)/diagram.png)\n")
        XCTAssertTrue(images(doc.pages[0]).isEmpty)
        XCTAssertEqual(doc.warnings.count, 1)
    }

    func testDataURIImageIsDecoded() throws {
        let base64 = Data(try Fixtures.bytes("badge.png")).base64EncodedString()
        let doc = render("Inline ![b](data:image/png;base64,\(base64)) badge.\n")
        XCTAssertEqual(images(doc.pages[0]).count, 1)
        XCTAssertEqual(doc.warnings, [])
    }

    func testHTMLImageWithDeclaredWidthKeepsItsAspect() {
        let doc = render("<p align=\"center\"><img src=\"diagram.png\" width=\"200\" alt=\"d\"></p>\n")
        let rect = images(doc.pages[0])[0].rect
        XCTAssertEqual(rect.width, 150, accuracy: 0.01, "200 px")
        XCTAssertEqual(rect.height, 150 * 140 / 360, accuracy: 0.01)
        let style = Style()
        XCTAssertEqual(rect.midX, style.margins.left + style.contentWidth / 2, accuracy: 0.01, "centred")
        XCTAssertTrue(doc.pages[0].bodyLines.isEmpty, "no caption for an HTML image")
    }

    func testPictureUsesItsImg() {
        let html = "<picture>\n<source media=\"(prefers-color-scheme: dark)\" srcset=\"dark.png\">\n<img src=\"logo.svg\" alt=\"Logo\">\n</picture>\n"
        let doc = render(html)
        XCTAssertEqual(images(doc.pages[0]).count, 1)
        XCTAssertEqual(doc.warnings, [])
    }

    func testImagesInTableCellsFitTheirColumn() {
        let doc = render("| A | B |\n|---|---|\n| ![d](diagram.png) | ![j](landscape.jpg) |\n| ![b](badge.png) | text |\n")
        let placed = images(doc.pages[0])
        XCTAssertEqual(placed.count, 3)
        let style = Style()
        for (rect, _) in placed { XCTAssertLessThanOrEqual(rect.maxX, style.margins.left + style.contentWidth + 0.5) }
        XCTAssertGreaterThan(placed[0].rect.height, 40, "larger than a badge in a line of text")
        XCTAssertGreaterThan(placed[1].rect.x, placed[0].rect.maxX, "in the second column")
        XCTAssertEqual(placed[2].rect.height, 15, accuracy: 0.01, "a badge keeps its size")
    }

    func testEachFormatLoads() {
        let doc = render("![a](diagram.png)\n\n![b](landscape.jpg)\n\n![c](ring.gif)\n\n![d](logo.svg)\n")
        let formats = doc.pages.flatMap(images).map(\.image.format)
        XCTAssertEqual(formats, [.png, .jpeg, .gif, .svg])
    }

    func testABlockImageCountsAsOneAtomicLineInExcerpts() {
        var style = Style()
        style.excerptLines = 2
        let doc = render("# T\n\n## S\n\n![d](diagram.png)\n\nOne line.\n\nTwo line.\n\nThree.\n", style: style)
        let excerpt = doc.excerpts.first { $0.title == "S" }
        XCTAssertEqual(excerpt?.isCut, true)
    }
}

private extension Rect {
    var midX: Double { x + width / 2 }
}

extension ImageLayoutTests {
    /// Issue 46 (4): a badge's placeholder broke across lines ("Swift macOS / build", each part
    /// framed), its frame touched its italic text, and rows of frames touched. A placeholder is
    /// one box: never broken, padded inside, apart from the next frame and the next row.
    func testRegressionAPlaceholderIsOneBoxPaddedAndApart() {
        let badges = (1...9).map { "[![Swift macOS build \($0)](https://ci.example.com/\($0).svg)](https://ci.example.com)" }
        for template in ["default", "compact"] {
            var style = try! Templates.style(template: template, sets: [])
            style.pageSize = .a6
            let doc = render(badges.joined(separator: "\n") + "\n", style: style)
            let page = doc.pages[0]
            let boxes = frames(page).sorted { ($0.y, $0.x) < ($1.y, $1.x) }
            XCTAssertEqual(boxes.count, 9, "\(template): one frame each, none broken across lines")
            // A row written without spaces (vapor's backers) still wraps between its frames.
            let packed = render(badges.joined() + "\n", style: style)
            let packedBoxes = frames(packed.pages[0])
            XCTAssertEqual(packedBoxes.count, 9, template)
            XCTAssertTrue(packedBoxes.allSatisfy { $0.x + $0.width <= style.margins.left + style.contentWidth + 0.5 },
                          "\(template): within the text block: \(packedBoxes)")
            XCTAssertGreaterThan(Set(boxes.map { Int($0.y) }).count, 1, "several rows")
            for (a, b) in zip(boxes, boxes.dropFirst()) {
                if abs(a.y - b.y) < 0.1 {
                    XCTAssertGreaterThanOrEqual(b.x - (a.x + a.width), 2, "\(template): frames side by side stand apart")
                } else {
                    XCTAssertGreaterThanOrEqual(b.y - (a.y + a.height), 1, "\(template): rows of frames do not touch")
                }
            }
            // Padding: each label's first letter stands clear of its frame's left side.
            for line in page.bodyLines {
                let shaped = line.shaped, l = shaped.lines[line.lineIndex]
                let bytes = Array(shaped.text.string.utf8)
                for r in shaped.text.frames where r.lowerBound >= l.start && r.upperBound <= l.start + l.length {
                    guard let first = r.first(where: { bytes[$0] == UInt8(ascii: "S") }),
                          let letter = shaped.xRanges(line: line.lineIndex, bytes: first..<(first + 1)).first else { continue }
                    let x = line.x + letter.lowerBound
                    let around: [Rect] = boxes.filter { box in
                        box.x < x && line.baseline > box.y && line.baseline < box.y + box.height
                    }
                    guard let box = around.max(by: { $0.x < $1.x }) else { XCTFail("\(template): no frame around \(x)"); continue }
                    XCTAssertGreaterThanOrEqual(x - box.x, 1.8, "\(template): inner padding")
                    // And after its last letter, at the end of a line too (where the space after it hangs).
                    guard let end = r.last(where: { bytes[$0] >= 0x30 && bytes[$0] <= 0x39 }),
                          let digit = shaped.xRanges(line: line.lineIndex, bytes: end..<(end + 1)).first else { continue }
                    XCTAssertGreaterThanOrEqual(box.x + box.width - (line.x + digit.upperBound), 1.5, "\(template): inner padding after")
                }
            }
        }
    }
}
