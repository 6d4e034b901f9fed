import QuireModel

/// The objects of a tagged PDF's logical structure (ISO 32000-1, 14.7): structure elements
/// and what they hold.

/// A structure element (14.7.2). /Type /StructElem is optional, and left out of thousands.
package struct PDFStructElementWriter: PDFTypedDictionaryWriter, ~Copyable {
    private var dictionary: PDFDictionaryWriter

    package init(_ dictionary: consuming PDFDictionaryWriter) { self.dictionary = dictionary }

    package consuming func end() -> PDFDictionaryWriter { dictionary }

    /// What the element is: a standard structure type ("P", "H1", "Table"...).
    @inline(__always)
    package mutating func role(_ role: PDFName) { dictionary.pair(.s, role) }

    /// The element it is part of (the document element, or the structure tree's root for it).
    @inline(__always)
    package mutating func parent(_ parent: PDFReference) { dictionary.pair(.p, parent) }

    /// The page of all its marked content, when that is one page (then given as bare MCIDs).
    @inline(__always)
    package mutating func page(_ page: PDFReference) { dictionary.pair(.pg, page) }

    /// Its `count` kids, in order, which `write` writes: one alone, several as an array.
    @inline(__always)
    package mutating func kids(count: Int, _ write: (inout PDFStructKidsWriter) -> Void) {
        dictionary.kids(count: count, write)
    }

    /// Its kids, all elements, as an array however many they are (the document element's).
    package mutating func elements(_ kids: [PDFReference]) { dictionary.array(.k) { $0.items(kids) } }

    /// The alternate description: a figure's alt text.
    package mutating func alt(_ text: String) { dictionary.pair(.alt, text: text) }

    /// Its identifier (a byte string unique in the document): a note's.
    package mutating func identifier(_ id: String) { dictionary.pair(.id, bytes: id.utf8) }

    /// Its natural language, where it is not the document's.
    package mutating func language(_ tag: String) { dictionary.pair(.lang, text: tag) }

    /// A table header cell heading its column (the Table attribute /Scope, 14.8.5.7).
    package mutating func scopeColumn() {
        dictionary.dictionary(.a) { attributes in
            attributes.pair(.o, .table)
            attributes.pair(.scope, .column)
        }
    }
}

extension StructureElement.Role {
    /// A heading's level (1 to 6); nil for another role.
    package var headingLevel: Int? {
        switch self {
        case .heading1: 1
        case .heading2: 2
        case .heading3: 3
        case .heading4: 4
        case .heading5: 5
        case .heading6: 6
        default: nil
        }
    }

    /// The standard structure type (14.8.4) of an element of this role.
    package var structureType: PDFName {
        switch self {
        case .paragraph: .p
        case .heading1: .h1
        case .heading2: .h2
        case .heading3: .h3
        case .heading4: .h4
        case .heading5: .h5
        case .heading6: .h6
        case .list: .l
        case .listItem: .li
        case .label: .lbl
        case .listBody: .lBody
        case .table: .table
        case .tableHead: .tHead
        case .tableBody: .tBody
        case .tableRow: .tr
        case .headerCell: .th
        case .cell: .td
        case .figure: .figure
        case .caption: .caption
        case .code: .code
        case .blockQuote: .blockQuote
        case .note: .note
        case .link: .link
        case .formula: .formula
        case .division: .div
        }
    }
}

/// The kids of a structure element (14.7.4), each written as the next item of its /K.
package struct PDFStructKidsWriter: ~Copyable {
    fileprivate var kids: PDFArrayWriter

    /// Marked content by its MCID, on the element's page (/Pg).
    @inline(__always)
    package mutating func markedContent(mcid: Int) { kids.item(mcid) }

    /// Marked content on another page than the element's (a marked-content reference).
    package mutating func markedContent(mcid: Int, page: PDFReference) {
        kids.dictionary { reference in
            reference.pair(.type, .mcr)
            reference.pair(.pg, page)
            reference.pair(.mcid, mcid)
        }
    }

    /// A structure element.
    @inline(__always)
    package mutating func element(_ element: PDFReference) { kids.item(element) }

    /// An annotation on `page` (an object reference).
    package mutating func annotation(_ annotation: PDFReference, page: PDFReference) {
        kids.dictionary { reference in
            reference.pair(.type, .objr)
            reference.pair(.pg, page)
            reference.pair(.obj, annotation)
        }
    }
}

extension PDFDictionaryWriter {
    /// A structure element's /K: `count` kids that `write` writes, one alone (` /K 3`) or
    /// several as an array (` /K [ 3 4 ]`).
    @inline(__always)
    fileprivate mutating func kids(count: Int, _ write: (inout PDFStructKidsWriter) -> Void) {
        if count == 1 {
            pair(.k, item: { item in
                var kids = PDFStructKidsWriter(kids: item)
                write(&kids)
                item = kids.kids
            })
        } else {
            array(.k) { array in
                var kids = PDFStructKidsWriter(kids: array)
                write(&kids)
                array = kids.kids
            }
        }
    }
}
