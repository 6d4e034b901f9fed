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

/// The Mermaid sequence diagram parser (issue 47): each syntax element, and errors with their lines.
final class SequenceParserTests: XCTestCase {
    private func diagram(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> SequenceDiagram {
        parsedDiagram(source, { if case .sequence(let d) = $0 { d } else { nil } }, else: SequenceDiagram(), file: file, line: line)
    }

    func testParticipantsActorsAndAliasesInOrderOfAppearance() {
        let d = diagram("""
        sequenceDiagram
          participant A as Alice
          actor B as Bob the builder
          participant C
          A->>D: hi
          create participant E
          destroy E
        """)
        XCTAssertEqual(d.participants.map(\.id), ["A", "B", "C", "D", "E"])
        XCTAssertEqual(d.participants.map(\.label.plain), ["Alice", "Bob the builder", "C", "D", "E"])
        XCTAssertEqual(d.participants.map(\.kind), [.participant, .actor, .participant, .participant, .participant])
        XCTAssertEqual(d.participants.map(\.line), [2, 3, 4, 5, 6])
    }

    func testEveryArrowKind() {
        let d = diagram("""
        sequenceDiagram
        A->B: a
        A-->B: b
        A->>B: c
        A-->>B: d
        A-xB: e
        A--xB: f
        A-)B: g
        A--)B: h
        A<<->>B: i
        A<<-->>B: j
        """)
        XCTAssertEqual(d.participants.map(\.id), ["A", "B"])
        XCTAssertEqual(d.messages.map(\.arrow), [
            SequenceArrow(dotted: false, head: .none), SequenceArrow(dotted: true, head: .none),
            SequenceArrow(dotted: false, head: .filled), SequenceArrow(dotted: true, head: .filled),
            SequenceArrow(dotted: false, head: .cross), SequenceArrow(dotted: true, head: .cross),
            SequenceArrow(dotted: false, head: .open), SequenceArrow(dotted: true, head: .open),
            SequenceArrow(dotted: false, head: .filled, bothWays: true), SequenceArrow(dotted: true, head: .filled, bothWays: true),
        ])
        XCTAssertEqual(d.messages.map(\.text.plain), ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"])
        XCTAssertTrue(d.messages.allSatisfy { $0.from == 0 && $0.to == 1 })
        XCTAssertEqual(d.messages.map(\.line), Array(2...11))
    }

    func testNamesWithHyphensSpacesAndSelfMessages() {
        let d = diagram("sequenceDiagram\nweb-server->>my-xylo db: query\nmy-xylo db->>my-xylo db: think\nA->>B")
        XCTAssertEqual(d.participants.map(\.id), ["web-server", "my-xylo db", "A", "B"])
        XCTAssertEqual(d.messages.map(\.isSelf), [false, true, false])
        XCTAssertEqual(d.messages[2].text, DiagramText(lines: [[]]))
    }

    func testActivationsBySuffixAndStatementNested() {
        let d = diagram("""
        sequenceDiagram
        A->>+B: one
        A->>+B: two
        B-->>-A: back
        activate A
        deactivate A
        B-->>-A: done
        """)
        XCTAssertEqual(d.messages.map(\.activatesTarget), [true, true, false, false])
        XCTAssertEqual(d.messages.map(\.deactivatesSource), [false, false, true, true])
        XCTAssertEqual(d.events[3], .activate(participant: 0, line: 5))
        XCTAssertEqual(d.events[4], .deactivate(participant: 0, line: 6))
    }

    func testNotesLeftRightAndOver() {
        let d = diagram("""
        sequenceDiagram
        participant A
        participant B
        Note left of A: left
        note right of B: right<br>two lines
        Note over A: over one
        Note over B,A: over both
        """)
        let notes = d.events.compactMap { if case .note(let n) = $0 { return n } else { return nil } }
        XCTAssertEqual(notes.map(\.placement), [.leftOf, .rightOf, .over, .over])
        XCTAssertEqual(notes.map(\.participants), [[0], [1], [0], [1, 0]])
        XCTAssertEqual(notes[1].text.lines.count, 2, "<br> breaks the line")
        XCTAssertEqual(notes[1].text.plain, "right two lines")
        XCTAssertEqual(notes.map(\.line), [4, 5, 6, 7])
    }

    func testEveryBlockKindWithDividers() {
        let d = diagram("""
        sequenceDiagram
        loop Every minute
          A->>B: ping
        end
        alt ok
          B->>A: yes
        else not ok
          B->>A: no
        end
        opt maybe
          A->>B: x
        end
        par first
          A->>B: p1
        and second
          A->>C: p2
        end
        critical connect
          A->>B: c
        option timeout
          A->>B: t
        end
        break failed
          A->>B: b
        end
        rect rgb(191, 223, 255)
          A->>B: r
        end
        """)
        let starts = d.events.compactMap { if case .blockStart(let b) = $0 { return b } else { return nil } }
        XCTAssertEqual(starts.map(\.kind), [.loop, .alt, .opt, .par, .critical, .break, .rect])
        XCTAssertEqual(starts.map(\.label.plain), ["Every minute", "ok", "maybe", "first", "connect", "failed", ""])
        XCTAssertEqual(starts[6].color, Color(css: "rgb(191, 223, 255)"))
        let dividers = d.events.compactMap { if case .blockDivider(let label, let line) = $0 { return "\(line) \(label.plain)" } else { return nil } }
        XCTAssertEqual(dividers, ["7 not ok", "15 second", "20 timeout"])
        XCTAssertEqual(d.events.filter { if case .blockEnd = $0 { return true } else { return false } }.count, 7)
    }

    func testNestedBlocksAndTranslucentRect() {
        let d = diagram("sequenceDiagram\nrect rgba(0, 0, 255, .1)\nloop outer\nalt inner\nA->>B: x\nend\nend\nend")
        guard case .blockStart(let rect) = d.events[0] else { return XCTFail("a rect") }
        XCTAssertEqual(rect.color!.blue, 1, accuracy: 0.001)
        XCTAssertEqual(rect.color!.red, 0.9, accuracy: 0.001, "alpha laid over white")
        XCTAssertEqual(d.events.count, 7)
    }

    func testAutonumberStartStepAndOff() {
        let d = diagram("sequenceDiagram\nA->>B: none\nautonumber\nA->>B: 1\nB->>A: 2\nautonumber 10 5\nA->>B: 10\nA->>B: 15\nautonumber off\nA->>B: n")
        XCTAssertEqual(d.messages.map(\.number), [nil, 1, 2, 10, 15, nil])
    }

    func testBoxesWithColourAndTitle() {
        let d = diagram("""
        sequenceDiagram
        box Aqua Group one
          participant A
          actor B
        end
        box rgb(33, 66, 99)
          participant C
        end
        box Just a title
          participant D
        end
        box transparent Clear
          participant E
        end
        A->>F: outside
        """)
        XCTAssertEqual(d.boxes.map { $0.title?.plain }, ["Group one", nil, "Just a title", "Clear"])
        XCTAssertEqual(d.boxes.map(\.color), [Color(hex: "#00ffff"), Color(css: "rgb(33,66,99)"), nil, nil])
        XCTAssertEqual(d.participants.map(\.box), [0, 0, 1, 2, 3, nil])
    }

    func testTitleCommentsSemicolonsAndEntities() {
        let d = diagram("""
        %% before the header
        sequenceDiagram
          title: Login flow
          %% a comment
          A->>B: one; B->>A: two #59; still two
          accTitle: ignored
          A->>B: #quot;quoted#quot; &amp; #9829;
        """)
        XCTAssertEqual(d.title?.plain, "Login flow")
        XCTAssertEqual(d.messages.map(\.text.plain), ["one", "two ; still two", "\"quoted\" & ♥"])
        XCTAssertEqual(diagram("sequenceDiagram\ntitle Plain title\nA->>B: x").title?.plain, "Plain title")
    }

    func testErrorsNameTheirLineAndWhatWasExpected() {
        XCTAssertEqual(mermaidError("sequenceDiagram\nA->>B: fine\nthis is not a statement"),
                       MermaidError(line: 3, message: "expected a message such as `Alice->>Bob: Hello` or a statement (`participant`, `Note`, `loop`, `end` …), found `this is not a statement`"))
        XCTAssertEqual(mermaidError("sequenceDiagram\nA->>B: x\nelse other"), MermaidError(line: 3, message: "`else` outside an `alt` block"))
        XCTAssertEqual(mermaidError("sequenceDiagram\nloop x\nA->>B: x\nand y\nend"), MermaidError(line: 4, message: "`and` outside an `par` block"))
        XCTAssertEqual(mermaidError("sequenceDiagram\nA->>B: x\nloop forever\nA->>B: y"), MermaidError(line: 3, message: "`loop` has no `end`"))
        XCTAssertEqual(mermaidError("sequenceDiagram\nA->>B: x\nend"), MermaidError(line: 3, message: "`end` without a block or `box`"))
        XCTAssertEqual(mermaidError("sequenceDiagram\nA->>B: x\ndeactivate B"), MermaidError(line: 3, message: "`B` is deactivated but not active"))
        XCTAssertEqual(mermaidError("sequenceDiagram\nA->>B: x\nB-->>-A: y"), MermaidError(line: 3, message: "`B` is deactivated but not active"))
        XCTAssertEqual(mermaidError("sequenceDiagram\nNote over A text"), MermaidError(line: 2, message: "expected `:` and the note's text after `Note over A text`"))
        XCTAssertEqual(mermaidError("sequenceDiagram\nNote under A: x"), MermaidError(line: 2, message: "expected `left of`, `right of` or `over` after `Note`, found `under`"))
        assertMermaidErrors(atLines: [
            "sequenceDiagram\nrect nocolour\nend": 2,
            "sequenceDiagram\nbox A\nparticipant A\nA->>B: x\nend": 4,
            "sequenceDiagram\nautonumber many": 2,
        ])
        XCTAssertEqual(mermaidError("sequenceDiagram\n%% nothing"), MermaidError(line: 1, message: "expected participants or messages after `sequenceDiagram`"))
        XCTAssertEqual(mermaidError("\n\nsequenceDiagram\nA->>B: x\nA->>: missing")?.line, 5)
    }

    func testHostileInputIsCappedWithAnError() {
        let many = "sequenceDiagram\n" + String(repeating: "A->>B: hello\n", count: 5_000)
        XCTAssertEqual(mermaidError(many), MermaidError(line: 602, message: "more than 600 messages, notes and blocks; the diagram is too large to draw"))
        let crowd = "sequenceDiagram\n" + (0..<400).map { "participant P\($0)" }.joined(separator: "\n")
        XCTAssertEqual(mermaidError(crowd)?.message, "more than 300 participants; the diagram is too large to draw")
        let deep = "sequenceDiagram\n" + String(repeating: "loop x\n", count: 50) + "A->>B: x\n" + String(repeating: "end\n", count: 50)
        XCTAssertEqual(mermaidError(deep), MermaidError(line: 14, message: "blocks nested more than 12 deep"))
        let huge = "sequenceDiagram\nA->>B: " + String(repeating: "word ", count: 1_000)
        XCTAssertEqual(mermaidError(huge), MermaidError(line: 2, message: "a text is longer than 1000 characters"))
        XCTAssertNotNil(mermaidError("sequenceDiagram\n" + String(repeating: "-", count: 300_000)), "larger than the source limit")
    }
}
