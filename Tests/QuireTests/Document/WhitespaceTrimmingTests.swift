import Foundation
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

/// Quire's own trimming (Trimming.swift) trims exactly what Foundation's does.
final class WhitespaceTrimmingTests: XCTestCase {
    /// Every character of the Basic Multilingual Plane and a few beyond it, alone, at both ends
    /// of a word, and twice: trimmed as `trimmingCharacters(in: .whitespaces)` and
    /// `.whitespacesAndNewlines` trim it.
    func testTrimsWhatFoundationTrims() {
        var checked = 0
        for value in Array(0...0xFFFF) + [0x1_0000, 0x1_F600, 0xE_0020, 0x10_FFFD] {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let c = String(Character(scalar))
            for text in [c, "\(c)a\(c)", "\(c)\(c) a b \(c)\(c)", "a\(c)b"] {
                XCTAssertEqual(text.trimmingWhitespace(), text.trimmingCharacters(in: .whitespaces), "U+\(String(value, radix: 16))")
                XCTAssertEqual(text.trimmingWhitespaceAndNewlines(), text.trimmingCharacters(in: .whitespacesAndNewlines),
                               "U+\(String(value, radix: 16))")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 200_000)
        XCTAssertEqual(" \t x y \u{3000}"[...].trimmingWhitespace(), "x y")
    }
}
