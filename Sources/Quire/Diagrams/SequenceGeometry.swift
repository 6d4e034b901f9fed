import QuireModel

/// The sizes Quire measured for a sequence diagram's texts (width and height in points; zero
/// for none) and the text size they were set at, which proportions every distance.
package struct SequenceLabelSizes: Sendable {
    package typealias Size = (width: Double, height: Double)
    /// By participant index.
    package var participants: [Size]
    /// By event index: a message's or note's text, a block's label (as shown, in brackets), a
    /// divider's label; zero for the others.
    package var events: [Size]
    /// By event index: a block's keyword in its tab (`loop`); zero for the others.
    package var tabs: [Size]
    /// By event index: a numbered message's number; zero for the others.
    package var numbers: [Size]
    /// By box index: its title.
    package var boxes: [Size]
    package var title: Size
    package var fontSize: Double

    package init(participants: [Size], events: [Size], tabs: [Size], numbers: [Size], boxes: [Size], title: Size, fontSize: Double) {
        self.participants = participants
        self.events = events
        self.tabs = tabs
        self.numbers = numbers
        self.boxes = boxes
        self.title = title
        self.fontSize = fontSize
    }
}

/// A laid-out sequence diagram in points, origin at its top-left corner, y down: what
/// `SequenceLayout` returns and Layout paints. Values only.
package struct SequenceGeometry: Sendable, Equatable {
    package struct Participant: Sendable, Equatable {
        /// Its lifeline's x.
        package var center: Double
        /// Its box (or figure and name) above the messages and again below them.
        package var top: DiagramBox
        package var bottom: DiagramBox
    }

    package struct Message: Sendable, Equatable {
        /// Its index among the diagram's events.
        package var event: Int
        /// Where its line starts and ends (for a message to itself, the loop's two ends on
        /// the lifeline, the loop bulging right).
        package var start: DiagramPoint
        package var end: DiagramPoint
        /// The centre of its text, if it has one.
        package var labelCenter: DiagramPoint?
        /// The centre of its number's circle and its radius, under `autonumber`.
        package var numberCenter: DiagramPoint?
        package var numberRadius: Double = 0
    }

    /// An activation bar on a participant's lifeline.
    package struct Activation: Sendable, Equatable {
        package var participant: Int
        package var box: DiagramBox
    }

    package struct Note: Sendable, Equatable {
        package var event: Int
        package var box: DiagramBox
    }

    /// A block's frame (`loop`, `alt` …; for `rect`, its coloured ground).
    package struct Frame: Sendable, Equatable {
        package struct Divider: Sendable, Equatable {
            package var event: Int
            package var y: Double
            package var labelCenter: DiagramPoint?
        }

        /// The index of its `blockStart` event.
        package var event: Int
        package var box: DiagramBox
        /// The tab naming its kind at its top-left corner (nil for `rect`).
        package var tab: DiagramBox?
        /// The centre of its label (`[condition]`), if it has one.
        package var labelCenter: DiagramPoint?
        package var dividers: [Divider] = []
        /// How deep it is nested (0: not in another block).
        package var depth: Int
    }

    /// A `box` around participants.
    package struct Group: Sendable, Equatable {
        package var box: DiagramBox
        package var titleCenter: DiagramPoint?
    }

    package var width: Double = 0
    package var height: Double = 0
    package var participants: [Participant] = []
    /// By box index.
    package var groups: [Group] = []
    /// Outer frames before the ones nested in them.
    package var frames: [Frame] = []
    package var activations: [Activation] = []
    package var messages: [Message] = []
    package var notes: [Note] = []
    /// The y where lifelines start (below the top boxes) and end (above the bottom ones).
    package var lifelineTop: Double = 0
    package var lifelineBottom: Double = 0
    package var titleCenter: DiagramPoint?

    /// Everything moved right by `dx`. O(size).
    package mutating func shift(dx: Double) {
        func move(_ b: inout DiagramBox) { b.x += dx }
        func move(_ p: inout DiagramPoint) { p.x += dx }
        for i in participants.indices { participants[i].center += dx; move(&participants[i].top); move(&participants[i].bottom) }
        for i in groups.indices { move(&groups[i].box); if groups[i].titleCenter != nil { move(&groups[i].titleCenter!) } }
        for i in frames.indices {
            move(&frames[i].box)
            if frames[i].tab != nil { move(&frames[i].tab!) }
            if frames[i].labelCenter != nil { move(&frames[i].labelCenter!) }
            for j in frames[i].dividers.indices where frames[i].dividers[j].labelCenter != nil { move(&frames[i].dividers[j].labelCenter!) }
        }
        for i in activations.indices { move(&activations[i].box) }
        for i in messages.indices {
            move(&messages[i].start); move(&messages[i].end)
            if messages[i].labelCenter != nil { move(&messages[i].labelCenter!) }
            if messages[i].numberCenter != nil { move(&messages[i].numberCenter!) }
        }
        for i in notes.indices { move(&notes[i].box) }
        if titleCenter != nil { move(&titleCenter!) }
    }
}
