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

final class TextValueTests: XCTestCase {
    let greetings = TextValue(variants: [(70, "Greetings and Salutations!"), (1, "Hi!"), (20, "Hello!")])

    func testSelectionRules() {
        XCTAssertEqual(greetings.select(width: 10), "Hi!", "the widest variant narrower than 10")
        XCTAssertEqual(greetings.select(width: 25), "Hello!", "the widest variant narrower than 25")
        XCTAssertEqual(greetings.select(width: 70), "Greetings and Salutations!", "exactly 70")
        XCTAssertEqual(greetings.select(width: 0.5), "Hi!", "none narrower: the narrowest")
        XCTAssertEqual(greetings.select(width: 500), "Greetings and Salutations!")
        XCTAssertEqual(TextValue.plain("Only").select(width: 3), "Only", "no variants: the string")
        XCTAssertEqual(greetings.widest, "Greetings and Salutations!")
    }

    func testFromJSON() {
        XCTAssertEqual(TextValue(json: JSONValue.parse(#"{"20": "Hello!", "1": "Hi!"}"#)!),
                       TextValue(variants: [(1, "Hi!"), (20, "Hello!")]))
        XCTAssertEqual(TextValue(json: .string("x")), .plain("x"))
        XCTAssertNil(TextValue(json: JSONValue.parse(#"{"wide": "x"}"#)!))
        XCTAssertNil(TextValue(json: JSONValue.parse(#"{}"#)!))
        XCTAssertNil(TextValue(json: .number(3)))
    }

    func testJSONParserKeepsKeyOrderAndRejectsGarbage() {
        guard case .object(let pairs)? = JSONValue.parse(#"{"b": 1, "a": [true, null, "\u00e9"]}"#) else { return XCTFail() }
        XCTAssertEqual(pairs.map(\.key), ["b", "a"])
        XCTAssertEqual(pairs[1].value, .array([.bool(true), .null, .string("é")]))
        for bad in ["{", "[1,]", "{\"a\" 1}", "tru", "1 2", ""] { XCTAssertNil(JSONValue.parse(bad), bad) }
    }
}
