@testable import Quire
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
}
