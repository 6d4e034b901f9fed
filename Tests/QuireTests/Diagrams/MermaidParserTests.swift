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

/// The Mermaid flowchart parser: each syntax element people write, and errors with their lines.
final class MermaidParserTests: XCTestCase {
    private func chart(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> Flowchart {
        parsedDiagram(source, { if case .flowchart(let d) = $0 { d } else { nil } }, else: Flowchart(), file: file, line: line)
    }

    func testHeaderAndDirections() {
        XCTAssertEqual(chart("graph TD\nA").direction, .topToBottom)
        XCTAssertEqual(chart("flowchart LR\nA").direction, .leftToRight)
        XCTAssertEqual(chart("flowchart BT\nA").direction, .bottomToTop)
        XCTAssertEqual(chart("flowchart RL\nA").direction, .rightToLeft)
        XCTAssertEqual(chart("flowchart TB\nA").direction, .topToBottom)
        XCTAssertEqual(chart("%%{init: {'theme':'dark'}}%%\n%% a comment\n\nflowchart\nA").nodes.map(\.id), ["A"])
        XCTAssertEqual(chart("---\ntitle: Hi\n---\nflowchart LR\nA").direction, .leftToRight)
    }

    func testEveryNodeShape() {
        let c = chart("""
        flowchart TD
        a[rect] --- b(round) --- c([stadium]) --- d[[sub]] --- e[(db)] --- f((circle)) --- g(((double)))
        h{rhombus} --- i{{hex}} --- j[/para/] --- k[\\alt\\] --- l[/trap\\] --- m[\\trapalt/] --- n>asym]
        """)
        XCTAssertEqual(c.nodes.map(\.shape), [.rectangle, .round, .stadium, .subroutine, .cylinder, .circle, .doubleCircle,
                                              .rhombus, .hexagon, .parallelogram, .parallelogramAlt, .trapezoid, .trapezoidAlt, .asymmetric])
        XCTAssertEqual(c.nodes.map(\.label.plain), ["rect", "round", "stadium", "sub", "db", "circle", "double",
                                                    "rhombus", "hex", "para", "alt", "trap", "trapalt", "asym"])
    }

    func testEveryLinkKind() {
        let c = chart("""
        flowchart LR
        A --> B
        A --- B
        A -.-> B
        A ==> B
        A ~~~ B
        A --o B
        A --x B
        A <--> B
        A o--o B
        A x--x B
        A ---> B
        A -.- B
        A === B
        """)
        XCTAssertEqual(c.edges.map(\.stroke), [.normal, .normal, .dotted, .thick, .invisible, .normal, .normal, .normal, .normal, .normal,
                                               .normal, .dotted, .thick])
        XCTAssertEqual(c.edges.map(\.endHead), [.arrow, .none, .arrow, .arrow, .none, .circle, .cross, .arrow, .circle, .cross,
                                                .arrow, .none, .none])
        XCTAssertEqual(c.edges.map(\.startHead), [.none, .none, .none, .none, .none, .none, .none, .arrow, .circle, .cross,
                                                  .none, .none, .none])
        XCTAssertEqual(c.edges[10].length, 2)
        XCTAssertEqual(c.edges[0].length, 1)
    }

    func testLinkLabelsChainsAndAmpersands() {
        let c = chart("""
        flowchart TD
        A -->|yes| B
        A -- no --> C
        A -. maybe .-> D
        A == sure ==> E
        A -->|"quoted | bar"| F
        G --> H --> I
        J & K --> L & M
        """)
        XCTAssertEqual(c.edges[0].label?.plain, "yes")
        XCTAssertEqual(c.edges[1].label?.plain, "no")
        XCTAssertEqual(c.edges[2].label?.plain, "maybe")
        XCTAssertEqual(c.edges[2].stroke, .dotted)
        XCTAssertEqual(c.edges[3].label?.plain, "sure")
        XCTAssertEqual(c.edges[3].stroke, .thick)
        XCTAssertEqual(c.edges[4].label?.plain, "quoted | bar")
        XCTAssertEqual(c.edges[5...6].map { "\($0.from)>\($0.to)" }, ["G>H", "H>I"])
        XCTAssertEqual(c.edges[7...].map { "\($0.from)>\($0.to)" }, ["J>L", "J>M", "K>L", "K>M"])
    }

    func testSubgraphsNestedWithTitlesDirectionsAndEdges() {
        let c = chart("""
        flowchart TB
        c1-->a2
        subgraph one [The first]
        direction LR
        a1-->a2
        subgraph inner
        x1
        end
        end
        subgraph "Quoted title"
        b1
        end
        subgraph three
        c2
        end
        one --> three
        """)
        XCTAssertEqual(c.subgraphs.map(\.id), ["one", "inner", "Quoted title", "three"])
        XCTAssertEqual(c.subgraphs[0].title.plain, "The first")
        XCTAssertEqual(c.subgraphs[0].direction, .leftToRight)
        XCTAssertEqual(c.subgraphs[1].parent, 0)
        XCTAssertEqual(c.subgraphs[0].nodes, ["a2", "a1"], "a node named first outside joins the first subgraph naming it")
        XCTAssertEqual(c.subgraphs[1].nodes, ["x1"])
        XCTAssertNil(c.nodeIndex("one"), "an edge to a subgraph makes no node")
        XCTAssertEqual(c.edges.last.map { "\($0.from)>\($0.to)" }, "one>three")
    }

    func testStylesClassesAndLinkStyles() {
        let c = chart("""
        flowchart LR
        classDef hot fill:#f96,stroke:#333,stroke-width:4px,color:white
        A:::hot --> B
        class B hot
        style C fill:#bbf,stroke-dasharray: 5 5
        C --> A
        linkStyle 1 stroke:red,stroke-width:2px
        click A "https://example.com" "tip"
        """)
        XCTAssertEqual(c.nodes[0].style.fill, Color(hex: "#f96"))
        XCTAssertEqual(c.nodes[0].style.textColor, Color(hex: "#fff"))
        XCTAssertEqual(c.nodes[0].style.strokeWidth, 4)
        XCTAssertEqual(c.nodes[1].style.stroke, Color(hex: "#333"))
        XCTAssertEqual(c.nodes[2].style.fill, Color(hex: "#bbf"))
        XCTAssertTrue(c.nodes[2].style.dashed)
        XCTAssertEqual(c.edges[1].style.stroke, Color(hex: "#f00"))
        XCTAssertNil(c.edges[0].style.stroke)
    }

    func testLabelsQuotedMarkdownBreaksAndEntities() {
        let c = chart("""
        flowchart TD
        A["a (parenthesised) [label]"]
        B[one<br>two<br/>three]
        C["`**bold** and *italic*`"]
        D[say #quot;hi#quot; &amp; #9829;]
        E["semi;colon"]; F
        """)
        XCTAssertEqual(c.nodes[0].label.plain, "a (parenthesised) [label]")
        XCTAssertEqual(c.nodes[1].label.lines.map { $0.map(\.text).joined() }, ["one", "two", "three"])
        XCTAssertEqual(c.nodes[2].label.lines[0].map(\.bold), [true, false, false])
        XCTAssertEqual(c.nodes[2].label.lines[0].map(\.italic), [false, false, true])
        XCTAssertEqual(c.nodes[2].label.plain, "bold and italic")
        XCTAssertEqual(c.nodes[3].label.plain, "say \"hi\" & ♥")
        XCTAssertEqual(c.nodes[4].label.plain, "semi;colon")
        XCTAssertEqual(c.nodes.map(\.id), ["A", "B", "C", "D", "E", "F"])
    }

    func testErrorsNameTheirLineAndWhatWasExpected() {
        XCTAssertEqual(mermaidError("flowchart TD\nA --> B\nC[unclosed\n")?.line, 3)
        XCTAssertTrue(mermaidError("flowchart TD\nA --> B\nC[unclosed\n")?.message.contains("`]`") ?? false)
        assertMermaidErrors(atLines: [
            "flowchart TD\nA -->\n": 2,
            "flowchart XY\nA": 1,
            "flowchart TD\nsubgraph a\nA\n": 2,
            "flowchart TD\nA\nend\n": 3,
            "flowchart TD\nA\nstyle A fill:nonsense\n": 3,
            "\n\ngantt\ntitle x": 3,
        ])
        XCTAssertTrue(mermaidError("pie\n\"a\": 1")?.message.contains("`pie` diagrams are not drawn") ?? false)
        XCTAssertTrue(mermaidError("blah\n")?.message.contains("expected a diagram type") ?? false)
    }

    func testHostileDiagramsStopAtTheLimits() {
        var big = "flowchart TD\n"
        for i in 0..<10_000 { big += "n\(i) --> n\(i + 1)\n" }
        let e = mermaidError(big)
        XCTAssertTrue(e?.message.contains("too large") ?? false, e?.message ?? "")
        let deep = "flowchart TD\n" + String(repeating: "subgraph s\n", count: 100) + String(repeating: "end\n", count: 100)
        XCTAssertTrue(mermaidError(deep)?.message.contains("nested") ?? false)
        let huge = "flowchart TD\nA[" + String(repeating: "x", count: 5000) + "]"
        XCTAssertTrue(mermaidError(huge)?.message.contains("longer than") ?? false)
    }
}
