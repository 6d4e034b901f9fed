/// The structure tree of a Tagged PDF (ISO 32000-1, 14.7 and 14.8), in the shape PDF/UA-1
/// asks for: a `Document` element holding the elements layout made (`StructureElement`:
/// headings, paragraphs, lists, tables, figures with their alt text, code, quotes, notes),
/// each holding its marked content by MCID, and `Link` elements holding the text of each link
/// and its annotation (an object reference). A parent tree leads from each piece of marked
/// content and each annotation back to its element.
///
/// Elements appear in the tree in the order their content is first written: reading order,
/// since pages are written in layout's order and text in logical order. An element without
/// content (an empty table cell) is left out.
final class StructureTree {
    /// A structure element being written.
    final class Node {
        let number: Int
        let role: String
        let parent: Node?
        let alt: String?
        let script: ScriptGuess?
        /// The layout element, kept so its identifier stays its own.
        let source: StructureElement?
        fileprivate var kids: [Kid] = []
        fileprivate var appeared = false
        /// A table header cell's scope.
        fileprivate var isColumnHeader = false

        fileprivate init(number: Int, role: String, parent: Node?, alt: String?, script: ScriptGuess?, source: StructureElement?) {
            self.number = number
            self.role = role
            self.parent = parent
            self.alt = alt
            self.script = script
            self.source = source
        }
    }

    fileprivate enum Kid {
        case content(page: Int, mcid: Int)
        case element(Node)
        case annotation(page: Int, object: Int)
    }

    private let file: PDFFile
    private var nodes: [ObjectIdentifier: Node] = [:]
    private var documentKids: [Node] = []
    /// Parent tree entries: a page's nodes by MCID, or an annotation's node, by key.
    private var parentTree: [(key: Int, nodes: [Node], isArray: Bool)] = []
    private var keys = 0
    private var nodeCount = 0

    init(file: PDFFile) { self.file = file }

    /// The node of a layout element (and of its ancestors), made on first use.
    func node(for element: StructureElement) -> Node {
        if let known = nodes[ObjectIdentifier(element)] { return known }
        let parent = element.parent.map(node(for:))
        let node = Node(number: file.reserve(), role: element.role.rawValue, parent: parent, alt: element.alt,
                        script: element.script, source: element)
        node.isColumnHeader = element.role == .headerCell
        nodes[ObjectIdentifier(element)] = node
        nodeCount += 1
        return node
    }

    /// A node the writer makes itself: a link's, a paragraph for an untagged line.
    func newNode(_ role: String, parent: Node?, script: ScriptGuess? = nil) -> Node {
        nodeCount += 1
        return Node(number: file.reserve(), role: role, parent: parent, alt: nil, script: script, source: nil)
    }

    /// Puts `node` (and its ancestors) in the tree when its first content is written.
    private func appear(_ node: Node) {
        guard !node.appeared else { return }
        node.appeared = true
        if let parent = node.parent {
            appear(parent)
            parent.kids.append(.element(node))
        } else {
            documentKids.append(node)
        }
    }

    /// Starts a page (object `page`): its marks, and its key in the parent tree (/StructParents).
    func beginPage(_ page: Int) -> PageMarks {
        PageMarks(tree: self, page: page, key: nextKey())
    }

    private func nextKey() -> Int {
        keys += 1
        return keys - 1
    }

    fileprivate func content(_ node: Node, page: Int, mcid: Int) {
        appear(node)
        node.kids.append(.content(page: page, mcid: mcid))
    }

    fileprivate func finishPage(_ marks: PageMarks) {
        parentTree.append((marks.key, marks.nodes, true))
    }

    /// Records annotation `object` on `page` as part of `node`; its /StructParent key.
    func annotation(_ object: Int, page: Int, node: Node) -> Int {
        appear(node)
        node.kids.append(.annotation(page: page, object: object))
        let key = nextKey()
        parentTree.append((key, [node], false))
        return key
    }

    /// Writes every element, the parent tree and the root; returns the root's number.
    /// `language` is the document's (its /Lang); an element whose text is in another script
    /// than most of the document's text gets a /Lang of its own.
    /// - Complexity: O(elements + marked content).
    func write(language: String?) -> (root: Int, language: String?) {
        let root = file.reserve(), document = file.reserve()
        // The document's script: the one most letters of its elements are in.
        var letters: [String: Int] = [:], languages: [String: Int] = [:]
        for node in nodes.values {
            guard let script = node.script else { continue }
            letters[script.script, default: 0] += script.letters
            languages[script.language, default: 0] += script.letters
        }
        let mainScript = letters.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
        let documentLanguage = language ?? mainScript.flatMap { script in
            nodes.values.compactMap(\.script).filter { $0.script == script }
                .reduce(into: [String: Int]()) { $0[$1.language, default: 0] += $1.letters }
                .max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
        }

        var visit = documentKids
        var d: [UInt8] = []
        d.appendLiteral("<< /Type /StructElem /S /Document /P ")
        d.appendReference(root)
        appendKids(documentKids.map { .element($0) }, to: &d)
        if let documentLanguage {
            d.appendLiteral(" /Lang ")
            d.appendTextString(documentLanguage)
        }
        d.appendLiteral(" >>")
        file.add(document, d)
        while let node = visit.popLast() {
            var e: [UInt8] = []
            // /Type /StructElem is optional: left out, as it would be in every one of thousands.
            e.appendLiteral("<< /S /")
            e.append(contentsOf: Array(node.role.utf8))
            e.appendLiteral(" /P ")
            e.appendReference(node.parent?.number ?? document)
            appendKids(node.kids, to: &e)
            if let alt = node.alt, !alt.isEmpty {
                e.appendLiteral(" /Alt ")
                e.appendTextString(alt)
            }
            if let script = node.script, let mainScript, script.script != mainScript {
                e.appendLiteral(" /Lang ")
                e.appendTextString(script.language)
            }
            if node.isColumnHeader { e.appendLiteral(" /A << /O /Table /Scope /Column >>") }
            e.appendLiteral(" >>")
            file.add(node.number, e)
            for case .element(let child) in node.kids { visit.append(child) }
        }

        parentTree.sort { $0.key < $1.key }
        let tree = writeParentTree()
        var r: [UInt8] = []
        r.appendLiteral("<< /Type /StructTreeRoot /K ")
        r.appendReference(document)
        r.appendLiteral(" /ParentTree ")
        r.appendReference(tree)
        r.appendLiteral(" /ParentTreeNextKey ")
        r.appendInteger(keys)
        r.appendLiteral(" >>")
        file.add(root, r)
        return (root, documentLanguage)
    }

    /// /K: one kid alone or an array; marked content by MCID (with /Pg on the element when all
    /// its content is on one page, else as marked-content references), elements and object
    /// references to annotations.
    private func appendKids(_ kids: [Kid], to out: inout [UInt8]) {
        var pages = Set<Int>()
        for case .content(let page, _) in kids { pages.insert(page) }
        let onePage = pages.count == 1 ? pages.first : nil
        if let onePage {
            out.appendLiteral(" /Pg ")
            out.appendReference(onePage)
        }
        out.appendLiteral(kids.count == 1 ? " /K" : " /K [")
        for kid in kids {
            out.append(0x20)
            switch kid {
            case .content(let page, let mcid):
                if onePage != nil {
                    out.appendInteger(mcid)
                } else {
                    out.appendLiteral("<< /Type /MCR /Pg ")
                    out.appendReference(page)
                    out.appendLiteral(" /MCID ")
                    out.appendInteger(mcid)
                    out.appendLiteral(" >>")
                }
            case .element(let node):
                out.appendReference(node.number)
            case .annotation(let page, let object):
                out.appendLiteral("<< /Type /OBJR /Pg ")
                out.appendReference(page)
                out.appendLiteral(" /Obj ")
                out.appendReference(object)
                out.appendLiteral(" >>")
            }
        }
        if kids.count != 1 { out.appendLiteral(" ]") }
    }

    /// The parent tree, a number tree: its root's number. Above 512 keys the entries go into
    /// kids of 512 each, so a reader finds one without reading all.
    private func writeParentTree() -> Int {
        func entries(_ slice: ArraySlice<(key: Int, nodes: [Node], isArray: Bool)>) -> [UInt8] {
            var out: [UInt8] = []
            out.appendLiteral("/Nums [")
            for entry in slice {
                out.append(0x20)
                out.appendInteger(entry.key)
                out.append(0x20)
                if entry.isArray {
                    out.append(UInt8(ascii: "["))
                    for node in entry.nodes {
                        out.append(0x20)
                        out.appendReference(node.number)
                    }
                    out.appendLiteral(" ]")
                } else {
                    out.appendReference(entry.nodes[0].number)
                }
            }
            out.appendLiteral(" ]")
            return out
        }
        let root = file.reserve()
        let leaf = 512
        if parentTree.count <= leaf {
            file.add(root, [UInt8]("<< ".utf8) + entries(parentTree[...]) + [UInt8](" >>".utf8))
            return root
        }
        var kids: [Int] = []
        var start = 0
        while start < parentTree.count {
            let end = min(parentTree.count, start + leaf)
            let kid = file.reserve()
            var body: [UInt8] = []
            body.appendLiteral("<< /Limits [ ")
            body.appendInteger(parentTree[start].key)
            body.append(0x20)
            body.appendInteger(parentTree[end - 1].key)
            body.appendLiteral(" ] ")
            body.append(contentsOf: entries(parentTree[start..<end]))
            body.appendLiteral(" >>")
            file.add(kid, body)
            kids.append(kid)
            start = end
        }
        var body: [UInt8] = []
        body.appendLiteral("<< /Kids [")
        for kid in kids {
            body.append(0x20)
            body.appendReference(kid)
        }
        body.appendLiteral(" ] >>")
        file.add(root, body)
        return root
    }
}

/// The marked content of one page being written: MCIDs handed out in order, each to a node,
/// and the page's links, which the text inside them and their annotations belong to.
final class PageMarks {
    private let tree: StructureTree
    let page: Int
    /// The page's /StructParents key.
    let key: Int
    /// Each MCID's node.
    fileprivate private(set) var nodes: [StructureTree.Node] = []
    private var links: [LinkArea] = []
    /// Each link's node, once text inside it was written, and that text.
    private(set) var linkNodes: [Int: StructureTree.Node] = [:]
    private(set) var linkTexts: [Int: [UInt8]] = [:]
    /// The last link node made inside each node, by its target: a link's next line joins it.
    private var lastLink: [ObjectIdentifier: (target: LinkArea.Target, node: StructureTree.Node)] = [:]
    /// The figures drawn on the page, where a link on a picture belongs.
    private var figures: [(rect: Rect, node: StructureTree.Node)] = []

    fileprivate init(tree: StructureTree, page: Int, key: Int) {
        self.tree = tree
        self.page = page
        self.key = key
    }

    /// Sets the page's links (before its content is written).
    func setLinks(_ links: [LinkArea]) { self.links = links }

    /// A new MCID for content of `node`.
    func mcid(for node: StructureTree.Node) -> Int {
        nodes.append(node)
        tree.content(node, page: page, mcid: nodes.count - 1)
        return nodes.count - 1
    }

    /// The node of a layout element.
    func node(for element: StructureElement) -> StructureTree.Node { tree.node(for: element) }

    /// A paragraph for a line that layout did not tag.
    func untaggedLine() -> StructureTree.Node { tree.newNode("P", parent: nil) }

    /// Records a figure's picture drawn in `rect`.
    func figure(_ node: StructureTree.Node, in rect: Rect) { figures.append((rect, node)) }

    /// The index of the link whose area holds the point (`x`, `y`): a glyph on its line.
    func link(at x: Double, _ y: Double) -> Int? {
        links.indices.first { i in
            let r = links[i].rect
            return x >= r.x - 0.5 && x < r.maxX - 0.1 && y >= r.y - 0.5 && y <= r.maxY + 0.5
        }
    }

    /// The node of link `index` for text of `parent`: the same node as the link's part on
    /// the line before when it continues it.
    func linkNode(_ index: Int, inside parent: StructureTree.Node) -> StructureTree.Node {
        if let known = linkNodes[index] { return known }
        let target = links[index].target
        if let last = lastLink[ObjectIdentifier(parent)], last.target == target {
            linkNodes[index] = last.node
            return last.node
        }
        let node = tree.newNode("Link", parent: parent)
        lastLink[ObjectIdentifier(parent)] = (target, node)
        linkNodes[index] = node
        return node
    }

    /// Adds the text of a run shown inside link `index` (for its annotation's /Contents).
    func addLinkText(_ index: Int, _ text: [UInt8]) { linkTexts[index, default: []] += text }

    /// The node for link `index`'s annotation: the node of its text, else of the figure it
    /// covers, else a link of the document's.
    func annotationNode(_ index: Int) -> StructureTree.Node {
        if let known = linkNodes[index] { return known }
        let r = links[index].rect
        let figure = figures.first { abs($0.rect.x - r.x) < 0.5 && abs($0.rect.y - r.y) < 0.5 }?.node
        let node = tree.newNode("Link", parent: figure)
        linkNodes[index] = node
        return node
    }

    /// Ends the page: its MCIDs go into the parent tree.
    func finish() { tree.finishPage(self) }
}
