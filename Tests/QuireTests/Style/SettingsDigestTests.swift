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

/// The settings digest batch compares (`RenderOptions.settingsDigest`): equal settings give the
/// same digest, and a change anywhere in the style, nested values included, gives another.
final class SettingsDigestTests: XCTestCase {
    func testEqualSettingsGiveTheSameDigest() {
        XCTAssertEqual(RenderOptions().settingsDigest, RenderOptions().settingsDigest)
        XCTAssertEqual(RenderOptions().settingsDigest.count, 16)
    }

    func testEveryKindOfFieldChangesTheDigest() {
        let base = RenderOptions().settingsDigest
        var changes: [(String, (inout Style) -> Void)] = [
            ("page size", { $0.pageSize = .a5 }),
            ("orientation", { $0.pageOrientation = .landscape }),
            ("a margin", { $0.margins.left += 1 }),
            ("a font", { $0.bodyFont = "DejaVu Serif" }),
            ("a size", { $0.bodySize = 11 }),
            ("an entry of a list", { $0.headingScale[6] = 0.9 }),
            ("a colour", { $0.linkColor.blue = 0.5 }),
            ("an alignment", { $0.bodyAlign = .justify }),
            ("a marker", { $0.listMarkers = [.dash] }),
            ("excerpt lines", { $0.excerptLines = 3 }),
            ("a width variant", { $0.excerptLabel = .variants([(1, "…"), (9, "More")]) }),
            ("a footer slot", { $0.footer.right = .plain("{pages}") }),
            ("a flag", { $0.headerOnFirstPage = true }),
        ]
        changes.append(("nothing", { _ in }))
        for (what, change) in changes {
            var options = RenderOptions()
            change(&options.style)
            if what == "nothing" {
                XCTAssertEqual(options.settingsDigest, base)
            } else {
                XCTAssertNotEqual(options.settingsDigest, base, what)
            }
        }
        var titled = RenderOptions()
        titled.title = "Another"
        XCTAssertNotEqual(titled.settingsDigest, base, "the title")
    }

    /// Values are told from keys and from each other: moving text between two fields, or a
    /// value between nested lists, changes the digest.
    func testBoundariesBetweenValuesCount() {
        func digest(_ value: some Encodable) -> String {
            var digest = SettingsDigest()
            digest.add(value)
            return digest.hex
        }
        XCTAssertNotEqual(digest(["ab", "c"]), digest(["a", "bc"]))
        XCTAssertNotEqual(digest([[1.0, 2.0], [3.0]]), digest([[1.0], [2.0, 3.0]]))
        XCTAssertNotEqual(digest(["["]), digest([[String]]()))
    }
}
