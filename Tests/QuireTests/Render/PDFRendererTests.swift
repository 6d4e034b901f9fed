@testable import Quire
import Foundation
import XCTest

final class PDFRendererTests: XCTestCase {
    /// Runs `qpdf --check` on bytes; returns its output, or nil when it reports a problem.
    private func qpdfCheck(_ pdf: [UInt8]) throws -> String? {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("quire-\(UUID()).pdf")
        try Data(pdf).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/qpdf")
        process.arguments = ["--check", url.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 && !output.contains("WARNING") ? output : nil
    }

    func testOutputIsAPDF() throws {
        let result = try Quire.render(markdown: "# Hi\n\nThere")
        XCTAssertEqual(Array(result.pdf.prefix(5)), Array("%PDF-".utf8))
        XCTAssertEqual(result.pageCount, 1)
    }

    /// Cairo 1.16 left a reserved object unwritten ("file is damaged") when a colour emoji or a
    /// page size change shared a file with link tags, and duplicated resource keys for repeated emoji.
    func testRegressionCairo116DamagedFileWithEmojiAndLinks() throws {
        let markdown = "# Top 🌍\n\n🌍 [x](https://example.com) 🌍 😀 🇫🇷\n\n[up](#top-)\n\n👩‍👩‍👧 again 🌍"
        let result = try Quire.render(markdown: markdown)
        XCTAssertEqual(result.warnings, [])
        XCTAssertNotNil(try qpdfCheck(result.pdf), "qpdf --check reports a problem")
    }

    func testRegressionCairo116DamagedFileWithA5Pages() throws {
        var options = RenderOptions()
        options.style.pageSize = .a5
        let result = try Quire.render(markdown: "[a](#b)\n\n# B\n\n" + prose(2000), options: options)
        XCTAssertGreaterThan(result.pageCount, 2)
        XCTAssertNotNil(try qpdfCheck(result.pdf))
    }
}
