@testable import Quire
@testable import QuireModel
import XCTest

/// `PangoLength`, where points and Pango units (1/1024 pt) meet: the rounding every size Quire
/// gives Pango goes through, and the exact way back.
final class PangoLengthTests: XCTestCase {
    func testPointsRoundToTheNearestUnitHalvesAwayFromZero() {
        XCTAssertEqual(PangoLength(points: 10.5).units, 10_752)
        XCTAssertEqual(PangoLength(points: 0.5 / 1024).units, 1)
        XCTAssertEqual(PangoLength(points: -0.5 / 1024).units, -1)
        XCTAssertEqual(PangoLength(points: 0.49 / 1024).units, 0)
        XCTAssertEqual(PangoLength(points: 0.01 / 1024, rounding: .up).units, 1)
        XCTAssertEqual(PangoLength(points: 12).pango, 12_288)
    }

    func testPointsAreExact() {
        for units: Int32 in [0, 1, -1, 1023, 10_752, Int32.max, Int32.min] {
            XCTAssertEqual(PangoLength(units).points, Double(units) / 1024)
            XCTAssertEqual(PangoLength(points: PangoLength(units).points).pango, units)
        }
        XCTAssertEqual(PangoLength.fractionalUnits(points: 11.3), 11.3 * 1024)
    }

    func testArithmeticAndOrderAreTheUnits() {
        let a = PangoLength(units: 3_000), b = PangoLength(units: 1_000)
        XCTAssertEqual((a + b).units, 4_000)
        XCTAssertEqual((a - b).units, 2_000)
        XCTAssertEqual((-a).units, -3_000)
        XCTAssertLessThan(b, a)
        XCTAssertEqual(max(a, b), a)
    }

}
