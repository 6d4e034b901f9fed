import QuireModel

/// A Mermaid state diagram (`stateDiagram-v2`, `stateDiagram`) as Swift values: what
/// `StateDiagramReader` reads and `graph` turns into the graph dot lays out. Lines are 1-based
/// within the diagram's source.
package struct StateDiagram: Sendable, Equatable {
    package enum Kind: String, Sendable, Equatable {
        /// A state; `start` and `end` are `[*]`, one pair per composite state (and the diagram).
        case state, start, end, choice, fork, join
    }

    package struct State: Sendable, Equatable {
        package var id: String
        /// `state "Long name" as id`: the name shown (the id otherwise).
        package var name: DiagramText?
        /// `id : description`, in order.
        package var descriptions: [DiagramText] = []
        package var kind = Kind.state
        /// The composite state it is inside, by id (nil: the diagram), and which of its
        /// concurrent regions (`--` separates them), from 0.
        package var parent: String?
        package var region = 0
        /// True for `state id { … }`.
        package var isComposite = false
        /// A composite state's own `direction`.
        package var direction: Flowchart.Direction?
        /// How many concurrent regions a composite state has (one more per `--`).
        package var regions = 1
        package var classes: [String] = []
        package var style = DiagramStyle()
        package var line: Int
    }

    package struct Transition: Sendable, Equatable {
        package var from: String
        package var to: String
        package var label: DiagramText?
        package var line: Int
    }

    package struct Note: Sendable, Equatable {
        package var target: String
        /// True for `note left of`, false for `note right of`.
        package var left: Bool
        package var text: DiagramText
        package var line: Int
    }

    package var direction: Flowchart.Direction = .topToBottom
    /// In order of first appearance.
    package var states: [State] = []
    package var transitions: [Transition] = []
    package var notes: [Note] = []

    package func stateIndex(_ id: String) -> Int? { states.firstIndex { $0.id == id } }
}
