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

/// Issue 51: explicit bidi controls that UAX #9 ignores never reach fribidi (Debian's 1.0.8
/// crashes on deep or unbalanced runs of them), and the levels of text within the limits
/// stay what Pango gave before.
final class BidiControlsTests: XCTestCase {
    private let lre = "\u{202A}", rle = "\u{202B}", pdf = "\u{202C}", rlo = "\u{202E}"
    private let lri = "\u{2066}", rli = "\u{2067}", fsi = "\u{2068}", pdi = "\u{2069}"
    private let inert = "\u{2060}"

    private func filtered(_ string: String, rightToLeft: Bool = false) -> (text: String, pieces: [Range<Int>])? {
        let bytes = Array(string.utf8)
        let result = bytes.withUnsafeBufferPointer {
            BidiControls.filtered($0, paragraphs: [(0..<bytes.count, rightToLeft)])
        }
        guard let result else { return nil }
        XCTAssertEqual(result.text.count, bytes.count, "offsets kept")
        return (String(decoding: result.text, as: UTF8.self), result.paragraphs.map(\.0))
    }

    func testTextWithoutControlsIsNotCopied() {
        XCTAssertNil(filtered("plain text, עברית and العربية\nsecond line"))
    }

    func testBalancedControlsWithinTheLimitAreKept() {
        let text = "a \(rle)b \(lri)c\(pdi) d\(pdf) \(fsi)e\(pdi)"
        XCTAssertEqual(filtered(text)?.text, text)
    }

    func testUnmatchedTerminatorsAreReplaced() {
        XCTAssertEqual(filtered("a\(pdf)b\(pdi)c")?.text, "a\(inert)b\(inert)c")
        // A PDF inside an isolate closes nothing outside it (X7); the PDI closes the isolate
        // and the embedding opened inside it (X6a).
        XCTAssertEqual(filtered("\(rle)\(lri)x\(pdf)\(rle)y\(pdi)\(pdf)")?.text, "\(rle)\(lri)x\(inert)\(rle)y\(pdi)\(pdf)")
    }

    /// The 126th nested embedding from a left-to-right paragraph overflows (levels 1, 3, … 125
    /// for RLE: 63 fit), and its PDF is ignored too; the PDFs of the valid ones are kept.
    func testEmbeddingsPastTheDepthLimitAreReplacedWithTheirTerminators() throws {
        let deep = String(repeating: rle, count: 70) + "x" + String(repeating: pdf, count: 70)
        let text = try XCTUnwrap(filtered(deep)).text
        let expected = String(repeating: rle, count: 63) + String(repeating: inert, count: 7) + "x"
            + String(repeating: inert, count: 7) + String(repeating: pdf, count: 63)
        XCTAssertEqual(text, expected)
        // From a right-to-left paragraph (level 1) LRE gives 2, 4, … 124: 62 fit.
        let ltr = String(repeating: lre, count: 70) + "x"
        XCTAssertEqual(try XCTUnwrap(filtered(ltr, rightToLeft: true)).text.components(separatedBy: lre).count - 1, 62)
    }

    /// An isolate past the limit is an overflow isolate: it and its PDI are ignored, and an
    /// embedding inside it does not count as an overflow embedding (X5a–X6a).
    func testIsolatesPastTheDepthLimitAreReplacedWithTheirPDIs() throws {
        let text = String(repeating: rli, count: 64) + "x" + String(repeating: pdi, count: 64)
        let result = try XCTUnwrap(filtered(text)).text
        XCTAssertEqual(result.components(separatedBy: rli).count - 1, 63)
        XCTAssertEqual(result.components(separatedBy: pdi).count - 1, 63)
        XCTAssertEqual(result.components(separatedBy: inert).count - 1, 2)
    }

    /// The issue's reproducer: 144 bytes of unbalanced embedding and isolate controls.
    func testTheIssuesControlRunIsBounded() throws {
        let run = String(repeating: rle, count: 3) + String(repeating: fsi, count: 60) + String(repeating: rle, count: 11)
            + rli + pdf + pdi + lre
        let text = try XCTUnwrap(filtered(run)).text
        XCTAssertLessThanOrEqual(Self.maximumLevel(text), BidiControls.maximumDepth)
    }

    /// A separator (bidi class B) is its own piece, and the text after it starts afresh: an
    /// isolate left open on one line closes nothing on the next (fribidi 1.0.8 frees a run it
    /// reads later for `FSI ( PDI FSI` followed by a line feed).
    func testParagraphSeparatorsArePiecesOfTheirOwn() throws {
        let text = "\(fsi)(\(pdi)\(fsi)\nx\(pdi)\u{2029}y"
        let result = try XCTUnwrap(filtered(text))
        XCTAssertEqual(result.text, "\(fsi)(\(pdi)\(fsi)\nx\(inert)\u{2029}y")
        XCTAssertEqual(result.pieces, [0..<10, 10..<11, 11..<15, 15..<18, 18..<19])
    }

    /// Text with thousands of generated control runs: every piece is within UAX #9's limit, and
    /// none holds a separator together with other text.
    func testGeneratedControlRunsAreBoundedAndSeparatorsStandAlone() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet = [lre, rle, pdf, "\u{202D}", rlo, lri, rli, fsi, pdi, "a", "א", " ", "(", ")", "\n", "\u{2029}"]
        for _ in 0..<2_000 {
            let count = Int.random(in: 1...300, using: &generator)
            let text = (0..<count).map { _ in alphabet.randomElement(using: &generator)! }.joined()
            guard let result = filtered(text, rightToLeft: Bool.random(using: &generator)) else { continue }
            let bytes = Array(result.text.utf8)
            for piece in result.pieces {
                let string = String(decoding: bytes[piece], as: UTF8.self)
                XCTAssertLessThanOrEqual(Self.maximumLevel(string), BidiControls.maximumDepth, string)
                let separators = string.unicodeScalars.filter { $0 == "\n" || $0 == "\u{2029}" }.count
                XCTAssertTrue(separators == 0 || string.unicodeScalars.count == 1, string)
            }
        }
    }

    /// The deepest level the explicit controls of `text` reach from level 0 (counting an FSI as
    /// the deeper of its two directions), without any filtering: what fribidi would be asked.
    private static func maximumLevel(_ text: String) -> Int {
        var stack = [0], isolates = [Bool](), deepest = 0
        for scalar in text.unicodeScalars {
            let level = stack.last!
            switch scalar.value {
            case 0x202A, 0x202D, 0x2066: stack.append((level + 2) & ~1); isolates.append(scalar.value == 0x2066)
            case 0x202B, 0x202E, 0x2067, 0x2068: stack.append(max((level + 1) | 1, scalar.value == 0x2068 ? (level + 2) & ~1 : 0))
                isolates.append(scalar.value >= 0x2066)
            case 0x202C: if stack.count > 1, isolates.last == false { stack.removeLast(); isolates.removeLast() }
            case 0x2069:
                while let last = isolates.last, !last { stack.removeLast(); isolates.removeLast() }
                if !isolates.isEmpty { stack.removeLast(); isolates.removeLast() }
            default: break
            }
            deepest = max(deepest, stack.last!)
        }
        return deepest
    }
}
