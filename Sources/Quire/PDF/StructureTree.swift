import QuireModel

/// The structure tree of a Tagged PDF (ISO 32000-1, 14.7 and 14.8), in the shape PDF/UA-1
/// asks for: a `Document` element holding the elements layout made (`StructureElement`:
/// headings, paragraphs, lists, tables, figures with their alt text, code, quotes, notes),
/// each holding its marked content by MCID, and `Link` elements holding the text of each link
/// and its annotation (an object reference). A parent tree leads from each piece of marked
/// content and each annotation back to its element.
///
/// Elements appear in the tree in the order their content is first written: reading order,
/// since pages are written in layout's order and text in logical order. An element without
/// content (an empty table cell) is left out. Each top-level element (a child of the document:
/// a paragraph, a whole list, a whole table) is written as soon as the next one begins, since
/// no content of it can come later, so the tree held in memory is one block's, whatever the
/// document's length. A block of more than `eagerAbove` elements (a list of 100,000 items)
/// makes the tree eager for the rest of the document: an element is written as soon as a
/// later sibling appears, so the tree held is a path from the document down and the
/// elements' last children. Should content of a written element come later all the same, it
/// goes into a new element of the same kind: the file stays sound.
package final class StructureTree {
    /// A structure element being written.
    package final class Node {
        package let object: PDFReference
        /// Its standard structure type ("P", "H1", "Link").
        package let role: PDFName
        package let parent: Node?
        package let alt: String?
        package let script: ScriptGuess?
        /// The layout element, kept so its identifier stays its own while the node lives.
        package let source: StructureElement?
        // Touched for each piece of marked content, by one thread, and each access a single
        // read, append or assignment that never overlaps another: the run-time exclusivity
        // check Swift makes on a class's stored properties is left out here (it cost more
        // than the work), as on the other per-element state of this file.
        @exclusivity(unchecked) fileprivate var kids: [Kid] = []
        @exclusivity(unchecked) fileprivate var appeared = false
        /// Written to the file: what comes for it later goes to a new element (`live`).
        @exclusivity(unchecked) fileprivate var written = false
        /// The index in `kids` of the last element appeared and not written yet.
        @exclusivity(unchecked) fileprivate var openChild: Int?
        /// A table header cell's scope.
        fileprivate var isColumnHeader = false

        fileprivate init(object: PDFReference, role: PDFName, parent: Node?, alt: String?, script: ScriptGuess?, source: StructureElement?) {
            self.object = object
            self.role = role
            self.parent = parent
            self.alt = alt
            self.script = script
            self.source = source
        }
    }

    fileprivate enum Kid {
        case content(page: PDFReference, mcid: Int)
        case element(Node)
        /// An element written before its parent (an eager tree's).
        case written(PDFReference)
        case annotation(page: PDFReference, object: PDFReference)
    }

    private let file: PDFFile
    private let root: PDFReference
    private let document: PDFReference
    /// The nodes of layout elements not written yet.
    @exclusivity(unchecked) private var nodes: [ObjectIdentifier: Node] = [:]
    /// The node `node(for:)` gave last, while it is not written.
    @exclusivity(unchecked) private var lastLookup: Node?
    private var documentKids: [PDFReference] = []
    /// The top-level element whose content is being written.
    private var openTop: Node?
    /// Parent tree entries: a page's elements by MCID, or an annotation's element.
    private let parentTree: ParentTree
    private var keys = 0
    /// Nodes made and not written yet.
    private var held = 0
    /// Whether an element is written as soon as a later sibling appears; set for the rest of
    /// the document once more than `eagerAbove` nodes are held.
    private var eager = false
    package static let eagerAbove = 4096
    /// The script most of the document's text is in, when known before its elements are
    /// written: an element in another script gets a /Lang of its own.
    @exclusivity(unchecked) private var mainScript: ScriptGuess?
    /// The source levels of the headings met so far that are still open: a heading is
    /// written one level below the last of a lower level (`headingRole`).
    private var headingLevels: [Int] = []
    /// Letters of the elements written, by script and within it by language (for the
    /// document's language when it was neither given nor known before). A document has a few
    /// scripts: searched in order, which costs less than hashing each element's names.
    @exclusivity(unchecked) private var letters: [(script: String, count: Int, languages: [(language: String, count: Int)])] = []

    package init(file: PDFFile) {
        self.file = file
        root = file.reserve()
        document = file.reserve()
        parentTree = ParentTree(file: file)
    }

    /// Sets the document's main script (before its first page).
    package func setMainScript(_ script: ScriptGuess?) { mainScript = script }

    /// The node of a layout element (and of its ancestors), made on first use. O(1): the
    /// last one looked up is at hand (a paragraph's lines come one after another), others
    /// are hashed.
    package func node(for element: StructureElement) -> Node {
        if let last = lastLookup, last.source === element { return last }
        if let known = nodes[ObjectIdentifier(element)] {
            lastLookup = known
            return known
        }
        let parent = element.parent.map(node(for:))
        let node = Node(object: file.reserve(), role: headingRole(element.role) ?? element.role.structureType, parent: parent,
                        alt: element.alt, script: element.script, source: element)
        node.isColumnHeader = element.role == .headerCell
        nodes[ObjectIdentifier(element)] = node
        lastLookup = node
        made()
        return node
    }

    /// The structure type of a heading, by the order headings come in (PDF/UA-1, 7.4.2: H1
    /// first, no level skipped): one level below the last open heading of a lower source
    /// level, so `#` then `###` is H1 then H2, and a document opening with `##` starts at H1.
    /// Nil for an element that is not a heading. O(depth).
    private func headingRole(_ role: StructureElement.Role) -> PDFName? {
        guard let level = role.headingLevel else { return nil }
        while let last = headingLevels.last, last >= level { headingLevels.removeLast() }
        headingLevels.append(level)
        return StructureElement.Role.heading(headingLevels.count).structureType
    }

    /// A node the writer makes itself: a link's, a paragraph for an untagged line.
    package func newNode(_ role: PDFName, parent: Node?) -> Node {
        made()
        return Node(object: file.reserve(), role: role, parent: parent, alt: nil, script: nil, source: nil)
    }

    /// Counts a node made, turning the tree eager when too many are held.
    private func made() {
        held += 1
        if held > Self.eagerAbove { eager = true }
    }

    /// `node`, or, when it has been written, the node its content goes to now: a new element
    /// of the same kind, under its parent's live node.
    fileprivate func live(_ node: Node) -> Node {
        guard node.written else { return node }
        if let source = node.source { return self.node(for: source) }
        return newNode(node.role, parent: node.parent.map(live))
    }

    /// Puts `node` (and its ancestors) in the tree when its first content is written. A new
    /// top-level element ends the one before, which is written then; one made complete (a
    /// link that is only its annotation) is written at once.
    fileprivate func appear(_ node: Node, complete: Bool = false) {
        guard !node.appeared else { return }
        node.appeared = true
        if let parent = node.parent {
            appear(parent)
            if let open = parent.openChild, eager, case .element(let before) = parent.kids[open] {
                write(before)
                parent.kids[open] = .written(before.object)
            }
            parent.openChild = parent.kids.count
            parent.kids.append(.element(node))
            return
        }
        documentKids.append(node.object)
        if complete {
            write(node)
            return
        }
        if let top = openTop { write(top) }
        openTop = node
    }

    /// Starts `page`: its marks, and its key in the parent tree (/StructParents).
    package func beginPage(_ page: PDFReference) -> PageMarks {
        PageMarks(tree: self, page: page, key: nextKey())
    }

    /// Marks for content that is all artifacts (furniture drawn in a form): no page, no key.
    package func artifactMarks() -> PageMarks {
        PageMarks(tree: self, page: document, key: -1)
    }

    fileprivate func nextKey() -> Int {
        keys += 1
        return keys - 1
    }

    fileprivate func content(_ node: Node, page: PDFReference, mcid: Int) {
        appear(node)
        node.kids.append(.content(page: page, mcid: mcid))
    }

    fileprivate func finishPage(_ marks: PageMarks) {
        parentTree.addPage(key: marks.key, elements: marks.elements)
    }

    /// Records annotation `object` on `page` as part of `node` (its live node), under parent
    /// tree key `key`.
    fileprivate func annotation(_ object: PDFReference, page: PDFReference, key: Int, node: Node) {
        let node = live(node)
        node.kids.append(.annotation(page: page, object: object))
        parentTree.addAnnotation(key: key, element: node.object)
    }

    /// Writes `node` and its elements (now complete) and lets them go.
    private func write(_ node: Node) {
        var visit = [node]
        while let node = visit.popLast() {
            node.written = true
            held -= 1
            if let source = node.source, nodes[ObjectIdentifier(source)] === node { nodes[ObjectIdentifier(source)] = nil }
            if node === lastLookup { lastLookup = nil }
            if let script = node.script { count(script) }
            file.add(node.object, as: PDFStructElementWriter.self) { element in
                element.role(node.role)
                element.parent(node.parent?.object ?? document)
                writeKids(node.kids, to: &element)
                // One without (PDF/UA-1 7.3) is layout's finding (`standardsFindings(of:)`).
                if let alt = node.alt, !alt.isEmpty { element.alt(alt) }
                // PDF/UA-1 (7.9) asks each note for an identifier of its own.
                if node.source?.role == .note { element.identifier("note\(node.object.number)") }
                if let script = node.script, let mainScript, script.script != mainScript.script {
                    element.language(script.language)
                }
                if node.isColumnHeader { element.scopeColumn() }
            }
            for case .element(let child) in node.kids { visit.append(child) }
            node.kids = []
        }
    }

    /// Adds an element's letters to its script's and language's counts.
    private func count(_ guess: ScriptGuess) {
        guard let i = letters.firstIndex(where: { $0.script == guess.script }) else {
            letters.append((guess.script, guess.letters, [(guess.language, guess.letters)]))
            return
        }
        letters[i].count += guess.letters
        if let j = letters[i].languages.firstIndex(where: { $0.language == guess.language }) {
            letters[i].languages[j].count += guess.letters
        } else {
            letters[i].languages.append((guess.language, guess.letters))
        }
    }

    /// Writes the elements left, the document element, the parent tree and the root.
    /// `language` is the document's (its /Lang) when given; else the main script's, else the
    /// language of the script most letters of the elements are in. Returns the root
    /// and the document's language. O(elements left + parent tree).
    package func finish(language: String?) -> (root: PDFReference, language: String?) {
        if let top = openTop { write(top) }
        openTop = nil
        let main = letters.max { ($0.count, $1.script) < ($1.count, $0.script) }
        let documentLanguage = language ?? mainScript?.language ?? main.flatMap { script in
            script.languages.max { ($0.count, $1.language) < ($1.count, $0.language) }?.language
        }
        file.add(document, as: PDFStructElementWriter.self) { element in
            element.role(.document)
            element.parent(root)
            element.elements(documentKids)
            if let documentLanguage { element.language(documentLanguage) }
        }
        let tree = parentTree.finish()
        file.add(root) { treeRoot in
            treeRoot.pair(.type, .structTreeRoot)
            treeRoot.pair(.k, document)
            treeRoot.pair(.parentTree, tree)
            treeRoot.pair(.parentTreeNextKey, keys)
        }
        return (root, documentLanguage)
    }

    /// /K: one kid alone or an array; marked content by MCID (with /Pg on the element when all
    /// its content is on one page, else as marked-content references), elements and object
    /// references to annotations.
    private func writeKids(_ kids: [Kid], to element: inout PDFStructElementWriter) {
        // The page of all the marked content, if it is one page.
        let onePage = Self.onlyPage(kids)
        if let onePage { element.page(onePage) }
        element.kids(count: kids.count) { written in
            for kid in kids {
                switch kid {
                case .content(let page, let mcid):
                    if onePage != nil { written.markedContent(mcid: mcid) } else { written.markedContent(mcid: mcid, page: page) }
                case .element(let node):
                    written.element(node.object)
                case .written(let object):
                    written.element(object)
                case .annotation(let page, let object):
                    written.annotation(object, page: page)
                }
            }
        }
    }

    /// The page all of `kids`' marked content is on, if it is one page.
    private static func onlyPage(_ kids: [Kid]) -> PDFReference? {
        var onePage: PDFReference?
        var pages = 0
        for case .content(let page, _) in kids where page != onePage {
            onePage = page
            pages += 1
            if pages > 1 { return nil }
        }
        return onePage
    }
}

/// The marked content of one page being written: MCIDs handed out in order, each to a node,
/// and the page's links, each with its annotation's object (reserved before the
/// content, so that a link's element holds its annotation from the start).
package final class PageMarks {
    private let tree: StructureTree
    package let page: PDFReference
    /// The page's /StructParents key.
    package let key: Int
    /// Each MCID's element.
    @exclusivity(unchecked) fileprivate private(set) var elements: [PDFReference] = []
    private var links: [LinkArea] = []
    private var annotations: [PDFReference] = []
    /// Each link's parent tree key once its annotation is in an element.
    private var annotationKeys: [Int?] = []
    /// Each link's node, and the text shown inside it.
    private var linkNodes: [Int: StructureTree.Node] = [:]
    package private(set) var linkTexts: [Int: [UInt8]] = [:]
    /// The last link node made inside each node (held, so its identifier stays its own), by
    /// its target: a link's next line joins it.
    private var lastLink: [ObjectIdentifier: (parent: StructureTree.Node, target: LinkArea.Target, node: StructureTree.Node)] = [:]

    fileprivate init(tree: StructureTree, page: PDFReference, key: Int) {
        self.tree = tree
        self.page = page
        self.key = key
    }

    /// Sets the page's links and their annotations' objects (before its content).
    package func setLinks(_ links: [LinkArea], annotations: [PDFReference]) {
        self.links = links
        self.annotations = annotations
        annotationKeys = Array(repeating: nil, count: links.count)
    }

    /// A new MCID for content of `node` (of its live node, should it have been written).
    package func mcid(for node: StructureTree.Node) -> Int {
        let node = tree.live(node)
        elements.append(node.object)
        tree.content(node, page: page, mcid: elements.count - 1)
        return elements.count - 1
    }

    /// The node of a layout element.
    package func node(for element: StructureElement) -> StructureTree.Node { tree.node(for: element) }

    /// A paragraph for a line that layout did not tag.
    package func untaggedLine() -> StructureTree.Node { tree.newNode(.p, parent: nil) }

    /// The index of the link whose area holds the point (`x`, `y`): a glyph on its line.
    package func link(at x: Double, _ y: Double) -> Int? {
        links.indices.first { i in
            let r = links[i].rect
            return x >= r.x - 0.5 && x < r.maxX - 0.1 && y >= r.y - 0.5 && y <= r.maxY + 0.5
        }
    }

    /// The node of link `index` for text of `parent`: the same node as the link's part on
    /// the line before when it continues it.
    package func linkNode(_ index: Int, inside parent: StructureTree.Node) -> StructureTree.Node {
        if let known = linkNodes[index] { return known }
        let target = links[index].target
        let node: StructureTree.Node
        if let last = lastLink[ObjectIdentifier(parent)], last.parent === parent, last.target == target {
            node = last.node
        } else {
            node = tree.newNode(.link, parent: parent)
            lastLink[ObjectIdentifier(parent)] = (parent, target, node)
        }
        attach(index, to: node)
        return node
    }

    /// Adds the text of a run shown inside link `index` (for its annotation's /Contents).
    package func addLinkText(_ index: Int, _ text: [UInt8]) { linkTexts[index, default: []] += text }

    /// Records a figure's picture drawn in `rect` (its node has appeared): a link covering the
    /// picture is a link element inside the figure.
    package func figure(_ node: StructureTree.Node, in rect: Rect) {
        for (index, link) in links.enumerated() where linkNodes[index] == nil {
            let r = link.rect
            guard abs(r.x - rect.x) < 0.5, abs(r.y - rect.y) < 0.5, abs(r.width - rect.width) < 0.5 else { continue }
            let linkNode = tree.newNode(.link, parent: node)
            attach(index, to: linkNode)
            tree.appear(linkNode)
        }
    }

    private func attach(_ index: Int, to node: StructureTree.Node) {
        linkNodes[index] = node
        let key = tree.nextKey()
        annotationKeys[index] = key
        tree.annotation(annotations[index], page: page, key: key, node: node)
    }

    /// The parent tree key of link `index`'s annotation. After the page's content: a link that
    /// held no text and covered no figure becomes a link element of the document's.
    package func annotationKey(_ index: Int) -> Int {
        if let key = annotationKeys[index] { return key }
        let node = tree.newNode(.link, parent: nil)
        attach(index, to: node)
        tree.appear(node, complete: true)
        return annotationKeys[index]!
    }

    /// Ends the page: its MCIDs go into the parent tree.
    package func finish() { tree.finishPage(self) }
}
