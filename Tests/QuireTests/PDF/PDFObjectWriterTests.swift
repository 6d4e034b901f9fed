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

/// The typed object writer writes exactly the bytes PDF syntax asks for, and the ones Quire's
/// files always held: one space before every key, value and item, ` >>` and ` ]` closing.
final class PDFObjectWriterTests: XCTestCase {
    private func dictionary(_ write: (inout PDFDictionaryWriter) -> Void) -> String {
        var bytes = ByteBuffer()
        bytes.writeDictionary(write)
        return String(decoding: bytes.array, as: UTF8.self)
    }

    func testADictionaryWritesEachKindOfValue() {
        let written = dictionary { d in
            d.pair(.type, .page)
            d.pair(.parent, PDFReference(number: 12))
            d.pair(.count, 3)
            d.pair(.italicAngle, -12.3456)
            d.pair(.italicAngle, 0.5, decimals: 0)
            d.pair(.marked, true)
            d.pair(.title, text: "a (b)")
            d.pair(.dest, bytes: "x\u{E9}".utf8)
            d.pair(.uri, uri: "https://x.org/a b")
        }
        XCTAssertEqual(written, "<< /Type /Page /Parent 12 0 R /Count 3 /ItalicAngle -12.35 /ItalicAngle 1 /Marked true"
            + " /Title (a \\(b\\)) /Dest (x\\303\\251) /URI (https://x.org/a%20b) >>")
    }

    func testNestedDictionariesAndArraysCloseInOrder() {
        let written = dictionary { d in
            d.array(.kids) { kids in
                kids.item(PDFReference(number: 4))
                kids.array { $0.items([0, 1.5, 612], decimals: 3) }
                kids.dictionary { $0.pair(.s, .d) }
                kids.null()
            }
            d.dictionary(.a) { action in
                action.pair(.s, .uri)
                action.array(.rect) { _ in }
            }
            d.dictionary(.resources) { _ in }
        }
        XCTAssertEqual(written, "<< /Kids [ 4 0 R [ 0 1.5 612 ] << /S /D >> null ] /A << /S /URI /Rect [ ] >> /Resources << >> >>")
    }

    func testNamesMadeAtRunTimeAreEscaped() {
        XCTAssertEqual(dictionary { $0.pair(.baseFont, PDFName("A B#/(é)")) }, "<< /BaseFont /A#20B#23#2F#28#C3#A9#29 >>")
        var bytes = ByteBuffer()
        bytes.appendName(.span)
        bytes.appendName(PDFName("H1"))
        XCTAssertEqual(bytes.array, Array("/Span/H1".utf8), "a name alone, as an operand starting a line")
    }

    func testIntegersKeepTheirSignAndStringsTheirBytes() {
        let written = dictionary { d in
            d.pair(.count, -7)
            d.array(.id) { ids in
                ids.item(hex: [0x00, 0xAB, 0x10])
                ids.item(-1)
                ids.item(bytes: [0x28, 0x0A])
            }
            "é".utf8.withContiguousStorageIfAvailable { d.pair(.actualText, utf16Text: $0) }
            "é".utf8.withContiguousStorageIfAvailable { d.pair(.contents, textUTF8: $0) }
        }
        XCTAssertEqual(written, "<< /Count -7 /ID [ <00AB10> -1 (\\(\\012) ] /ActualText <FEFF00E9> /Contents <FEFF00E9> >>")
    }

    /// A typed dictionary starts with its /Type; entries after it go through the plain writer.
    func testATypedDictionaryWritesItsTypeFirst() {
        struct Pages: PDFTypedDictionaryWriter, ~Copyable {
            var dictionary: PDFDictionaryWriter
            init(_ dictionary: consuming PDFDictionaryWriter) {
                self.dictionary = dictionary
                self.dictionary.pair(.type, .pages)
            }
            consuming func end() -> PDFDictionaryWriter { dictionary }
            mutating func count(_ n: Int) { dictionary.pair(.count, n) }
        }
        let written = dictionary { d in
            d.pair(.first, 1)
            d.dictionary(.kids) { $0.write(as: Pages.self) { pages in pages.count(2) } }
        }
        XCTAssertEqual(written, "<< /First 1 /Kids << /Type /Pages /Count 2 >> >>")
    }
}
