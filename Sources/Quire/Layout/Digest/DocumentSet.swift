import Foundation
import QuireModel
import QuireStyle
import QuireHighlight
import QuireDiagrams

/// Documents laid out together into one PDF (a digest, a book of several inputs): each with
/// its anchor table (destination names prefixed "dK-", so two documents' `#install` stay
/// apart), its layout session, and links between them leading inside the PDF: `other.md` to
/// its destination "dK" (the entry or chapter start, which the caller places), and
/// `other.md#part` to that heading. A link to any other file goes to the document's own
/// `outsideLinks` (nil: as written).
package struct DocumentSet {
    package let tables: [AnchorTable]
    package let sessions: [LayoutSession]
    /// Each document's own destination: "d1", "d2", ...
    package let entryNames: [String]

    /// O(documents' text) to collect their anchors.
    package init(_ documents: [DigestDocument], style: Style, typesetter: Typesetter, graphviz: Graphviz) {
        // Anchor tables first: a link may point into any document.
        let tables = documents.enumerated().map { k, d in AnchorTable(d.document, namespace: "d\(k + 1)-") }
        var byPath: [String: Int] = [:]
        for (k, d) in documents.enumerated() { byPath[d.canonicalPath] = k }
        let paths = byPath
        let entryNames = documents.indices.map { "d\($0 + 1)" }
        sessions = documents.enumerated().map { k, d -> LayoutSession in
            let folder = (d.canonicalPath as NSString).deletingLastPathComponent
            let language = d.info.lang ?? style.language
            let outside = d.outsideLinks
            return LayoutSession(style: style, typesetter: typesetter, graphviz: graphviz, anchors: tables[k], resources: d.resources,
                                 highlights: d.highlights ?? CodeHighlights(d.document, theme: style.codeTheme, highlighter: .process),
                                 language: language, cjk: CJKRegion(language: language) ?? .dominant(in: d.document),
                                 codeCensus: CodeCensus(d.document.blocks)) { link in
                DigestLinks.resolve(link, from: folder, paths: paths, tables: tables, entries: entryNames) ?? outside?(link)
            }
        }
        self.tables = tables
        self.entryNames = entryNames
    }
}

/// Documents laid out together (a book, a digest), their pages handed on as they were made:
/// what is left to finish the PDF.
package struct LaidOutSet {
    /// The PDF outline.
    package var outline: [OutlineEntry]
    /// The metadata's title, author ("" when none) and language (nil: not given).
    package var title: String
    package var author: String
    package var language: String?
    package var pageCount: Int
    /// Warnings by document path, in input order.
    package var warnings: [(path: String, warnings: [Warning])]
    /// The local files the documents' images name, found or not (a book's, for `watch`).
    package var imageFiles: Set<String> = []
}
