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

/// The image cache: entries read back with their validators, and writers racing on one URL
/// (batch workers) never leaving a torn entry.
final class ImageCacheTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("quire-cache-\(UUID())")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func cache() -> ImageCache {
        var settings = ImageFetching()
        settings.cacheFolder = folder.appendingPathComponent("deep/quire").path
        return ImageCache(settings)
    }

    func testEntryReadsBackWithItsValidators() {
        let cache = cache()
        XCTAssertNil(cache.read("https://x.example/a.png"))
        let entry = ImageCache.Entry(url: "https://x.example/a.png", confirmed: 1_700_000_000.5, etag: "\"v1\"",
                                     lastModified: "Mon, 07 Dec 2026 18:26:04 GMT", body: Array("a\n\nb".utf8))
        cache.write(entry)
        XCTAssertEqual(cache.read(entry.url), entry)
        XCTAssertNil(cache.read("https://x.example/other.png"))
        var bare = entry
        bare.etag = nil
        bare.lastModified = nil
        cache.write(bare)
        XCTAssertEqual(cache.read(entry.url), bare, "empty validators read back as none")
    }

    /// Regression guard for batch workers sharing the cache: every read during concurrent
    /// writes of one URL is a whole entry, one of those written.
    func testConcurrentWritersNeverLeaveATornEntry() {
        let cache = cache()
        let url = "https://x.example/shared.png"
        let bodies = (0..<8).map { k in [UInt8](repeating: UInt8(k), count: 100_000 * (k + 1)) }
        let torn = LockedCounter()
        DispatchQueue.concurrentPerform(iterations: 64) { i in
            if i % 2 == 0 {
                cache.write(ImageCache.Entry(url: url, confirmed: Double(i), etag: "\"\(i)\"", lastModified: nil, body: bodies[i % 8]))
            } else if let entry = cache.read(url), !bodies.contains(entry.body) {
                torn.increment()
            }
        }
        XCTAssertEqual(torn.value, 0)
        XCTAssertTrue(cache.read(url).map { bodies.contains($0.body) } ?? false)
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: try XCTUnwrap(cache.folder))) ?? []
        XCTAssertEqual(leftovers.filter { $0.hasPrefix(".tmp") }, [], "no temporary file left")
    }
}

private final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
