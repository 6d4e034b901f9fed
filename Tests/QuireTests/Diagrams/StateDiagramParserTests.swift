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

/// Issue 47: the Mermaid state diagram reader, each syntax element and errors with their lines,
/// and the graph it becomes for dot.
final class StateDiagramParserTests: XCTestCase {
    private func diagram(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> StateDiagram {
        parsedDiagram(source, { if case .state(let d) = $0 { d } else { nil } }, else: StateDiagram(), file: file, line: line)
    }

    func testStatesNamesAndDescriptions() {
        let d = diagram("""
        stateDiagram-v2
          s1
          state "A long name" as s2
          s3 : waits for input
          s4 : first
          s4 : second
        """)
        XCTAssertEqual(d.states.map(\.id), ["s1", "s2", "s3", "s4"])
        XCTAssertEqual(d.states[1].name?.plain, "A long name")
        XCTAssertEqual(d.states[2].descriptions.map(\.plain), ["waits for input"])
        XCTAssertEqual(d.states[3].descriptions.map(\.plain), ["first", "second"])
        let graph = d.graph
        XCTAssertEqual(graph.kind, "State diagram")
        XCTAssertEqual(graph.nodes.map(\.label.plain), ["s1", "A long name", "waits for input", "s4"], "one description is the label")
        XCTAssertEqual(graph.nodes[3].compartments.map { $0.map { $0.map(\.plain) } }, [[["first"], ["second"]]])
        XCTAssertEqual(graph.nodes[0].shape, .round)
    }

    func testTransitionsWithLabelsAndStartAndEnd() {
        let d = diagram("stateDiagram\n[*] --> Still\nStill --> Moving : push\nMoving --> [*]\n")
        XCTAssertEqual(d.transitions.map(\.from), ["[*]start/", "Still", "Moving"])
        XCTAssertEqual(d.transitions.map(\.to), ["Still", "Moving", "[*]end/"])
        XCTAssertEqual(d.transitions.map { $0.label?.plain }, [nil, "push", nil])
        XCTAssertEqual(d.transitions.map(\.line), [2, 3, 4])
        let graph = d.graph
        XCTAssertEqual(graph.nodes.first { $0.id == "[*]start/" }?.shape, .start)
        XCTAssertEqual(graph.nodes.first { $0.id == "[*]end/" }?.shape, .end)
        XCTAssertEqual(graph.edges.map(\.endHead), [.arrow, .arrow, .arrow])
    }

    func testCompositeStatesNestedWithTheirOwnStartsAndDirection() {
        let d = diagram("""
        stateDiagram-v2
          direction LR
          [*] --> Outer
          state Outer {
            direction TB
            [*] --> Inner
            state Inner {
              a --> b
            }
          }
        """)
        XCTAssertEqual(d.direction, .leftToRight)
        let outer = d.states[d.stateIndex("Outer")!], inner = d.states[d.stateIndex("Inner")!]
        XCTAssertTrue(outer.isComposite && inner.isComposite)
        XCTAssertEqual(outer.direction, .topToBottom)
        XCTAssertEqual(inner.parent, "Outer")
        XCTAssertEqual(d.states[d.stateIndex("a")!].parent, "Inner")
        XCTAssertEqual(d.states[d.stateIndex("[*]start/Outer")!].kind, .start, "a start of its own inside a composite")
        let graph = d.graph
        XCTAssertEqual(graph.subgraphs.map(\.id), ["Outer", "Inner"])
        XCTAssertEqual(graph.subgraphs[1].parent, 0)
        XCTAssertEqual(graph.subgraphs[0].direction, .topToBottom)
        XCTAssertEqual(graph.subgraphs[1].nodes, ["a", "b"])
        XCTAssertNil(graph.nodeIndex("Outer"), "a composite state is a cluster, not a node")
    }

    func testChoiceForkJoinAndConcurrency() {
        let d = diagram("""
        stateDiagram-v2
          state c <<choice>>
          state f <<fork>>
          state j <<join>>
          state Active {
            x --> y
            --
            p --> q
          }
        """)
        XCTAssertEqual(d.states.prefix(3).map(\.kind), [.choice, .fork, .join])
        XCTAssertEqual(d.states[d.stateIndex("Active")!].regions, 2)
        XCTAssertEqual(d.states[d.stateIndex("p")!].region, 1)
        let graph = d.graph
        XCTAssertEqual(graph.nodes.prefix(3).map(\.shape), [.rhombus, .bar, .bar])
        let regions = graph.subgraphs.filter { $0.parent == 0 }
        XCTAssertEqual(regions.count, 2)
        XCTAssertTrue(regions.allSatisfy { $0.style.dashed }, "concurrent regions are dashed")
        XCTAssertEqual(regions.map(\.nodes), [["x", "y"], ["p", "q"]])
        XCTAssertEqual(diagram("stateDiagram-v2\ndirection LR\nstate f <<fork>>").graph.nodes[0].shape, .barVertical)
    }

    func testNotesClassesAndComments() {
        let d = diagram("""
        stateDiagram-v2
          %% a comment
          classDef bad fill:#f00,color:white
          Crash:::bad
          class Idle bad
          note left of Idle
            first line
            second line
          end note
          note right of Crash : it broke
          hide empty description
        """)
        XCTAssertEqual(d.notes.map(\.target), ["Idle", "Crash"])
        XCTAssertEqual(d.notes.map(\.left), [true, false])
        XCTAssertEqual(d.notes[0].text.lines.count, 2)
        XCTAssertEqual(d.notes[1].text.plain, "it broke")
        XCTAssertEqual(d.states.map(\.style.fill), [Color(hex: "#f00"), Color(hex: "#f00")])
        let graph = d.graph
        let note = graph.nodes.first { $0.shape == .note }
        XCTAssertEqual(note?.label.plain, "first line second line")
        XCTAssertTrue(graph.edges.contains { $0.from == note?.id && $0.to == "Idle" && $0.stroke == .dotted && $0.endHead == .none })
        XCTAssertEqual(graph.sameRank.count, 2)
    }

    func testErrorsNameTheirLineAndWhatWasExpected() {
        let e = mermaidError("stateDiagram-v2\n  a --> b\n  this is { not\n")
        XCTAssertEqual(e?.line, 3)
        XCTAssertTrue(e?.message.contains("expected a state, a transition") ?? false, e?.message ?? "")
        assertMermaidErrors(atLines: [
            "stateDiagram-v2\nstate X {\na\n": 2,
            "stateDiagram-v2\na\n}\n": 3,
            "stateDiagram-v2\nnote left of a\ntext\n": 2,
            "stateDiagram-v2\nnote above a : x\n": 2,
            "stateDiagram-v2\n--\n": 2,
            "stateDiagram-v2\ndirection XY\n": 2,
        ])
    }

    func testHostileStateDiagramsStopAtTheLimits() {
        var big = "stateDiagram-v2\n"
        for i in 0..<10_000 { big += "s\(i) --> s\(i + 1)\n" }
        XCTAssertTrue(mermaidError(big)?.message.contains("too large") ?? false)
        let deep = "stateDiagram-v2\n" + String(repeating: "state s {\n", count: 100) + String(repeating: "}\n", count: 100)
        XCTAssertTrue(mermaidError(deep)?.message.contains("nested") ?? false)
        XCTAssertTrue(mermaidError("stateDiagram-v2\na : " + String(repeating: "x", count: 5000))?.message.contains("longer than") ?? false)
    }
}
