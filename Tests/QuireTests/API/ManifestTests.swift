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

/// Issue 22: `--manifest` lines, one JSON object per input, and `--only-failed` reading them back.
final class ManifestTests: XCTestCase {
    private let job = Batch.Job(relativePath: "a/b \"q\".markdown", input: "/in/a/b \"q\".markdown", output: "/out/a/b \"q\".pdf")

    func testLinesHoldEveryFieldInAFixedOrder() throws {
        let rendered = Batch.ManifestEntry(job, .rendered(warnings: [Warning(line: 1, message: "w")], pages: 3, bytes: 2048,
                                                          settings: "0123456789abcdef"), seconds: 0.4125)
        XCTAssertEqual(rendered.jsonLine, #"{"path":"a/b \"q\".markdown","output":"a/b \"q\".pdf","status":"rendered","reason":null,"#
                       + #""pages":3,"bytes":2048,"seconds":0.412,"settings":"0123456789abcdef","warnings":1}"#)
        let failed = Batch.ManifestEntry(job, .failed("not valid UTF-8:\n\tbad\u{1}"), seconds: 0)
        XCTAssertEqual(failed.jsonLine, #"{"path":"a/b \"q\".markdown","output":"a/b \"q\".pdf","status":"failed","#
                       + #""reason":"not valid UTF-8:\n\tbad\u0001","pages":null,"bytes":null,"seconds":0.000,"settings":null,"warnings":0}"#)
        for entry in [rendered, failed, Batch.ManifestEntry(job, .skipped(settings: "x"), seconds: 0.01)] {
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(entry.jsonLine.utf8)) as? [String: Any])
            XCTAssertEqual(object["path"] as? String, job.relativePath)
            XCTAssertEqual(object.count, 9)
        }
        XCTAssertEqual(Batch.ManifestEntry(job, .failed("not valid UTF-8:\n\tbad\u{1}"), seconds: 0).reason, "not valid UTF-8:\n\tbad\u{1}")
    }

    func testFailedPathsAreTheLastWordOnEachFile() throws {
        let line = { (path: String, status: String) in
            Batch.ManifestEntry(Batch.Job(relativePath: path, input: "/i/" + path, output: "/o/x.pdf"),
                                status == "failed" ? .failed("why") : .skipped(settings: "s"), seconds: 0).jsonLine
        }
        let text = [line("a.md", "failed"), line("b.md", "skipped"), "", line("c.md", "failed"), line("a.md", "skipped")].joined(separator: "\n")
        XCTAssertEqual(try Batch.failedPaths(inManifest: text, name: "m.jsonl"), ["c.md"])
        XCTAssertEqual(try Batch.failedPaths(inManifest: "", name: "m.jsonl"), [])
        XCTAssertThrowsError(try Batch.failedPaths(inManifest: line("a.md", "failed") + "\n{\"path\": 3}\n", name: "m.jsonl")) {
            XCTAssertEqual(($0 as? QuireError)?.description, #"m.jsonl:2: not a manifest line (a JSON object with "path" and "status")"#)
        }
    }
}
