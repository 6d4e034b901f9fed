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

/// An engine owns what renders keep; two engines in one process share none of it.
final class EngineTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("quire-engine-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Two engines render at the same time on two threads; one is interrupted midway. Its
    /// render throws "interrupted", writes no output and leaves no temporary file, while the
    /// other finishes with exactly the PDF it makes alone.
    func testTwoEnginesRenderAtOnceAndOneIsInterrupted() throws {
        let long = folder.appendingPathComponent("long.md")
        let short = folder.appendingPathComponent("short.md")
        try (0..<1000).map { "## Part \($0)\n\nParagraph \($0) with *emphasis*, `code` and $x^\($0 % 9)$ in it.\n" }
            .joined(separator: "\n").write(to: long, atomically: true, encoding: .utf8)
        try "# Short\n\nSome text, a list:\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n$$\\int_0^1 x\\,dx$$\n"
            .write(to: short, atomically: true, encoding: .utf8)
        var dated = RenderOptions()
        dated.sourceDateEpoch = 1_700_000_000
        let options = dated
        let alone = folder.appendingPathComponent("alone.pdf").path
        _ = try Quire.renderFile(input: short.path, output: alone, options: options, engine: Engine())

        let interrupted = Engine(), other = Engine()
        let longOutput = folder.appendingPathComponent("long.pdf").path
        let shortOutput = folder.appendingPathComponent("short.pdf").path
        let longDone = Outcome(), shortDone = Outcome()
        Thread { longDone.set { try Quire.renderFile(input: long.path, output: longOutput, options: options, engine: interrupted) } }.start()
        try waitForTemporaryFile(of: "long.pdf")
        Thread { shortDone.set { try Quire.renderFile(input: short.path, output: shortOutput, options: options, engine: other) } }.start()
        try waitForTemporaryFile(of: "short.pdf", orDone: shortDone)
        interrupted.interrupt()

        XCTAssertEqual(longDone.wait()?.description, "\(long.path): interrupted")
        XCTAssertNil(shortDone.wait(), "the other engine's render finishes")
        XCTAssertFalse(FileManager.default.fileExists(atPath: longOutput), "no output from the interrupted render")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: shortOutput)), try Data(contentsOf: URL(fileURLWithPath: alone)))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".quire-") }, [])
        XCTAssertThrowsError(try Quire.render(markdown: "after", engine: interrupted), "an interrupted engine stays stopped")
        XCTAssertNoThrow(try Quire.render(markdown: "after", engine: other))
    }

    /// Issue 45: the temporary-file record had one slot, so a second write in progress at the
    /// same time was not recorded and a signal (Ctrl-C) left its file behind. Every write of an
    /// engine is recorded, and the signal path removes them all.
    func testSignalPathRemovesTheTemporaryFilesOfEveryWriteInProgress() throws {
        let files = TemporaryFiles()
        let first = try OutputFile.Opened(folder.appendingPathComponent("a.pdf").path, recordingIn: files)
        let second = try OutputFile.Opened(folder.appendingPathComponent("b.pdf").path, recordingIn: files)
        XCTAssertEqual(temporaryFiles().count, 2)
        XCTAssertEqual(files.recorded, 2)
        files.removeAll()
        XCTAssertEqual(temporaryFiles(), [], "both writes' temporary files removed")
        first.discard()
        second.discard()
        XCTAssertEqual(files.recorded, 0, "slots free again")
    }

    /// The library reads no environment variable: SOURCE_DATE_EPOCH dates a PDF only when the
    /// caller passes it (the command line does), through `RenderOptions.sourceDateEpoch`.
    func testSourceDateEpochComesOnlyThroughTheOptions() throws {
        setenv("SOURCE_DATE_EPOCH", "1000000000", 1)
        defer { unsetenv("SOURCE_DATE_EPOCH") }
        let september2001 = Array("D:20010909014640".utf8)
        let fromEnvironment = try Quire.render(markdown: "# Dated", engine: testEngine).pdf
        XCTAssertFalse(contains(fromEnvironment, september2001), "the environment is not read")
        var options = RenderOptions()
        options.sourceDateEpoch = 1_000_000_000
        XCTAssertTrue(contains(try Quire.render(markdown: "# Dated", options: options, engine: testEngine).pdf, september2001))
    }

    // MARK: Helpers

    /// A render's outcome, set on its thread and waited for on the test's.
    private final class Outcome: @unchecked Sendable {  // `error` and `done` under `condition`
        private let condition = NSCondition()
        private var error: QuireError?
        private var done = false

        func set(_ body: () throws -> RenderResult) {
            var failure: QuireError?
            do { _ = try body() } catch { failure = error as? QuireError ?? QuireError(file: "?", message: "\(error)") }
            condition.lock()
            (error, done) = (failure, true)
            condition.broadcast()
            condition.unlock()
        }

        var isDone: Bool { condition.lock(); defer { condition.unlock() }; return done }

        /// The error the render threw; nil when it succeeded.
        func wait() -> QuireError? {
            condition.lock()
            defer { condition.unlock() }
            while !done { condition.wait() }
            return error
        }
    }

    private func temporaryFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.contains(".quire-") }.sorted()
    }

    /// Waits until the write of `output` has made its temporary file (its render is under way),
    /// or `done` says the render ended first; fails after a minute.
    private func waitForTemporaryFile(of output: String, orDone done: Outcome? = nil) throws {
        let deadline = Date().addingTimeInterval(60)
        while !temporaryFiles().contains(where: { $0.hasPrefix(".\(output).quire-") }) && done?.isDone != true {
            guard Date() < deadline else { throw QuireError(file: output, message: "no temporary file within a minute") }
            usleep(1000)
        }
    }

    private func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
