import QuireModel

/// Inline content being built while a tree is walked in document order: the elements open
/// around the point (links, effects, source lines) each collect their content, and are
/// wrapped into their parent's when they close. A part may end while some are open (a block
/// element inside an inline one): `take` closes them all and opens them again, empty, for
/// what follows.
package struct InlineFrames {
    private var frames: [(wrapper: HTMLInlines.Wrapper?, content: [Inline])] = [(nil, [])]

    /// Whether nothing has been collected, in any open element.
    package var isEmpty: Bool { frames.allSatisfy(\.content.isEmpty) }

    /// Whether a code or key cap element is open (its text is literal: no math in it).
    package var isInCode: Bool {
        frames.contains { $0.wrapper == .effect(.code) || $0.wrapper == .effect(.keyboard) }
    }

    /// The content of the innermost open element so far.
    package var innermost: [Inline] {
        get { frames[frames.count - 1].content }
        set { frames[frames.count - 1].content = newValue }
    }

    package mutating func append(_ inline: Inline) {
        frames[frames.count - 1].content.append(inline)
    }

    package mutating func open(_ wrapper: HTMLInlines.Wrapper) {
        frames.append((wrapper, []))
    }

    /// Closes the innermost element: its content, wrapped, goes into its parent (nothing
    /// when it is empty).
    package mutating func close() {
        guard frames.count > 1 else { return }
        let (wrapper, content) = frames.removeLast()
        if let wrapper, !content.isEmpty { append(wrapper.wrap(content)) }
    }

    /// Everything collected, every open element closed around its content; they stay open,
    /// empty, for what follows.
    package mutating func take() -> [Inline] {
        let wrappers = frames.dropFirst().map(\.wrapper)
        while frames.count > 1 { close() }
        let content = frames[0].content
        frames[0].content = []
        for case let wrapper? in wrappers { open(wrapper) }
        return content
    }
}
