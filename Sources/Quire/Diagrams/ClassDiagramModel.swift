import QuireModel

/// A Mermaid class diagram (`classDiagram`) as Swift values: what `ClassDiagramReader` reads
/// and `graph` turns into records and labelled edges for dot. Lines are 1-based.
package struct ClassDiagram: Sendable, Equatable {
    package struct Class: Sendable, Equatable {
        package var id: String
        /// `class A["Label"]`: the name shown (the id, with its generic, otherwise).
        package var label: DiagramText?
        /// `class Box~T~`: `T`.
        package var generic: String?
        /// `<<interface>>` and the like, without the angle brackets.
        package var annotations: [String] = []
        /// Members without parentheses, and methods, as written (generics as `<T>`).
        package var attributes: [String] = []
        package var methods: [String] = []
        /// The `namespace` it is declared in, by index.
        package var namespace: Int?
        package var classes: [String] = []
        package var style = DiagramStyle()
        package var line: Int
    }

    /// One end of a relation: what it is drawn with.
    package enum End: String, Sendable, Equatable {
        /// `<|`/`|>`, `*`, `o`, `<`/`>`, `()` and nothing.
        case inheritance, composition, aggregation, arrow, lollipop, none
    }

    package struct Relation: Sendable, Equatable {
        package var from: String
        package var to: String
        package var fromEnd = End.none
        package var toEnd = End.none
        /// `..` rather than `--`.
        package var dashed = false
        /// Cardinalities (`"1"`, `"0..*"`) and the label after `:`.
        package var fromCardinality: String?
        package var toCardinality: String?
        package var label: String?
        package var line: Int
    }

    package struct Note: Sendable, Equatable {
        /// `note for X`: X; nil for a note on its own.
        package var target: String?
        package var text: String
        package var line: Int
    }

    package var direction: Flowchart.Direction = .topToBottom
    package var classes: [Class] = []
    package var relations: [Relation] = []
    package var notes: [Note] = []
    package var namespaces: [(name: String, line: Int)] = []

    package func classIndex(_ id: String) -> Int? { classes.firstIndex { $0.id == id } }

    package static func == (a: Self, b: Self) -> Bool {
        a.direction == b.direction && a.classes == b.classes && a.relations == b.relations && a.notes == b.notes
            && a.namespaces.elementsEqual(b.namespaces, by: ==)
    }
}
