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

/// The frames `quire batch` and its workers exchange: any bytes arrive exactly, and a frame
/// that breaks the protocol is an error, never a crash or a hang.
final class WorkerProtocolTests: XCTestCase {
    private func roundTrip(_ outcome: Batch.Outcome, file: StaticString = #filePath, line: UInt = #line) throws {
        var reader = try reader(WorkerProtocol.reply(outcome))
        let payload = try XCTUnwrap(try reader.next(), file: file, line: line)
        XCTAssertEqual(try WorkerProtocol.outcome(fromReply: payload), outcome, file: file, line: line)
        XCTAssertNil(try reader.next(), "one frame", file: file, line: line)
    }

    /// A reader of `bytes` written to a pipe (closed after them).
    private func reader(_ bytes: [UInt8]) throws -> WorkerProtocol.FrameReader {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        let writer = fds[1]
        let thread = Thread { WorkerProtocol.write(bytes, to: writer); close(writer) }
        thread.start()
        return WorkerProtocol.FrameReader(descriptor: fds[0])
    }

    func testRequestsRoundTripWhateverThePathsHold() throws {
        for (input, output) in [("docs/a.md", "out/a.pdf"), ("a\nb.md", "out/a\nb.pdf"), ("tab\there,:9.md", ""),
                                ("ünïcødé 日本 😀.md", "x\u{1}\u{7F}.pdf"), ("", "")] {
            let job = Batch.Job(relativePath: "rel/" + input, input: input, output: output)
            var reader = try reader(WorkerProtocol.request(job))
            let payload = try XCTUnwrap(try reader.next())
            XCTAssertEqual(try WorkerProtocol.job(fromRequest: payload), job)
        }
    }

    func testTheInputsFrameRoundTrips() throws {
        let tree = Batch.InputTree(root: "/in put", paths: ["a.md", "b\nc.md", "ünï/d.md"])
        var inputs = try reader(WorkerProtocol.inputs(tree))
        XCTAssertEqual(try WorkerProtocol.tree(fromInputs: try XCTUnwrap(try inputs.next())), tree)
        var empty = try reader(WorkerProtocol.inputs(Batch.InputTree(root: "/", paths: [])))
        XCTAssertEqual(try WorkerProtocol.tree(fromInputs: try XCTUnwrap(try empty.next())), Batch.InputTree(root: "/", paths: []))
        var request = try reader(WorkerProtocol.request(Batch.Job(relativePath: "a", input: "b", output: "c")))
        XCTAssertThrowsError(try WorkerProtocol.tree(fromInputs: try XCTUnwrap(try request.next())), "a request is not the inputs")
    }

    func testEveryKindOfReplyRoundTrips() throws {
        try roundTrip(.rendered(warnings: []))
        try roundTrip(.rendered(warnings: [Warning(line: 3, message: "image not found: a\nb.png; a placeholder stands in"),
                                           Warning(line: 0, message: "tab\tand , and : and 12:x,")]))
        try roundTrip(.rendered(warnings: [Warning(line: 1, message: "x")], pages: 12, bytes: 34_567, settings: "0123456789abcdef"))
        // A front matter warning's column, a warning of no line, and the files a PDF depends on (for watch).
        try roundTrip(.rendered(warnings: [Warning(line: 2, column: 8, message: "not YAML"), Warning(line: 0, message: "font")],
                                dependencies: ["/docs/a b/logo.png", "/docs/other,1:.md"]))
        // The remote images a document fetched (for the manifest), with dependencies and warnings around them.
        try roundTrip(.rendered(warnings: [Warning(line: 4, message: "remote image x: HTTP status 404")], dependencies: ["/a.png"],
                                images: ["https://x.example/a.png fetched", "https://x.example/b,1:2.png failed: timed out"]))
        try roundTrip(.skipped(settings: "0123456789abcdef"))
        try roundTrip(.failed("cannot read: No such file\nor directory"))
        try roundTrip(.failed(""))
    }

    func testSeveralFramesInOneStreamArriveOneByOne() throws {
        let bytes = WorkerProtocol.reply(.skipped(settings: "s")) + WorkerProtocol.reply(.failed("x")) + WorkerProtocol.reply(.rendered(warnings: []))
        var reader = try reader(bytes)
        XCTAssertEqual(try WorkerProtocol.outcome(fromReply: try XCTUnwrap(try reader.next())), .skipped(settings: "s"))
        XCTAssertEqual(try WorkerProtocol.outcome(fromReply: try XCTUnwrap(try reader.next())), .failed("x"))
        XCTAssertEqual(try WorkerProtocol.outcome(fromReply: try XCTUnwrap(try reader.next())), .rendered(warnings: []))
        XCTAssertNil(try reader.next())
    }

    func testTruncatedAndMalformedFramesAreErrors() throws {
        let whole = WorkerProtocol.reply(.failed("reason"))
        for cut in 1..<whole.count {
            var reader = try reader(Array(whole.prefix(cut)))
            XCTAssertThrowsError(try reader.next(), "cut after \(cut) bytes")
        }
        for bad in ["x:abc,", "3:abc;", ":,", "99999999999:x,", "3:abc"] {
            var reader = try reader(Array(bad.utf8))
            XCTAssertThrowsError(try reader.next(), bad)
        }
        // Well framed, but not a reply or a request.
        XCTAssertThrowsError(try WorkerProtocol.outcome(fromReply: Array("5:maybe,".utf8)))
        XCTAssertThrowsError(try WorkerProtocol.outcome(fromReply: Array("8:rendered,1:x,".utf8)))
        XCTAssertThrowsError(try WorkerProtocol.outcome(fromReply: Array("8:rendered,1:x,1:y,".utf8)), "line not a number")
        XCTAssertThrowsError(try WorkerProtocol.job(fromRequest: Array("1:a,".utf8)))
        XCTAssertThrowsError(try WorkerProtocol.fields(of: Array("3:ab".utf8)))
    }
}
