import QuireModel

/// The remote images a document names (Markdown images and `<img>`, raw HTML's included), in
/// order, each once: what `images.fetch` asks for together. O(blocks + inlines).
package enum RemoteImageList {
    package static func of(_ blocks: [Block]) -> [String] {
        var found: [String] = []
        var seen: Set<String> = []
        func add(_ source: String) {
            let url = source.trimmingWhitespaceAndNewlines()
            let lower = url.lowercased()
            guard lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("//"), seen.insert(url).inserted else { return }
            found.append(url)
        }
        func visit(_ inlines: [Inline]) {
            for inline in inlines {
                switch inline {
                case .image(let source, _, _): add(source)
                case .htmlImage(let image): add(image.source)
                default: break
                }
                visit(inline.children)
            }
        }
        func visit(_ blocks: [Block]) {
            for block in blocks {
                for content in block.inlineContent { visit(content) }
                if case .html(let html) = block.kind { visit(html.blocks) }
                for group in block.childBlocks { visit(group) }
            }
        }
        visit(blocks)
        return found
    }
}
