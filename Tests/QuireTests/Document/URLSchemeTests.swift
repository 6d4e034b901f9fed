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

/// One scheme check for images and links (they used to disagree on one-letter schemes).
final class URLSchemeTests: XCTestCase {
    func testSchemesAreTwoOrMoreCharactersStartingWithALetter() {
        XCTAssertEqual(urlScheme("https://example.com"), "https")
        XCTAssertEqual(urlScheme("mailto:me@example.com"), "mailto")
        XCTAssertEqual(urlScheme("git+ssh://host/x"), "git+ssh")
        XCTAssertNil(urlScheme("C:\\docs\\a.md"), "a Windows drive")
        XCTAssertNil(urlScheme("c:other.md"), "a Windows drive")
        XCTAssertNil(urlScheme("docs/a.md"))
        XCTAssertNil(urlScheme("1ab:x"))
        XCTAssertNil(urlScheme("ä b:x"))
    }

    /// The scheme is read from bytes; where bytes and characters could disagree (a colon that
    /// a combining mark extends into another character), characters decide, as before.
    func testSchemeReadFromBytesAgreesWithCharacters() {
        XCTAssertNil(urlScheme("ab:\u{301}x"), "the colon and the accent are one character, not a colon")
        XCTAssertEqual(urlScheme("ab:x\u{301}"), "ab")
        XCTAssertEqual(urlScheme("https:"), "https")
        XCTAssertNil(urlScheme(":x"))
        XCTAssertNil(urlScheme("https"))
        XCTAssertNil(urlScheme("ht tp://x"))
        XCTAssertNil(urlScheme("a\u{301}b:x"))
    }
}
