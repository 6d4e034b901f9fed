import QuireModel

/// Raw HTML, as Parse lowered it (`HTMLBlock`): ordinary blocks (paragraphs, headings, code,
/// rules), its anchors placed first.
///
/// Sets headings and anchors as any `TextSlicing` does; its other blocks by `block`
/// (`LayoutSession.layoutBlock`).
package struct HTMLBlockLayouter: TextSlicing {
    package let environment: LayoutEnvironment
    package let caches: LayoutCaches
    package let sink: LayoutSink
    /// Sets one block in the context given.
    package let block: (Block, BlockContext) -> [Slice]
}

extension LayoutSession {
    /// The layouter of raw HTML blocks, setting their blocks in this session.
    package var htmlBlocks: HTMLBlockLayouter {
        HTMLBlockLayouter(environment: environment, caches: caches, sink: sink, block: { self.layoutBlock($0, $1) })
    }
}

extension HTMLBlockLayouter {
    /// A raw HTML block: its anchors first (every `id` and `<a name>` in it, so each is
    /// placed even inside `<pre>`), then its blocks, each with the alignment its elements
    /// give. Its headings get outline entries and destinations named by the block's line and
    /// their place in it (they have no slug: GitHub gives raw HTML headings none).
    package func htmlBlock(_ html: HTMLBlock, line: Int, _ context: BlockContext) -> [Slice] {
        var slices = anchorSlice(html.anchors.compactMap { anchors.destination(forFragment: $0) })
        for (k, block) in html.blocks.enumerated() {
            guard case .heading(let level, let content) = block.kind else {
                slices += self.block(block, context)
                continue
            }
            let text = styledText(content, line: line)
            let title = text.string.trimmingWhitespaceAndNewlines()
            guard !title.isEmpty else { slices += anchorSlice(text.anchors.map(\.name)); continue }
            let destination = "html\(line)-\(k)"
            sink.addOutline(OutlineEntry(level: level, title: title, destination: destination), line: line)
            slices += headingSlices(level: level, text, destination: destination, context, alignment: block.alignment ?? context.alignment)
        }
        return slices
    }
}
