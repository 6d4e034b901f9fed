/// The objects that make a document of pages (ISO 32000-1, 7.7 and 12.5): the catalog, a page,
/// its resources, a link annotation. Each starts with its /Type; each entry takes the kind of
/// value it holds.

/// The document catalog (7.7.2): where a reader starts.
package struct PDFCatalogWriter: PDFTypedDictionaryWriter, ~Copyable {
    private var dictionary: PDFDictionaryWriter

    package init(_ dictionary: consuming PDFDictionaryWriter) {
        self.dictionary = dictionary
        self.dictionary.pair(.type, .catalog)
    }

    package consuming func end() -> PDFDictionaryWriter { dictionary }

    package mutating func pages(_ tree: PDFReference) { dictionary.pair(.pages, tree) }

    /// The name trees (/Names): of named destinations (/Dests), of embedded files, which
    /// readers list as attachments (/EmbeddedFiles). Nothing when there are neither.
    package mutating func names(destinations: PDFReference?, embeddedFiles: PDFReference?) {
        guard destinations != nil || embeddedFiles != nil else { return }
        dictionary.dictionary(.names) { names in
            if let destinations { names.pair(.dests, destinations) }
            if let embeddedFiles { names.pair(.embeddedFiles, embeddedFiles) }
        }
    }

    package mutating func outlines(_ root: PDFReference) { dictionary.pair(.outlines, root) }

    /// Page labels: every page numbered in decimal from 1.
    package mutating func decimalPageLabels() {
        dictionary.dictionary(.pageLabels) { labels in
            labels.array(.nums) { nums in
                nums.item(0)
                nums.dictionary { $0.pair(.s, .d) }
            }
        }
    }

    /// A viewer's title bar shows the document's title, not its file name.
    package mutating func displayDocumentTitle() {
        dictionary.dictionary(.viewerPreferences) { $0.pair(.displayDocTitle, true) }
    }

    /// Marks a tagged PDF (14.7.1): its content is marked for its structure tree.
    package mutating func tagged(structure root: PDFReference) {
        dictionary.dictionary(.markInfo) { $0.pair(.marked, true) }
        dictionary.pair(.structTreeRoot, root)
    }

    /// The document's natural language (BCP 47).
    package mutating func language(_ tag: String) { dictionary.pair(.lang, text: tag) }

    /// The document's XMP metadata (a metadata stream).
    package mutating func metadata(_ stream: PDFReference) { dictionary.pair(.metadata, stream) }

    /// What the file's device colours mean (PDF/A's output intent, a dictionary).
    package mutating func outputIntent(_ intent: PDFReference) {
        dictionary.array(.outputIntents) { $0.item(intent) }
    }

    /// The files associated with the whole document (file specifications; ISO 32000-2,
    /// 14.13, as PDF/A-3 asks for).
    package mutating func associatedFiles(_ specifications: [PDFReference]) {
        dictionary.array(.af) { $0.items(specifications) }
    }
}

/// A page (7.7.3.3).
package struct PDFPageWriter: PDFTypedDictionaryWriter, ~Copyable {
    private var dictionary: PDFDictionaryWriter

    package init(_ dictionary: consuming PDFDictionaryWriter) {
        self.dictionary = dictionary
        self.dictionary.pair(.type, .page)
    }

    package consuming func end() -> PDFDictionaryWriter { dictionary }

    package mutating func parent(_ tree: PDFReference) { dictionary.pair(.parent, tree) }

    /// The page's size in points (its media box, from the origin), to 3 decimals.
    package mutating func mediaBox(width: Double, height: Double) {
        dictionary.array(.mediaBox) { box in
            box.item(0)
            box.item(0)
            box.item(width, decimals: 3)
            box.item(height, decimals: 3)
        }
    }

    package mutating func resources(_ resources: PDFReference) { dictionary.pair(.resources, resources) }

    package mutating func contents(_ stream: PDFReference) { dictionary.pair(.contents, stream) }

    /// The page's key in the structure tree's parent tree.
    package mutating func structParents(_ key: Int) { dictionary.pair(.structParents, key) }

    /// Tab order follows the structure.
    package mutating func tabsInStructureOrder() { dictionary.pair(.tabs, .s) }

    package mutating func annotations(_ annotations: [PDFReference]) {
        dictionary.array(.annots) { $0.items(annotations) }
    }
}

/// A resource dictionary (7.8.3): the procedure sets, then the fonts and the XObjects by
/// resource name. Written as Quire always wrote it, the keys after the procedure sets without
/// the space that precedes other keys (`]/Font << /F1 7 0 R >>/XObject …`): no reader needs
/// one after a delimiter, and the files stay byte for byte what they were.
package struct PDFResourcesWriter: PDFTypedDictionaryWriter, ~Copyable {
    private var dictionary: PDFDictionaryWriter

    package init(_ dictionary: consuming PDFDictionaryWriter) {
        self.dictionary = dictionary
        self.dictionary.array(.procSet) { sets in
            for set in [PDFName.pdf, .text, .imageB, .imageC] { sets.item(set) }
        }
    }

    package consuming func end() -> PDFDictionaryWriter { dictionary }

    /// The resources of one kind (`.font`, `.xObject`), each by its name ("F1").
    package mutating func named(_ kind: PDFName, _ entries: [(name: [UInt8], object: PDFReference)]) {
        dictionary.dictionaryAfterDelimiter(kind) { names in
            for entry in entries { names.pair(PDFName(String(decoding: entry.name, as: UTF8.self)), entry.object) }
        }
    }
}

/// A link annotation (12.5.6.5): an area of the page that opens a URI or a named destination.
package struct PDFLinkAnnotationWriter: PDFTypedDictionaryWriter, ~Copyable {
    private var dictionary: PDFDictionaryWriter

    /// Starts with its subtype; /Type /Annot is optional, and left out of thousands of links.
    package init(_ dictionary: consuming PDFDictionaryWriter) {
        self.dictionary = dictionary
        self.dictionary.pair(.subtype, .link)
    }

    package consuming func end() -> PDFDictionaryWriter { dictionary }

    /// The area, in PDF user space (points, y up), to 2 decimals.
    package mutating func rect(left: Double, bottom: Double, right: Double, top: Double) {
        dictionary.array(.rect) { $0.items([left, bottom, right, top]) }
    }

    /// No border drawn around the area.
    package mutating func noBorder() {
        dictionary.array(.border) { border in
            border.item(0)
            border.item(0)
            border.item(0)
        }
    }

    /// Opens `uri` (a URI action).
    package mutating func uri(_ uri: String) {
        dictionary.dictionary(.a) { action in
            action.pair(.s, .uri)
            action.pair(.uri, uri: uri)
        }
    }

    /// Goes to the named destination `name`.
    package mutating func destination(_ name: String) { dictionary.pair(.dest, bytes: name.utf8) }

    /// The link's description (its text), for screen readers.
    package mutating func contents(_ text: String) { dictionary.pair(.contents, text: text) }

    /// The link's description from UTF-8 bytes.
    package mutating func contents(utf8 text: UnsafeBufferPointer<UInt8>) { dictionary.pair(.contents, textUTF8: text) }

    /// The annotation's key in the structure tree's parent tree.
    package mutating func structParent(_ key: Int) { dictionary.pair(.structParent, key) }

    /// Printed as shown (the Print flag, /F 4), which PDF/A asks of every annotation.
    package mutating func printable() { dictionary.pair(.f, 4) }

    /// Its normal appearance (a form XObject).
    package mutating func appearance(_ form: PDFReference) {
        dictionary.dictionary(.ap) { $0.pair(.n, form) }
    }
}
