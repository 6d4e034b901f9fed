import Foundation
import XCTest

/// A test case that runs the built `quire` binary on files in a temporary folder of its own:
/// a fresh folder for each test, named after `folderPrefix`, removed when the test ends.
class BinaryTestCase: XCTestCase {
    /// The built binary.
    private(set) var quire: URL!
    /// This test's temporary folder.
    private(set) var folder: TemporaryDirectory!
    /// The start of the folder's name, telling which tests left it behind if a run is killed.
    class var folderPrefix: String { "e2e" }

    override func setUpWithError() throws {
        try super.setUpWithError()
        quire = try Paths.quireBinary()
        folder = try TemporaryDirectory(prefix: type(of: self).folderPrefix)
    }

    override func tearDown() {
        folder = nil
        super.tearDown()
    }
}
