import Foundation
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

/// `AbsolutePath.of` gives what `URL(fileURLWithPath:).standardizedFileURL.path` gives.
final class AbsolutePathTests: XCTestCase {
    func testPathsAreWhatFoundationsStandardizedURLsGive() {
        let paths = ["docs/guide.md", "./a/./b/", "a/../b", "../x", "../../../../../../../..", "/", "/a/b/../../..",
                     "/usr//share/./doc/", ".", "..", "a b/c d.md", "/tmp/é/ü.md", "x/y/z/../../w", "/a/b/c/..",
                     "./", "a/..", "/../a"]
        for path in paths {
            XCTAssertEqual(AbsolutePath.of(path), URL(fileURLWithPath: path).standardizedFileURL.path, path)
        }
    }
}
