import QuireModel

/// A Mermaid sequence diagram as Swift values: what `SequenceReader` reads from a
/// `sequenceDiagram` block and what `SequenceLayout` lays out. Values only, so tests build them
/// by hand. Participants are referred to by index; lines are 1-based within the diagram's source.
package struct SequenceDiagram: Sendable, Equatable {
    package var title: DiagramText?
    /// Left to right, in order of first appearance (declared or named by a message or note).
    package var participants: [SequenceParticipant] = []
    /// `box … end` groups, in order.
    package var boxes: [SequenceBox] = []
    /// Top to bottom. Blocks are balanced: every `blockStart` has its `blockEnd`, and a
    /// `blockDivider` only stands inside a block of its kind.
    package var events: [SequenceEvent] = []

    /// The index of participant `id`, if any. O(participants).
    package func participantIndex(_ id: String) -> Int? { participants.firstIndex { $0.id == id } }

    /// The messages, in order.
    package var messages: [SequenceMessage] {
        events.compactMap { if case .message(let m) = $0 { return m } else { return nil } }
    }
}

package struct SequenceParticipant: Sendable, Equatable {
    package enum Kind: String, Sendable, Equatable {
        /// A box (`participant`).
        case participant
        /// A stick figure (`actor`).
        case actor
    }

    package var id: String
    /// Its alias (`participant A as Alice`), or its id.
    package var label: DiagramText
    package var kind: Kind = .participant
    /// The `box` it stands in, by index.
    package var box: Int?
    package var line: Int
}

/// A `box [colour] [title] … end` group of participants.
package struct SequenceBox: Sendable, Equatable {
    package var title: DiagramText?
    /// Its fill; nil for none (`transparent`, or no colour given).
    package var color: Color?
    package var line: Int
}

/// How a message's line is drawn and what ends it.
package struct SequenceArrow: Sendable, Equatable {
    package enum Head: String, Sendable, Equatable {
        /// `->`, `-->`: no head.
        case none
        /// `->>`, `-->>`: a filled triangle.
        case filled
        /// `-x`, `--x`: a cross.
        case cross
        /// `-)`, `--)`: an asynchronous (open, notched) head.
        case open
    }

    package var dotted: Bool
    package var head: Head
    /// `<<->>`, `<<-->>`: a head at both ends.
    package var bothWays = false

    /// Every arrow Mermaid's sequence syntax writes, longest first (for scanning).
    package static let spellings: [(String, SequenceArrow)] = [
        ("<<-->>", SequenceArrow(dotted: true, head: .filled, bothWays: true)),
        ("<<->>", SequenceArrow(dotted: false, head: .filled, bothWays: true)),
        ("-->>", SequenceArrow(dotted: true, head: .filled)),
        ("->>", SequenceArrow(dotted: false, head: .filled)),
        ("-->", SequenceArrow(dotted: true, head: .none)),
        ("--x", SequenceArrow(dotted: true, head: .cross)),
        ("--)", SequenceArrow(dotted: true, head: .open)),
        ("->", SequenceArrow(dotted: false, head: .none)),
        ("-x", SequenceArrow(dotted: false, head: .cross)),
        ("-)", SequenceArrow(dotted: false, head: .open)),
    ]
}

package struct SequenceMessage: Sendable, Equatable {
    package var from: Int
    package var to: Int
    package var text: DiagramText
    package var arrow: SequenceArrow
    /// `+` after the arrow: the receiver's activation starts with this message.
    package var activatesTarget = false
    /// `-` after the arrow: the sender's activation ends with this message.
    package var deactivatesSource = false
    /// Its number, under `autonumber`.
    package var number: Int?
    package var line: Int

    package var isSelf: Bool { from == to }
}

package struct SequenceNote: Sendable, Equatable {
    package enum Placement: String, Sendable, Equatable {
        case leftOf, rightOf, over
    }

    package var placement: Placement
    /// One participant, or two for `over A,B` (in the order written).
    package var participants: [Int]
    package var text: DiagramText
    package var line: Int
}

/// The blocks Mermaid frames messages in.
package enum SequenceBlockKind: String, Sendable, Equatable {
    case loop, alt, opt, par, critical, `break`, rect

    /// The word that divides a block of this kind into sections (`else`, `and`, `option`).
    package var divider: String? {
        switch self {
        case .alt: return "else"
        case .par: return "and"
        case .critical: return "option"
        default: return nil
        }
    }
}

package struct SequenceBlock: Sendable, Equatable {
    package var kind: SequenceBlockKind
    /// Its condition or description (empty for none; for `rect`, empty).
    package var label: DiagramText
    /// A `rect`'s colour (nil: Mermaid's default light grey ground).
    package var color: Color?
    package var line: Int
}

package enum SequenceEvent: Sendable, Equatable {
    case message(SequenceMessage)
    case note(SequenceNote)
    case activate(participant: Int, line: Int)
    case deactivate(participant: Int, line: Int)
    case blockStart(SequenceBlock)
    /// `else`, `and` or `option` and its label.
    case blockDivider(label: DiagramText, line: Int)
    case blockEnd(line: Int)
}

extension DiagramText {
    /// `[text]`, as Mermaid shows a block's condition; empty stays empty.
    package var bracketed: DiagramText {
        guard !isEmpty else { return self }
        var shown = lines.filter { !$0.isEmpty }
        shown[0].insert(Run(text: "["), at: 0)
        shown[shown.count - 1].append(Run(text: "]"))
        return DiagramText(lines: shown)
    }

    /// Every run bold (a diagram's title).
    package var bold: DiagramText {
        DiagramText(lines: lines.map { $0.map { Run(text: $0.text, bold: true, italic: $0.italic) } })
    }
}
