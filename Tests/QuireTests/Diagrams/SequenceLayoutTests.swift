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

/// Sequence diagrams laid out by Quire (issue 47): participants left to right, messages top to
/// bottom ending on their lifelines (or their activation bars), bars on their lifelines, notes
/// beside or over theirs, frames around what they hold, everything inside the figure.
final class SequenceLayoutTests: XCTestCase {
    private let source = """
    sequenceDiagram
      title Checkout
      autonumber
      actor U as Customer
      box Lavender Back end
        participant W as Web shop
        participant P as Payments
      end
      U->>+W: Place an order with a rather long description
      W->>+P: Charge card
      Note over W,P: Three-D Secure
      loop Every minute
        alt accepted
          P-->>W: Approved
          P->>P: Log it
        else declined
          P--xW: Declined
          Note left of W: Tell the customer
        end
      end
      rect rgb(200, 220, 255)
        P-)U: Receipt
      end
      deactivate P
      activate W
      W-->>-U: Confirmed
      Note right of P: Done
      deactivate W
    """

    /// Every text 7 pt per character and 12 pt per line, at a 9 pt text size.
    private func laidOut(_ text: String) -> (SequenceDiagram, SequenceGeometry, SequenceLabelSizes) {
        guard case .success(.sequence(let d)) = MermaidParser.parse(text) else {
            XCTFail("does not parse")
            return (SequenceDiagram(), SequenceGeometry(), SequenceLabelSizes(participants: [], events: [], tabs: [], numbers: [], boxes: [], title: (0, 0), fontSize: 9))
        }
        func size(_ t: DiagramText?) -> SequenceLabelSizes.Size {
            guard let t, !t.isEmpty else { return (0, 0) }
            return (Double(t.lines.map { $0.map(\.text).joined().count }.max() ?? 0) * 7, Double(t.lines.count) * 12)
        }
        var events: [SequenceLabelSizes.Size] = [], tabs: [SequenceLabelSizes.Size] = [], numbers: [SequenceLabelSizes.Size] = []
        for event in d.events {
            switch event {
            case .message(let m): events.append(size(m.text)); numbers.append(m.number.map { size(DiagramText("\($0)")) } ?? (0, 0)); tabs.append((0, 0))
            case .note(let n): events.append(size(n.text)); numbers.append((0, 0)); tabs.append((0, 0))
            case .blockStart(let b):
                events.append(size(b.label.bracketed)); numbers.append((0, 0))
                tabs.append(b.kind == .rect ? (0, 0) : size(DiagramText(b.kind.rawValue)))
            case .blockDivider(let label, _): events.append(size(label.bracketed)); numbers.append((0, 0)); tabs.append((0, 0))
            default: events.append((0, 0)); numbers.append((0, 0)); tabs.append((0, 0))
            }
        }
        let sizes = SequenceLabelSizes(participants: d.participants.map { size($0.label) }, events: events, tabs: tabs, numbers: numbers,
                                       boxes: d.boxes.map { size($0.title) }, title: size(d.title), fontSize: 9)
        return (d, SequenceLayout(diagram: d, sizes: sizes).layout(), sizes)
    }

    private func inside(_ b: DiagramBox, _ outer: DiagramBox) -> Bool {
        b.x >= outer.x - 0.01 && b.maxX <= outer.maxX + 0.01 && b.y >= outer.y - 0.01 && b.maxY <= outer.maxY + 0.01
    }

    func testParticipantsStandLeftToRightWithoutOverlapTopAndBottom() {
        let (d, g, _) = laidOut(source)
        XCTAssertEqual(g.participants.count, d.participants.count)
        for (a, b) in zip(g.participants, g.participants.dropFirst()) {
            XCTAssertLessThan(a.center, b.center)
            XCTAssertLessThan(a.top.maxX, b.top.x, "boxes apart")
        }
        for p in g.participants {
            XCTAssertEqual(p.top.center.x, p.center, accuracy: 0.01)
            XCTAssertEqual(p.bottom.x, p.top.x)
            XCTAssertEqual(p.top.maxY, g.lifelineTop, accuracy: 0.01)
            XCTAssertEqual(p.bottom.y, g.lifelineBottom, accuracy: 0.01)
        }
        XCTAssertEqual(g.groups.count, 1)
        XCTAssertTrue(inside(g.participants[1].top, g.groups[0].box) && inside(g.participants[2].bottom, g.groups[0].box))
        XCTAssertFalse(inside(g.participants[0].top, g.groups[0].box), "the actor is outside the box")
        XCTAssertLessThan(g.titleCenter!.y, g.participants[0].top.y)
    }

    func testMessagesRunTopToBottomAndEndOnTheirLifelinesOrBars() {
        let (d, g, sizes) = laidOut(source)
        XCTAssertEqual(g.messages.count, d.messages.count)
        for (a, b) in zip(g.messages, g.messages.dropFirst()) { XCTAssertLessThan(max(a.start.y, a.end.y), b.start.y) }
        for m in g.messages {
            guard case .message(let message) = d.events[m.event] else { return XCTFail("not a message") }
            for (point, p) in [(m.start, message.from), (m.end, message.to)] {
                let center = g.participants[p].center
                let onBar = g.activations.contains { $0.participant == p && (abs($0.box.x - point.x) < 0.01 || abs($0.box.maxX - point.x) < 0.01)
                    && point.y >= $0.box.y - 0.01 && point.y <= $0.box.maxY + 0.01 }
                XCTAssertTrue(abs(point.x - center) < 0.01 || onBar, "message \(message.text.plain) ends on \(d.participants[p].id)")
                XCTAssertTrue(point.y > g.lifelineTop && point.y < g.lifelineBottom)
            }
            if message.isSelf { XCTAssertGreaterThan(m.end.y, m.start.y) } else { XCTAssertEqual(m.start.y, m.end.y) }
            if let c = m.labelCenter { XCTAssertLessThan(c.y + sizes.events[m.event].height / 2, m.start.y, "its text above its arrow") }
        }
        XCTAssertEqual(g.messages.compactMap(\.numberCenter).count, d.messages.count, "autonumber")
    }

    func testActivationBarsStandOnTheirLifelinesNestedHalfABarRight() {
        let (_, g, _) = laidOut(source)
        XCTAssertEqual(g.activations.count, 3)
        for bar in g.activations {
            let c = g.participants[bar.participant].center
            XCTAssertTrue(bar.box.x <= c + 0.01 && bar.box.maxX >= c - 0.01, "on its lifeline")
            XCTAssertTrue(bar.box.y >= g.lifelineTop && bar.box.maxY <= g.lifelineBottom)
            XCTAssertGreaterThan(bar.box.height, 0)
        }
        let web = g.activations.filter { $0.participant == 1 }
        XCTAssertEqual(web.count, 2)
        XCTAssertEqual(web[1].box.x - web[0].box.x, web[0].box.width / 2, accuracy: 0.01, "the nested bar half a bar right")
    }

    func testNotesStandBesideOrOverTheirParticipants() {
        let (d, g, _) = laidOut(source)
        for note in g.notes {
            guard case .note(let n) = d.events[note.event] else { return XCTFail("not a note") }
            let centers = n.participants.map { g.participants[$0].center }
            switch n.placement {
            case .leftOf: XCTAssertLessThan(note.box.maxX, centers[0])
            case .rightOf: XCTAssertGreaterThan(note.box.x, centers[0])
            case .over: XCTAssertTrue(centers.allSatisfy { note.box.x < $0 && $0 < note.box.maxX })
            }
        }
        for (a, b) in zip(g.notes, g.notes.dropFirst()) { XCTAssertLessThan(a.box.maxY, b.box.y) }
    }

    func testFramesEncloseWhatTheyHoldAndNestedFramesEachOther() {
        let (d, g, sizes) = laidOut(source)
        XCTAssertEqual(g.frames.map(\.depth), [0, 0, 1], "loop and rect, then the alt in the loop")
        for frame in g.frames {
            var depth = 0, end = frame.event
            for i in (frame.event + 1)..<d.events.count {
                if case .blockStart = d.events[i] { depth += 1 }
                if case .blockEnd = d.events[i] { if depth == 0 { end = i; break }; depth -= 1 }
            }
            for m in g.messages where m.event > frame.event && m.event < end {
                let w = sizes.events[m.event].width
                let lo = min(m.start.x, m.end.x, (m.labelCenter?.x ?? m.start.x) - w / 2), hi = max(m.start.x, m.end.x, (m.labelCenter?.x ?? m.start.x) + w / 2)
                XCTAssertTrue(lo >= frame.box.x && hi <= frame.box.maxX && m.start.y > frame.box.y && m.end.y < frame.box.maxY,
                              "message at event \(m.event) inside the frame of event \(frame.event)")
            }
            for n in g.notes where n.event > frame.event && n.event < end { XCTAssertTrue(inside(n.box, frame.box)) }
            if let tab = frame.tab { XCTAssertTrue(inside(tab, frame.box)) }
            for divider in frame.dividers { XCTAssertTrue(divider.y > frame.box.y && divider.y < frame.box.maxY) }
        }
        let loop = g.frames[0], alt = g.frames[2]
        XCTAssertTrue(alt.box.x > loop.box.x && alt.box.maxX < loop.box.maxX && alt.box.y > loop.box.y && alt.box.maxY < loop.box.maxY)
        XCTAssertEqual(alt.dividers.count, 1)
    }

    func testNothingLiesOutsideTheFigure() {
        let (_, g, sizes) = laidOut(source)
        let figure = DiagramBox(x: 0, y: 0, width: g.width, height: g.height)
        var boxes = g.participants.flatMap { [$0.top, $0.bottom] } + g.groups.map(\.box) + g.frames.map(\.box) + g.notes.map(\.box) + g.activations.map(\.box)
        for m in g.messages {
            if let c = m.labelCenter {
                let s = sizes.events[m.event]
                boxes.append(DiagramBox(x: c.x - s.width / 2, y: c.y - s.height / 2, width: s.width, height: s.height))
            }
            boxes.append(DiagramBox(x: min(m.start.x, m.end.x), y: m.start.y, width: abs(m.end.x - m.start.x), height: m.end.y - m.start.y))
        }
        for b in boxes { XCTAssertTrue(inside(b, figure), "\(b) inside \(figure)") }
        XCTAssertEqual(boxes.map(\.x).min()!, 0, accuracy: 0.01, "the ink starts at the left edge")
    }

    func testALongMessageWidensTheGapBetweenItsLifelines() {
        let (_, short, _) = laidOut("sequenceDiagram\nA->>B: hi")
        let (_, long, _) = laidOut("sequenceDiagram\nA->>B: " + String(repeating: "x", count: 60))
        XCTAssertGreaterThanOrEqual(long.participants[1].center - long.participants[0].center, 60 * 7)
        XCTAssertLessThan(short.participants[1].center - short.participants[0].center, 60 * 7)
    }
}
