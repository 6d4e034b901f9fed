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

/// Issue 47: the Mermaid class and entity-relationship diagram readers, each syntax element and
/// errors with their lines, and the records and edges they become for dot.
final class RecordDiagramParserTests: XCTestCase {
    private func classes(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> ClassDiagram {
        parsedDiagram(source, { if case .classes(let d) = $0 { d } else { nil } }, else: ClassDiagram(), file: file, line: line)
    }

    private func entities(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> EntityRelationshipDiagram {
        parsedDiagram(source, { if case .entityRelationship(let d) = $0 { d } else { nil } }, else: EntityRelationshipDiagram(), file: file, line: line)
    }

    func testClassesMembersGenericsAndAnnotations() {
        let d = classes("""
        classDiagram
          class Animal {
            <<abstract>>
            +String name
            +int age
            +makeSound()* void
          }
          class Box~T~
          Box : -List~T~ items
          Box : +get(int i) T
          <<interface>> Shape
          class Point["A point"]
        """)
        XCTAssertEqual(d.classes.map(\.id), ["Animal", "Box", "Shape", "Point"])
        XCTAssertEqual(d.classes[0].annotations, ["abstract"])
        XCTAssertEqual(d.classes[0].attributes, ["+String name", "+int age"])
        XCTAssertEqual(d.classes[0].methods, ["+makeSound()* void"])
        XCTAssertEqual(d.classes[1].generic, "T")
        XCTAssertEqual(d.classes[1].attributes, ["-List<T> items"])
        XCTAssertEqual(d.classes[1].methods, ["+get(int i) T"])
        XCTAssertEqual(d.classes[2].annotations, ["interface"])
        XCTAssertEqual(d.classes[3].label?.plain, "A point")
        XCTAssertEqual(ClassDiagramReader.generics("+~Buffer()"), "+~Buffer()", "a destructor's tilde stays")
        XCTAssertEqual(ClassDiagramReader.generics("+Map~K,List~V~~ m"), "+Map<K,List<V>> m")
        let graph = d.graph
        XCTAssertEqual(graph.kind, "Class diagram")
        XCTAssertEqual(graph.nodes.map(\.label.plain), ["«abstract» Animal", "Box<T>", "«interface» Shape", "A point"])
        XCTAssertEqual(graph.nodes[0].compartments.map { $0.map { $0.map(\.plain) } }, [[["+String name"], ["+int age"]], [["+makeSound()* void"]]])
        XCTAssertEqual(graph.nodes[3].compartments.count, 2, "an empty class still has its two compartments")
    }

    func testEveryRelationKindWithCardinalitiesAndLabels() {
        let d = classes("""
        classDiagram
          A <|-- B
          C *-- D
          E o-- F
          G --> H
          I -- J
          K ..> L
          M ..|> N
          O .. P
          Q "1" --> "0..*" R : owns
          S <|--|> T
        """)
        let r = d.relations
        XCTAssertEqual(r.map(\.fromEnd), [.inheritance, .composition, .aggregation, .none, .none, .none, .none, .none, .none, .inheritance])
        XCTAssertEqual(r.map(\.toEnd), [.none, .none, .none, .arrow, .none, .arrow, .inheritance, .none, .arrow, .inheritance])
        XCTAssertEqual(r.map(\.dashed), [false, false, false, false, false, true, true, true, false, false])
        XCTAssertEqual(r[8].fromCardinality, "1")
        XCTAssertEqual(r[8].toCardinality, "0..*")
        XCTAssertEqual(r[8].label, "owns")
        XCTAssertEqual(r.map(\.line), Array(2...11))
        let edges = d.graph.edges
        XCTAssertEqual(edges.prefix(3).map(\.startHead), [.triangle, .diamond, .hollowDiamond])
        XCTAssertEqual(edges[5].stroke, .dotted)
        XCTAssertEqual(edges[8].startLabel?.plain, "1")
        XCTAssertEqual(edges[8].endLabel?.plain, "0..*")
        XCTAssertEqual(edges[8].label?.plain, "owns")
    }

    func testNotesNamespacesAndStyles() {
        let d = classes("""
        classDiagram
          direction LR
          %% comment
          namespace Shapes {
            class Square
            class Circle:::round
          }
          classDef round fill:#ffd8a8
          note for Square "four sides"
          note "free"
          click Square href "https://example.com"
        """)
        XCTAssertEqual(d.direction, .leftToRight)
        XCTAssertEqual(d.classes.map(\.namespace), [0, 0])
        XCTAssertEqual(d.classes[1].style.fill, Color(hex: "#ffd8a8"))
        XCTAssertEqual(d.notes.map(\.target), ["Square", nil])
        let graph = d.graph
        XCTAssertEqual(graph.subgraphs.map(\.title.plain), ["Shapes"])
        XCTAssertEqual(graph.subgraphs[0].nodes, ["Square", "Circle"])
        XCTAssertEqual(graph.nodes.filter { $0.shape == .note }.map(\.label.plain), ["four sides", "free"])
    }

    func testClassErrorsNameTheirLine() {
        XCTAssertEqual(mermaidError("classDiagram\nclass A {\n+x\n")?.line, 2)
        let e = mermaidError("classDiagram\nA <|-- B\nA <|-- B C\n")
        XCTAssertEqual(e?.line, 3)
        XCTAssertTrue(e?.message.contains("expected a relation between two classes") ?? false, e?.message ?? "")
        XCTAssertEqual(mermaidError("classDiagram\nnote for A nothing\n")?.line, 2)
        XCTAssertEqual(mermaidError("classDiagram\nA\n}\n")?.line, 3)
    }

    func testEntitiesAttributesAndRelationships() {
        let d = entities("""
        erDiagram
          CUSTOMER ||--o{ ORDER : places
          ORDER ||--|{ LINE-ITEM : "is made of"
          PRODUCT |o..o| LINE-ITEM : ""
          CUSTOMER }|--|| ADDRESS : has
          CUSTOMER {
            string name PK
            int order_id PK, FK "the last order"
            varchar(255) email UK
          }
          p["Person"]
        """)
        XCTAssertEqual(d.entities.map(\.id), ["CUSTOMER", "ORDER", "LINE-ITEM", "PRODUCT", "ADDRESS", "p"])
        XCTAssertEqual(d.entities[5].alias, "Person")
        XCTAssertEqual(entities("erDiagram\n  Map ||--o{DataLayer : layers").relationships.map(\.to), ["DataLayer"], "an end glued to its entity")
        let a = d.entities[0].attributes
        XCTAssertEqual(a.map(\.type), ["string", "int", "varchar(255)"])
        XCTAssertEqual(a.map(\.name), ["name", "order_id", "email"])
        XCTAssertEqual(a.map(\.keys), [["PK"], ["PK", "FK"], ["UK"]])
        XCTAssertEqual(a.map(\.comment), [nil, "the last order", nil])
        let r = d.relationships
        XCTAssertEqual(r.map(\.fromCardinality), [.exactlyOne, .exactlyOne, .zeroOrOne, .oneOrMore])
        XCTAssertEqual(r.map(\.toCardinality), [.zeroOrMore, .oneOrMore, .zeroOrOne, .exactlyOne])
        XCTAssertEqual(r.map(\.identifying), [true, true, false, true])
        XCTAssertEqual(r.map(\.label), ["places", "is made of", "", "has"])
        let graph = d.graph
        XCTAssertEqual(graph.kind, "Entity relationship diagram")
        XCTAssertEqual(graph.edges.map(\.startHead), [.one, .one, .zeroOrOne, .oneOrMore])
        XCTAssertEqual(graph.edges.map(\.endHead), [.zeroOrMore, .oneOrMore, .zeroOrOne, .one])
        XCTAssertEqual(graph.edges[2].stroke, .dotted)
        XCTAssertNil(graph.edges[2].label)
        XCTAssertEqual(graph.nodes[0].compartments[0][1].map(\.plain), ["int", "order_id", "PK, FK", "the last order"])
        XCTAssertEqual(graph.nodes[5].label.plain, "Person")
    }

    func testEntityErrorsNameTheirLineAndWhatWasExpected() {
        let e = mermaidError("erDiagram\nA ||--o{ B : x\nA {\n  string\n}\n")
        XCTAssertEqual(e?.line, 4)
        XCTAssertTrue(e?.message.contains("expected an attribute") ?? false, e?.message ?? "")
        assertMermaidErrors(atLines: [
            "erDiagram\nA {\nint x ZZ\n}\n": 3,
            "erDiagram\nA ||--o{ B places\n": 2,
            "erDiagram\nA {\nint x\n": 2,
            "erDiagram\nnot an entity\n": 2,
        ])
    }

    func testHostileRecordDiagramsStopAtTheLimits() {
        var big = "classDiagram\n"
        for i in 0..<10_000 { big += "C\(i) <|-- C\(i + 1)\n" }
        XCTAssertTrue(mermaidError(big)?.message.contains("too large") ?? false)
        var er = "erDiagram\n"
        for i in 0..<2_000 { er += "E\(i) ||--o{ E\(i + 1) : x\n" }
        XCTAssertTrue(mermaidError(er)?.message.contains("too large") ?? false)
        let members = "classDiagram\nclass A {\n" + String(repeating: "+int x\n", count: 10_000) + "}"
        XCTAssertTrue(mermaidError(members)?.message.contains("too large") ?? false)
        XCTAssertTrue(mermaidError("erDiagram\nA {\nint " + String(repeating: "x", count: 5000) + "\n}")?.message.contains("longer than") ?? false)
    }
}
