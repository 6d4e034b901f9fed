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

/// Justified lines open their letters a little with their spaces (`LetterSpacing`), as pdfTeX's
/// font expansion does: within words only, never past `LineBreaker.letterStretch`, and the line
/// breaker counts that room.
final class LetterSpacingTests: XCTestCase {
    private let role = Typography(Style()).body

    private func text(_ string: String) -> StyledText {
        var text = StyledText()
        text.append(string)
        return text
    }

    /// Each justified line of a paragraph against the same line set at its natural width: only
    /// spaces and letters followed by another letter of their word are wider, a letter by at
    /// most `letterStretch` of its advance (and a Pango unit of rounding); the letters of most
    /// lines open.
    func testJustifiedLinesSpaceLettersWithinWordsOnly() throws {
        let typesetter = Typesetter()
        let styled = text(HyphenationTests.text)
        let format = ParagraphFormat(text: role, width: 298, alignment: .justify)
        var string = styled.string
        let opened = string.withUTF8 { bytes -> Int in
            let prepared = typesetter.prepare(bytes, styled, format)
            XCTAssertFalse(prepared.measured.letters.isEmpty, "a justified paragraph counts its letters")
            let ends = LineBreaker(breaks: prepared.breaks, firstWidth: prepared.width, otherWidth: prepared.otherWidth,
                                   em: PangoLength(points: role.size).units).lines(.justified)
            let assembler = LineAssembler(typesetter: typesetter, bytes: bytes, text: styled, analysis: prepared.analysis,
                                          measured: prepared.measured, breaks: prepared.breaks, format: format)
            var linesOpened = 0, start = 0
            for end in ends.dropLast() {
                let natural = assembler.line(from: start, to: end, justifyTo: nil, origin: 0)
                let justified = assembler.line(from: start, to: end, justifyTo: prepared.width, origin: 0)
                XCTAssertEqual(Int64(justified.width), prepared.width)
                var opened = false
                for (a, b) in zip(natural.runs, justified.runs) {
                    for (g, (plain, set)) in zip(a.glyphs, b.glyphs).enumerated() where set.advance != plain.advance {
                        let c = Int(plain.cluster)
                        if bytes[c] == 0x20 { continue }
                        let next = g + 1 < a.glyphs.count ? Int(a.glyphs[g + 1].cluster) : Int(a.end)
                        XCTAssertTrue(next < bytes.count && bytes[next] != 0x20 && g + 1 < a.glyphs.count,
                                      "only a letter followed by one of its word opens (byte \(c))")
                        XCTAssertLessThanOrEqual(Double(set.advance - plain.advance), Double(plain.advance) * LineBreaker.letterStretch + 1)
                        opened = true
                    }
                }
                if opened { linesOpened += 1 }
                start = end
            }
            return linesOpened
        }
        XCTAssertGreaterThan(opened, 2)
    }

    /// The line breaker counts the letters' room: a justified line's ratio is lower with it
    /// (its spaces stretch less), and a ragged or code paragraph counts no letters.
    func testLineBreakerCountsTheLettersRoom() {
        let typesetter = Typesetter()
        let styled = text(HyphenationTests.text)
        var string = styled.string
        string.withUTF8 { bytes in
            let justified = typesetter.prepare(bytes, styled, ParagraphFormat(text: role, width: 298, alignment: .justify))
            var without = justified.breaks
            for k in without.indices {
                without[k].letters = 0
                without[k].lettersEnd = 0
            }
            let em = PangoLength(points: role.size).units
            let with = LineBreaker(breaks: justified.breaks, firstWidth: justified.width, otherWidth: justified.width, em: em)
            let plain = LineBreaker(breaks: without, firstWidth: justified.width, otherWidth: justified.width, em: em)
            let end = with.lines(.justified)[0]
            XCTAssertLessThan(with.ratio(0, end, justified: true).ratio, plain.ratio(0, end, justified: true).ratio)
            let ragged = typesetter.prepare(bytes, styled, ParagraphFormat(text: role, width: 298, alignment: .left))
            XCTAssertTrue(ragged.measured.letters.isEmpty)
            XCTAssertTrue(ragged.breaks.allSatisfy { $0.letters == 0 && $0.lettersEnd == 0 })
        }
    }
}
