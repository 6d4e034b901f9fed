import QuireModel

/// Inline HTML elements as typed inlines: what `<b>`, `<sub>`, `<kbd>`... do to their content
/// (`Inline.styled`), `<a href>` (a link), `<img>` (`Inline.htmlImage`, its declared size),
/// `<br>` (a hard break), `id` and `<a name>` (`Inline.anchor`); other elements give their
/// content, `<script>` and `<style>` nothing.
package enum HTMLInlines {
    /// What an element is as inline content.
    package enum Role {
        /// Nothing shown (`<script>`, `<style>`...).
        case hidden
        case leaf(Inline)
        /// A span around its content: `wrap` builds it from the content.
        case span(Wrapper)
        /// Its content, as if the element were not there (`<span>`, `<abbr>`, `<a>` without `href`).
        case transparent
    }

    /// An inline that holds content: a link, an effect, a source line.
    package enum Wrapper: Equatable {
        case link(destination: String, title: String)
        case effect(InlineEffect)
        case located(line: Int)

        package func wrap(_ content: [Inline]) -> Inline {
            switch self {
            case .link(let destination, let title): return .link(destination: destination, title: title, content: content)
            case .effect(let effect): return .styled(effect, content)
            case .located(let line): return .located(line: line, content: content)
            }
        }
    }

    package static func role(of element: HTMLElement) -> Role {
        if HTMLElement.hiddenNames.contains(element.name) { return .hidden }
        switch element.name {
        case "br": return .leaf(.hardBreak)
        case "img":
            return .leaf(.htmlImage(HTMLImage(source: element.attributes["src"] ?? "", alt: element.attributes["alt"] ?? "",
                                              width: element.length("width"), height: element.length("height"))))
        case "a":
            guard let href = element.attributes["href"] else { return .transparent }
            return .span(.link(destination: href, title: element.attributes["title"] ?? ""))
        default:
            return HTMLElement.inlineEffects[element.name].map { .span(.effect($0)) } ?? .transparent
        }
    }

    /// The inlines of a paragraph whose raw HTML `HTMLJoin` joined: `nodes` are gumbo's tree
    /// of it; `markdown(index, content)` gives back the Markdown inline a placeholder stands
    /// for, with its content as lowered here. Whitespace stays as written (layout collapses
    /// it as for any Markdown text). O(nodes).
    package static func paragraph(_ nodes: [HTMLNode], firstLine: Int = 0, markdown: (Int, [Inline]) -> Inline?) -> [Inline] {
        var used = Set<Int>()
        func lower(_ nodes: [HTMLNode], placedOn: Int) -> [Inline] {
            var out: [Inline] = []
            for node in nodes {
                switch node.content {
                case .text(let t):
                    out.append(.text(t))
                case .element(let element):
                    if let index = HTMLJoin.index(of: element) {
                        let content = lower(element.children, placedOn: placedOn)
                        if used.insert(index).inserted, let inline = markdown(index, content) { out.append(inline) } else { out += content }
                        continue
                    }
                    if let anchor = element.anchorName { out.append(.anchor(anchor)) }
                    // A link or image on a later line than the inline around it carries its line.
                    let line = firstLine > 0 && node.line > 0 ? firstLine + node.line - 1 : placedOn
                    func located(_ inline: Inline) -> Inline { line == placedOn ? inline : .located(line: line, content: [inline]) }
                    switch role(of: element) {
                    case .hidden: break
                    case .leaf(let inline): out.append(inline.isImage ? located(inline) : inline)
                    case .span(let wrapper):
                        guard case .link = wrapper else { out.append(wrapper.wrap(lower(element.children, placedOn: placedOn))); break }
                        out.append(located(wrapper.wrap(lower(element.children, placedOn: line))))
                    case .transparent: out += lower(element.children, placedOn: placedOn)
                    }
                }
            }
            return out
        }
        return lower(nodes, placedOn: firstLine)
    }
}

private extension Inline {
    var isImage: Bool { if case .htmlImage = self { true } else { false } }
}
