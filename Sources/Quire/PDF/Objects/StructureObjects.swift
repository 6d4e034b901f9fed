/// The objects of a tagged PDF's logical structure (ISO 32000-1, 14.7): structure elements
/// and what they hold.

/// A structure element (14.7.2). /Type /StructElem is optional, and left out of thousands.
struct PDFStructElementWriter: PDFTypedDictionaryWriter, ~Copyable {
    private var dictionary: PDFDictionaryWriter

    init(_ dictionary: consuming PDFDictionaryWriter) { self.dictionary = dictionary }

    consuming func end() -> PDFDictionaryWriter { dictionary }

    /// What the element is: a standard structure type ("P", "H1", "Table"...).
    mutating func role(_ role: PDFName) { dictionary.pair(.s, role) }

    /// The element it is part of (the document element, or the structure tree's root for it).
    mutating func parent(_ parent: PDFReference) { dictionary.pair(.p, parent) }

    /// The page of all its marked content, when that is one page (then given as bare MCIDs).
    mutating func page(_ page: PDFReference) { dictionary.pair(.pg, page) }

    /// Its kids in order: one alone, several as an array.
    mutating func kids<Kids: Collection>(_ kids: Kids, _ kid: (Kids.Element) -> PDFStructKid) {
        if kids.count == 1, let only = kids.first {
            dictionary.value(.k) { kid(only).write(to: $0) }
        } else {
            dictionary.array(.k) { array in
                for element in kids { array.value { kid(element).write(to: $0) } }
            }
        }
    }

    /// Its kids, all elements, as an array however many they are (the document element's).
    mutating func elements(_ kids: [PDFReference]) { dictionary.array(.k) { $0.items(kids) } }

    /// The alternate description: a figure's alt text.
    mutating func alt(_ text: String) { dictionary.pair(.alt, text: text) }

    /// Its natural language, where it is not the document's.
    mutating func language(_ tag: String) { dictionary.pair(.lang, text: tag) }

    /// A table header cell heading its column (the Table attribute /Scope, 14.8.5.7).
    mutating func scopeColumn() {
        dictionary.dictionary(.a) { attributes in
            attributes.pair(.o, .table)
            attributes.pair(.scope, .column)
        }
    }
}

/// A kid of a structure element (14.7.4).
enum PDFStructKid {
    /// Marked content by its MCID, on the element's page (/Pg).
    case markedContent(mcid: Int)
    /// Marked content on another page than the element's (a marked-content reference).
    case markedContentOnPage(PDFReference, mcid: Int)
    /// A structure element.
    case element(PDFReference)
    /// An annotation (an object reference).
    case annotation(PDFReference, page: PDFReference)

    fileprivate func write(to value: consuming PDFValueWriter) -> PDFValueWritten {
        switch self {
        case .markedContent(let mcid):
            value.integer(mcid)
        case .markedContentOnPage(let page, let mcid):
            value.dictionary { reference in
                reference.pair(.type, .mcr)
                reference.pair(.pg, page)
                reference.pair(.mcid, mcid)
            }
        case .element(let element):
            value.reference(element)
        case .annotation(let object, let page):
            value.dictionary { reference in
                reference.pair(.type, .objr)
                reference.pair(.pg, page)
                reference.pair(.obj, object)
            }
        }
    }
}
