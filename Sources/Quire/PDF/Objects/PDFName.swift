import QuireModel

/// A PDF name (ISO 32000-1, 7.3.5): a dictionary's key, or a value such as `/Page`.
///
/// The names the writer knows are the static members below, so that a misspelt key or value
/// does not compile; a name made at run time (a resource's, a structure role's, a subset
/// font's) is escaped as it is written. Not `ExpressibleByStringLiteral`, on purpose.
package struct PDFName {
    fileprivate enum Spelling {
        /// As written after the space that precedes every key and value: " /Type" (one copy).
        case known(StaticString)
        /// Any text, bytes outside regular printable ASCII written as `#xx`.
        case given(String)
    }

    fileprivate let spelling: Spelling

    private init(known: StaticString) { spelling = .known(known) }

    /// A name made at run time: "F1", a structure role, a font's PostScript name.
    package init(_ text: String) { spelling = .given(text) }
}

extension PDFByteSink where Self: ~Copyable {
    /// Appends a space and `name` (" /Type"): how every key and value follows what precedes it.
    @inline(__always)
    package mutating func appendSpacedName(_ name: PDFName) {
        switch name.spelling {
        case .known(let spelt):
            appendLiteral(spelt)
        case .given(let text):
            append(0x20)
            appendName(text)
        }
    }

    /// Appends `name` alone ("/Span"): an operand at the start of a content stream's line.
    @inline(__always)
    package mutating func appendName(_ name: PDFName) {
        switch name.spelling {
        case .known(let spelt):
            spelt.withUTF8Buffer { append(bytes: UnsafeBufferPointer(rebasing: $0.dropFirst())) }
        case .given(let text):
            appendName(text)
        }
    }
}

// The names Quire writes, keys and values alike, each spelt once. Computed, so that each use
// is a constant (a stored static would be reached through a lazy initializer).
extension PDFName {
    // Document and pages (ISO 32000-1, 7.7)
    package static var catalog: PDFName { .init(known: " /Catalog") }
    package static var pages: PDFName { .init(known: " /Pages") }
    package static var page: PDFName { .init(known: " /Page") }
    package static var type: PDFName { .init(known: " /Type") }
    package static var subtype: PDFName { .init(known: " /Subtype") }
    package static var parent: PDFName { .init(known: " /Parent") }
    package static var kids: PDFName { .init(known: " /Kids") }
    package static var count: PDFName { .init(known: " /Count") }
    package static var mediaBox: PDFName { .init(known: " /MediaBox") }
    package static var resources: PDFName { .init(known: " /Resources") }
    package static var contents: PDFName { .init(known: " /Contents") }
    package static var structParents: PDFName { .init(known: " /StructParents") }
    package static var structParent: PDFName { .init(known: " /StructParent") }
    package static var tabs: PDFName { .init(known: " /Tabs") }
    package static var annots: PDFName { .init(known: " /Annots") }
    package static var names: PDFName { .init(known: " /Names") }
    package static var dests: PDFName { .init(known: " /Dests") }
    package static var outlines: PDFName { .init(known: " /Outlines") }
    package static var pageLabels: PDFName { .init(known: " /PageLabels") }
    package static var nums: PDFName { .init(known: " /Nums") }
    package static var viewerPreferences: PDFName { .init(known: " /ViewerPreferences") }
    package static var displayDocTitle: PDFName { .init(known: " /DisplayDocTitle") }
    package static var markInfo: PDFName { .init(known: " /MarkInfo") }
    package static var marked: PDFName { .init(known: " /Marked") }
    package static var lang: PDFName { .init(known: " /Lang") }
    package static var procSet: PDFName { .init(known: " /ProcSet") }
    package static var pdf: PDFName { .init(known: " /PDF") }
    package static var text: PDFName { .init(known: " /Text") }
    package static var imageB: PDFName { .init(known: " /ImageB") }
    package static var imageC: PDFName { .init(known: " /ImageC") }
    /// A page label's style: decimal numbers; a page's tab order: the structure's.
    package static var d: PDFName { .init(known: " /D") }
    package static var s: PDFName { .init(known: " /S") }

    // Document information (14.3.3)
    package static var title: PDFName { .init(known: " /Title") }
    package static var author: PDFName { .init(known: " /Author") }
    package static var keywords: PDFName { .init(known: " /Keywords") }
    package static var creator: PDFName { .init(known: " /Creator") }
    package static var producer: PDFName { .init(known: " /Producer") }
    package static var creationDate: PDFName { .init(known: " /CreationDate") }
    /// Quire's own: the settings digest and the links record `batch` reads back.
    package static var quireSettings: PDFName { .init(known: " /QuireSettings") }
    package static var quireLinks: PDFName { .init(known: " /QuireLinks") }

    // Navigation (12.3): destinations, the outline, annotations and actions
    package static var first: PDFName { .init(known: " /First") }
    package static var last: PDFName { .init(known: " /Last") }
    package static var prev: PDFName { .init(known: " /Prev") }
    package static var next: PDFName { .init(known: " /Next") }
    package static var dest: PDFName { .init(known: " /Dest") }
    package static var xyz: PDFName { .init(known: " /XYZ") }
    package static var limits: PDFName { .init(known: " /Limits") }
    package static var link: PDFName { .init(known: " /Link") }
    package static var rect: PDFName { .init(known: " /Rect") }
    package static var border: PDFName { .init(known: " /Border") }
    package static var a: PDFName { .init(known: " /A") }
    package static var uri: PDFName { .init(known: " /URI") }

    // Logical structure (14.7)
    package static var structTreeRoot: PDFName { .init(known: " /StructTreeRoot") }
    package static var parentTree: PDFName { .init(known: " /ParentTree") }
    package static var parentTreeNextKey: PDFName { .init(known: " /ParentTreeNextKey") }
    package static var document: PDFName { .init(known: " /Document") }
    package static var p: PDFName { .init(known: " /P") }
    package static var k: PDFName { .init(known: " /K") }
    package static var pg: PDFName { .init(known: " /Pg") }
    package static var mcid: PDFName { .init(known: " /MCID") }
    package static var mcr: PDFName { .init(known: " /MCR") }
    package static var objr: PDFName { .init(known: " /OBJR") }
    package static var obj: PDFName { .init(known: " /Obj") }
    package static var alt: PDFName { .init(known: " /Alt") }
    package static var o: PDFName { .init(known: " /O") }
    package static var table: PDFName { .init(known: " /Table") }
    package static var scope: PDFName { .init(known: " /Scope") }
    package static var column: PDFName { .init(known: " /Column") }
    package static var actualText: PDFName { .init(known: " /ActualText") }
    // Standard structure types (14.8.4), those above and these
    package static var h1: PDFName { .init(known: " /H1") }
    package static var h2: PDFName { .init(known: " /H2") }
    package static var h3: PDFName { .init(known: " /H3") }
    package static var h4: PDFName { .init(known: " /H4") }
    package static var h5: PDFName { .init(known: " /H5") }
    package static var h6: PDFName { .init(known: " /H6") }
    package static var l: PDFName { .init(known: " /L") }
    package static var li: PDFName { .init(known: " /LI") }
    package static var lbl: PDFName { .init(known: " /Lbl") }
    package static var lBody: PDFName { .init(known: " /LBody") }
    package static var tHead: PDFName { .init(known: " /THead") }
    package static var tBody: PDFName { .init(known: " /TBody") }
    package static var tr: PDFName { .init(known: " /TR") }
    package static var th: PDFName { .init(known: " /TH") }
    package static var td: PDFName { .init(known: " /TD") }
    package static var figure: PDFName { .init(known: " /Figure") }
    package static var caption: PDFName { .init(known: " /Caption") }
    package static var code: PDFName { .init(known: " /Code") }
    package static var blockQuote: PDFName { .init(known: " /BlockQuote") }
    package static var note: PDFName { .init(known: " /Note") }
    package static var div: PDFName { .init(known: " /Div") }
    package static var formula: PDFName { .init(known: " /Formula") }
    package static var span: PDFName { .init(known: " /Span") }
    package static var artifact: PDFName { .init(known: " /Artifact") }

    // Fonts (9.6 to 9.10)
    package static var font: PDFName { .init(known: " /Font") }
    package static var type0: PDFName { .init(known: " /Type0") }
    package static var type3: PDFName { .init(known: " /Type3") }
    package static var cidFontType0: PDFName { .init(known: " /CIDFontType0") }
    package static var cidFontType2: PDFName { .init(known: " /CIDFontType2") }
    package static var cidFontType0C: PDFName { .init(known: " /CIDFontType0C") }
    package static var openType: PDFName { .init(known: " /OpenType") }
    package static var baseFont: PDFName { .init(known: " /BaseFont") }
    package static var encoding: PDFName { .init(known: " /Encoding") }
    package static var identityH: PDFName { .init(known: " /Identity-H") }
    package static var descendantFonts: PDFName { .init(known: " /DescendantFonts") }
    package static var toUnicode: PDFName { .init(known: " /ToUnicode") }
    package static var cidSystemInfo: PDFName { .init(known: " /CIDSystemInfo") }
    package static var registry: PDFName { .init(known: " /Registry") }
    package static var ordering: PDFName { .init(known: " /Ordering") }
    package static var supplement: PDFName { .init(known: " /Supplement") }
    package static var fontDescriptor: PDFName { .init(known: " /FontDescriptor") }
    package static var dw: PDFName { .init(known: " /DW") }
    package static var w: PDFName { .init(known: " /W") }
    package static var cidToGIDMap: PDFName { .init(known: " /CIDToGIDMap") }
    package static var fontName: PDFName { .init(known: " /FontName") }
    package static var flags: PDFName { .init(known: " /Flags") }
    package static var fontBBox: PDFName { .init(known: " /FontBBox") }
    package static var italicAngle: PDFName { .init(known: " /ItalicAngle") }
    package static var ascent: PDFName { .init(known: " /Ascent") }
    package static var descent: PDFName { .init(known: " /Descent") }
    package static var capHeight: PDFName { .init(known: " /CapHeight") }
    package static var stemV: PDFName { .init(known: " /StemV") }
    package static var fontFile2: PDFName { .init(known: " /FontFile2") }
    package static var fontFile3: PDFName { .init(known: " /FontFile3") }
    package static var length1: PDFName { .init(known: " /Length1") }
    package static var fontMatrix: PDFName { .init(known: " /FontMatrix") }
    package static var charProcs: PDFName { .init(known: " /CharProcs") }
    package static var differences: PDFName { .init(known: " /Differences") }
    package static var firstChar: PDFName { .init(known: " /FirstChar") }
    package static var lastChar: PDFName { .init(known: " /LastChar") }
    package static var widths: PDFName { .init(known: " /Widths") }
    /// A Type 3 font's calibration glyph (poppler sizes such a font's text by its `m`).
    package static var m: PDFName { .init(known: " /m") }

    // Images and forms (8.9, 8.10)
    package static var xObject: PDFName { .init(known: " /XObject") }
    package static var image: PDFName { .init(known: " /Image") }
    package static var form: PDFName { .init(known: " /Form") }
    package static var width: PDFName { .init(known: " /Width") }
    package static var height: PDFName { .init(known: " /Height") }
    package static var colorSpace: PDFName { .init(known: " /ColorSpace") }
    package static var deviceGray: PDFName { .init(known: " /DeviceGray") }
    package static var deviceRGB: PDFName { .init(known: " /DeviceRGB") }
    package static var deviceCMYK: PDFName { .init(known: " /DeviceCMYK") }
    package static var decode: PDFName { .init(known: " /Decode") }
    package static var bitsPerComponent: PDFName { .init(known: " /BitsPerComponent") }
    package static var interpolate: PDFName { .init(known: " /Interpolate") }
    package static var sMask: PDFName { .init(known: " /SMask") }
    package static var bBox: PDFName { .init(known: " /BBox") }
    package static var group: PDFName { .init(known: " /Group") }

    // The file's structure (7.3.8, 7.5)
    package static var length: PDFName { .init(known: " /Length") }
    package static var filter: PDFName { .init(known: " /Filter") }
    package static var flateDecode: PDFName { .init(known: " /FlateDecode") }
    package static var dctDecode: PDFName { .init(known: " /DCTDecode") }
    package static var decodeParms: PDFName { .init(known: " /DecodeParms") }
    package static var predictor: PDFName { .init(known: " /Predictor") }
    package static var columns: PDFName { .init(known: " /Columns") }
    package static var objStm: PDFName { .init(known: " /ObjStm") }
    package static var n: PDFName { .init(known: " /N") }
    package static var xRef: PDFName { .init(known: " /XRef") }
    package static var size: PDFName { .init(known: " /Size") }
    package static var index: PDFName { .init(known: " /Index") }
    package static var root: PDFName { .init(known: " /Root") }
    package static var info: PDFName { .init(known: " /Info") }
    package static var id: PDFName { .init(known: " /ID") }

    // Metadata, output intents and associated files (14.3.2, 14.11.5, 7.11; ISO 19005)
    package static var metadata: PDFName { .init(known: " /Metadata") }
    package static var xml: PDFName { .init(known: " /XML") }
    package static var subject: PDFName { .init(known: " /Subject") }
    package static var modDate: PDFName { .init(known: " /ModDate") }
    package static var outputIntents: PDFName { .init(known: " /OutputIntents") }
    package static var outputIntent: PDFName { .init(known: " /OutputIntent") }
    package static var gtsPDFA1: PDFName { .init(known: " /GTS_PDFA1") }
    package static var outputConditionIdentifier: PDFName { .init(known: " /OutputConditionIdentifier") }
    package static var destOutputProfile: PDFName { .init(known: " /DestOutputProfile") }
    package static var embeddedFiles: PDFName { .init(known: " /EmbeddedFiles") }
    package static var embeddedFile: PDFName { .init(known: " /EmbeddedFile") }
    package static var filespec: PDFName { .init(known: " /Filespec") }
    /// A file specification's file name; an annotation's flags.
    package static var f: PDFName { .init(known: " /F") }
    package static var uf: PDFName { .init(known: " /UF") }
    package static var ef: PDFName { .init(known: " /EF") }
    package static var desc: PDFName { .init(known: " /Desc") }
    package static var af: PDFName { .init(known: " /AF") }
    package static var afRelationship: PDFName { .init(known: " /AFRelationship") }
    package static var source: PDFName { .init(known: " /Source") }
    package static var params: PDFName { .init(known: " /Params") }
    /// The media type of Markdown (RFC 7763), as a name: `/text#2Fmarkdown`.
    package static var textMarkdown: PDFName { .init(known: " /text#2Fmarkdown") }
    package static var ap: PDFName { .init(known: " /AP") }
}
