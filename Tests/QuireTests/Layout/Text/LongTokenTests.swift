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

/// Long code tokens and URLs break after their punctuation, not between any two characters,
/// and never after the dash that opens an option.
final class LongTokenTests: XCTestCase {
    private func lines(_ markdown: String, pageSize: PageSize = .a6) -> [TextLine] {
        var style = Style()
        style.pageSize = pageSize
        return layout(markdown, style: style).allLines
    }

    /// Regression: `withSnapshotTesting(record:diffTool:operat|ion:)` was cut inside a word.
    func testCodeBreaksAfterItsPunctuation() {
        let code = "withSnapshotTesting(record:diffTool:operation:)"
        let all = lines("Call `\(code)` or `\(code)` from tests, with `some_really_long_identifier_name_here_too`.")
        let pieces = all.flatMap { $0.text.split(separator: " ") }.filter { !$0.isEmpty }
        var joined = ""
        for line in all.dropLast() {
            let last = line.text.trimmingCharacters(in: .whitespaces)
            guard let end = last.last, last.split(separator: " ").last.map({ $0.count > 3 }) == true else { continue }
            let piece = String(last.split(separator: " ").last!)
            if code.contains(piece) && !["with", "tests,", "from"].contains(piece) || last.hasSuffix("_") {
                XCTAssertTrue("(:_".contains(end), "breaks after punctuation: \(last)")
            }
            joined += last
        }
        XCTAssertTrue(pieces.contains { $0.hasSuffix("(") || $0.hasSuffix(":") }, "the long token was broken: \(all.map(\.text))")
        XCTAssertFalse(all.contains { $0.text.contains("\u{200B}") }, "hints are not shown")
    }

    /// Regression: "(e.g. -" ended a line and "DCMAKE_BUILD_TYPE" began the next.
    func testNoBreakAfterAnOptionsDash() {
        for width in stride(from: 150.0, through: 300, by: 7) {
            let page = PageSize(width: width + 60, height: 600)
            for text in ["configure it (e.g. -DCMAKE_BUILD_TYPE=Release) first", "configure it (e.g. `-DCMAKE_BUILD_TYPE=Release`) first",
                         "pass --force-overwrite-of-everything here"] {
                for line in lines(text, pageSize: page) {
                    let shown = line.text.trimmingCharacters(in: .whitespaces)
                    XCTAssertFalse(shown.hasSuffix(" -") || shown.hasSuffix(" --") || shown == "-", "\(width): \(shown)")
                }
            }
        }
    }

    /// Regression: justified on A5, Samples/typography.md's first paragraph ended a line with
    /// `--page-`, inside the code `--page-size a5`, which fits a line whole: a break inside a
    /// token that could move to the next line is a last resort (here "ren-ders" is cheaper).
    func testRegressionCodeTokenThatFitsALineIsNotBrokenInJustifiedText() throws {
        let style = try Templates.style(template: "compact", sets: ["page.size=a5"])
        let markdown = "This sample shows how Quire sets text as a book would. `make demo` renders it twice: as is (A4, "
            + "the default template) and with `--template compact --page-size a5`, justified and hyphenated."
        let all = layout(markdown, style: style).allLines
        XCTAssertGreaterThan(all.count, 1)
        for line in all.dropLast() {
            let shown = line.text.trimmingCharacters(in: .whitespaces)
            XCTAssertFalse(shown.hasSuffix("--page-"), "the code moves whole: \(all.map(\.text))")
        }
    }

    /// A URL whose last part is wider than the line breaks at its dots and underscores, not
    /// inside a word: before them since issue 46 (Chicago's rule), after its slashes.
    func testURLsBreakAtTheirPunctuation() {
        let url = "https://example.com/a_really_long_file_name_with_no_slashes_in_it_at_all_to_be_sure.html"
        let all = lines("See \(url) for more.")
        let pieces = all.map { $0.text.trimmingCharacters(in: .whitespaces) }
        XCTAssertGreaterThan(pieces.count, 2)
        for (index, line) in pieces.enumerated().dropLast() {
            guard let last = line.split(separator: " ").last, url.contains(String(last)) else { continue }
            XCTAssertTrue(last.last == "/" || "._".contains(pieces[index + 1].first!), "after / or before . _: \(line)")
        }
        // The link still covers the whole address.
        let doc = layout("See \(url) for more.", style: { var s = Style(); s.pageSize = .a6; return s }())
        XCTAssertTrue(doc.pages[0].links.allSatisfy { $0.target == .uri(url) })
        let spanned = pieces.filter { line in line.split(separator: " ").contains { url.contains(String($0)) && $0.count > 2 } }
        XCTAssertEqual(doc.pages[0].links.count, spanned.count, "one area per line the address spans: \(pieces)")
    }
    /// Issue 46 (5): `-A` inside brackets was split `-` / `A`: the dashes that open an option
    /// hold to its name after an opening bracket or quote as after a space.
    func testRegressionInlineCodeNeverBreaksAfterALeadingDash() {
        for width in stride(from: 40.0, through: 160, by: 3) {
            let page = PageSize(width: width + 60, height: 900)
            let text = "Flags (`-A`), (`--all`), [`-B`] and \"`-CMAKE_BUILD_TYPE`\" (`--build-everything-now`) follow."
            for line in lines(text, pageSize: page) {
                let shown = line.text.trimmingCharacters(in: .whitespaces)
                for opener in ["(", "[", "\""] {
                    XCTAssertFalse(shown.hasSuffix(opener + "-") || shown.hasSuffix(opener + "--"), "\(width): \(shown)")
                }
            }
        }
    }

    /// Issue 46 (5): a URL or an e-mail address breaks after `//`, `/` or `@`, or before
    /// `. ? # - _` (Chicago's rule): `libffi-` ended a line, read as a hyphenated word.
    func testRegressionAddressesBreakBeforeTheirDotsAndHyphens() {
        let url = "https://github.com/libffi/libffi-discussion_archive.thread?topic=5#first-reply"
        let mail = "libffi-discuss@sourceware.example-mail.org"
        var broken = 0
        for width in stride(from: 60.0, through: 240, by: 4) {
            let all = lines("See \(url) or write to \(mail) today.", pageSize: PageSize(width: width + 60, height: 900))
            let shown = all.map { $0.text.trimmingCharacters(in: .whitespaces) }
            for (index, line) in shown.enumerated().dropLast() {
                guard let last = line.split(separator: " ").last, last.count > 1,
                      url.contains(last) || mail.contains(last), let next = shown[index + 1].first,
                      !next.isWhitespace, url.contains(last + String(next)) || mail.contains(last + String(next)) else { continue }
                broken += 1
                XCTAssertFalse(".?#-_=".contains(last.last!), "\(width): a line ends \(last)")
                XCTAssertTrue("/@".contains(last.last!) || ".?#-_=".contains(next), "\(width): \(last) | \(shown[index + 1])")
            }
        }
        XCTAssertGreaterThan(broken, 10, "the addresses were broken")
    }

    /// Issue 46 (5): an identifier breaks after its `/` or before its `(` before it breaks at a
    /// case hump: `Dependencies/withDependencies(from:…)` after the slash, never `with|Dependencies`.
    func testRegressionIdentifiersBreakAtSlashOrBracketBeforeAHump() {
        let names = ["InstrumentationSystem/bootstrap(_:)", "Dependencies/withDependencies(from:operation:)"]
        for width in stride(from: 130.0, through: 260, by: 3) {
            let text = "Call ``\(names[0])`` and then ``\(names[1])`` in the tests."
            let shown = lines(text, pageSize: PageSize(width: width + 60, height: 900)).map {
                $0.text.trimmingCharacters(in: .whitespaces)
            }
            for line in shown.dropLast() {
                XCTAssertFalse(line.hasSuffix("Instrumentation") || line.hasSuffix("/with") || line.hasSuffix("with"),
                               "\(width): \(shown)")
            }
        }
    }
}
