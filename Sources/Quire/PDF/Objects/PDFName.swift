/// A PDF name (ISO 32000-1, 7.3.5): a dictionary's key, or a value such as `/Page`.
///
/// The names the writer knows are the static members below, so that a misspelt key or value
/// does not compile; a name made at run time (a resource's, a structure role's, a subset
/// font's) is escaped as it is written. Not `ExpressibleByStringLiteral`, on purpose.
struct PDFName {
    fileprivate enum Spelling {
        /// As written after the space that precedes every key and value: " /Type" (one copy).
        case known(StaticString)
        /// Any text, bytes outside regular printable ASCII written as `#xx`.
        case given(String)
    }

    fileprivate let spelling: Spelling

    private init(known: StaticString) { spelling = .known(known) }

    /// A name made at run time: "F1", a structure role, a font's PostScript name.
    init(_ text: String) { spelling = .given(text) }
}

extension PDFByteSink where Self: ~Copyable {
    /// Appends a space and `name` (" /Type"): how every key and value follows what precedes it.
    @inline(__always)
    mutating func appendSpacedName(_ name: PDFName) {
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
    mutating func appendName(_ name: PDFName) {
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
    static var catalog: PDFName { .init(known: " /Catalog") }
    static var pages: PDFName { .init(known: " /Pages") }
    static var page: PDFName { .init(known: " /Page") }
    static var type: PDFName { .init(known: " /Type") }
    static var subtype: PDFName { .init(known: " /Subtype") }
    static var parent: PDFName { .init(known: " /Parent") }
    static var kids: PDFName { .init(known: " /Kids") }
    static var count: PDFName { .init(known: " /Count") }
    static var mediaBox: PDFName { .init(known: " /MediaBox") }
    static var resources: PDFName { .init(known: " /Resources") }
    static var contents: PDFName { .init(known: " /Contents") }
    static var structParents: PDFName { .init(known: " /StructParents") }
    static var structParent: PDFName { .init(known: " /StructParent") }
    static var tabs: PDFName { .init(known: " /Tabs") }
    static var annots: PDFName { .init(known: " /Annots") }
    static var names: PDFName { .init(known: " /Names") }
    static var dests: PDFName { .init(known: " /Dests") }
    static var outlines: PDFName { .init(known: " /Outlines") }
    static var pageLabels: PDFName { .init(known: " /PageLabels") }
    static var nums: PDFName { .init(known: " /Nums") }
    static var viewerPreferences: PDFName { .init(known: " /ViewerPreferences") }
    static var displayDocTitle: PDFName { .init(known: " /DisplayDocTitle") }
    static var markInfo: PDFName { .init(known: " /MarkInfo") }
    static var marked: PDFName { .init(known: " /Marked") }
    static var lang: PDFName { .init(known: " /Lang") }
    static var procSet: PDFName { .init(known: " /ProcSet") }
    static var pdf: PDFName { .init(known: " /PDF") }
    static var text: PDFName { .init(known: " /Text") }
    static var imageB: PDFName { .init(known: " /ImageB") }
    static var imageC: PDFName { .init(known: " /ImageC") }
    /// A page label's style: decimal numbers; a page's tab order: the structure's.
    static var d: PDFName { .init(known: " /D") }
    static var s: PDFName { .init(known: " /S") }

    // Document information (14.3.3)
    static var title: PDFName { .init(known: " /Title") }
    static var author: PDFName { .init(known: " /Author") }
    static var keywords: PDFName { .init(known: " /Keywords") }
    static var creator: PDFName { .init(known: " /Creator") }
    static var producer: PDFName { .init(known: " /Producer") }
    static var creationDate: PDFName { .init(known: " /CreationDate") }
    /// Quire's own: the settings digest and the links record `batch` reads back.
    static var quireSettings: PDFName { .init(known: " /QuireSettings") }
    static var quireLinks: PDFName { .init(known: " /QuireLinks") }

    // Navigation (12.3): destinations, the outline, annotations and actions
    static var first: PDFName { .init(known: " /First") }
    static var last: PDFName { .init(known: " /Last") }
    static var prev: PDFName { .init(known: " /Prev") }
    static var next: PDFName { .init(known: " /Next") }
    static var dest: PDFName { .init(known: " /Dest") }
    static var xyz: PDFName { .init(known: " /XYZ") }
    static var limits: PDFName { .init(known: " /Limits") }
    static var link: PDFName { .init(known: " /Link") }
    static var rect: PDFName { .init(known: " /Rect") }
    static var border: PDFName { .init(known: " /Border") }
    static var a: PDFName { .init(known: " /A") }
    static var uri: PDFName { .init(known: " /URI") }

    // Logical structure (14.7)
    static var structTreeRoot: PDFName { .init(known: " /StructTreeRoot") }
    static var parentTree: PDFName { .init(known: " /ParentTree") }
    static var parentTreeNextKey: PDFName { .init(known: " /ParentTreeNextKey") }
    static var document: PDFName { .init(known: " /Document") }
    static var p: PDFName { .init(known: " /P") }
    static var k: PDFName { .init(known: " /K") }
    static var pg: PDFName { .init(known: " /Pg") }
    static var mcid: PDFName { .init(known: " /MCID") }
    static var mcr: PDFName { .init(known: " /MCR") }
    static var objr: PDFName { .init(known: " /OBJR") }
    static var obj: PDFName { .init(known: " /Obj") }
    static var alt: PDFName { .init(known: " /Alt") }
    static var o: PDFName { .init(known: " /O") }
    static var table: PDFName { .init(known: " /Table") }
    static var scope: PDFName { .init(known: " /Scope") }
    static var column: PDFName { .init(known: " /Column") }
    static var actualText: PDFName { .init(known: " /ActualText") }
    // Standard structure types (14.8.4), those above and these
    static var h1: PDFName { .init(known: " /H1") }
    static var h2: PDFName { .init(known: " /H2") }
    static var h3: PDFName { .init(known: " /H3") }
    static var h4: PDFName { .init(known: " /H4") }
    static var h5: PDFName { .init(known: " /H5") }
    static var h6: PDFName { .init(known: " /H6") }
    static var l: PDFName { .init(known: " /L") }
    static var li: PDFName { .init(known: " /LI") }
    static var lbl: PDFName { .init(known: " /Lbl") }
    static var lBody: PDFName { .init(known: " /LBody") }
    static var tHead: PDFName { .init(known: " /THead") }
    static var tBody: PDFName { .init(known: " /TBody") }
    static var tr: PDFName { .init(known: " /TR") }
    static var th: PDFName { .init(known: " /TH") }
    static var td: PDFName { .init(known: " /TD") }
    static var figure: PDFName { .init(known: " /Figure") }
    static var caption: PDFName { .init(known: " /Caption") }
    static var code: PDFName { .init(known: " /Code") }
    static var blockQuote: PDFName { .init(known: " /BlockQuote") }
    static var note: PDFName { .init(known: " /Note") }
    static var div: PDFName { .init(known: " /Div") }
    static var formula: PDFName { .init(known: " /Formula") }
    static var span: PDFName { .init(known: " /Span") }
    static var artifact: PDFName { .init(known: " /Artifact") }

    // Fonts (9.6 to 9.10)
    static var font: PDFName { .init(known: " /Font") }
    static var type0: PDFName { .init(known: " /Type0") }
    static var type3: PDFName { .init(known: " /Type3") }
    static var cidFontType0: PDFName { .init(known: " /CIDFontType0") }
    static var cidFontType2: PDFName { .init(known: " /CIDFontType2") }
    static var cidFontType0C: PDFName { .init(known: " /CIDFontType0C") }
    static var openType: PDFName { .init(known: " /OpenType") }
    static var baseFont: PDFName { .init(known: " /BaseFont") }
    static var encoding: PDFName { .init(known: " /Encoding") }
    static var identityH: PDFName { .init(known: " /Identity-H") }
    static var descendantFonts: PDFName { .init(known: " /DescendantFonts") }
    static var toUnicode: PDFName { .init(known: " /ToUnicode") }
    static var cidSystemInfo: PDFName { .init(known: " /CIDSystemInfo") }
    static var registry: PDFName { .init(known: " /Registry") }
    static var ordering: PDFName { .init(known: " /Ordering") }
    static var supplement: PDFName { .init(known: " /Supplement") }
    static var fontDescriptor: PDFName { .init(known: " /FontDescriptor") }
    static var dw: PDFName { .init(known: " /DW") }
    static var w: PDFName { .init(known: " /W") }
    static var cidToGIDMap: PDFName { .init(known: " /CIDToGIDMap") }
    static var fontName: PDFName { .init(known: " /FontName") }
    static var flags: PDFName { .init(known: " /Flags") }
    static var fontBBox: PDFName { .init(known: " /FontBBox") }
    static var italicAngle: PDFName { .init(known: " /ItalicAngle") }
    static var ascent: PDFName { .init(known: " /Ascent") }
    static var descent: PDFName { .init(known: " /Descent") }
    static var capHeight: PDFName { .init(known: " /CapHeight") }
    static var stemV: PDFName { .init(known: " /StemV") }
    static var fontFile2: PDFName { .init(known: " /FontFile2") }
    static var fontFile3: PDFName { .init(known: " /FontFile3") }
    static var length1: PDFName { .init(known: " /Length1") }
    static var fontMatrix: PDFName { .init(known: " /FontMatrix") }
    static var charProcs: PDFName { .init(known: " /CharProcs") }
    static var differences: PDFName { .init(known: " /Differences") }
    static var firstChar: PDFName { .init(known: " /FirstChar") }
    static var lastChar: PDFName { .init(known: " /LastChar") }
    static var widths: PDFName { .init(known: " /Widths") }
    /// A Type 3 font's calibration glyph (poppler sizes such a font's text by its `m`).
    static var m: PDFName { .init(known: " /m") }

    // Images and forms (8.9, 8.10)
    static var xObject: PDFName { .init(known: " /XObject") }
    static var image: PDFName { .init(known: " /Image") }
    static var form: PDFName { .init(known: " /Form") }
    static var width: PDFName { .init(known: " /Width") }
    static var height: PDFName { .init(known: " /Height") }
    static var colorSpace: PDFName { .init(known: " /ColorSpace") }
    static var deviceGray: PDFName { .init(known: " /DeviceGray") }
    static var deviceRGB: PDFName { .init(known: " /DeviceRGB") }
    static var deviceCMYK: PDFName { .init(known: " /DeviceCMYK") }
    static var decode: PDFName { .init(known: " /Decode") }
    static var bitsPerComponent: PDFName { .init(known: " /BitsPerComponent") }
    static var interpolate: PDFName { .init(known: " /Interpolate") }
    static var sMask: PDFName { .init(known: " /SMask") }
    static var bBox: PDFName { .init(known: " /BBox") }
    static var group: PDFName { .init(known: " /Group") }

    // The file's structure (7.3.8, 7.5)
    static var length: PDFName { .init(known: " /Length") }
    static var filter: PDFName { .init(known: " /Filter") }
    static var flateDecode: PDFName { .init(known: " /FlateDecode") }
    static var dctDecode: PDFName { .init(known: " /DCTDecode") }
    static var decodeParms: PDFName { .init(known: " /DecodeParms") }
    static var predictor: PDFName { .init(known: " /Predictor") }
    static var columns: PDFName { .init(known: " /Columns") }
    static var objStm: PDFName { .init(known: " /ObjStm") }
    static var n: PDFName { .init(known: " /N") }
    static var xRef: PDFName { .init(known: " /XRef") }
    static var size: PDFName { .init(known: " /Size") }
    static var index: PDFName { .init(known: " /Index") }
    static var root: PDFName { .init(known: " /Root") }
    static var info: PDFName { .init(known: " /Info") }
    static var id: PDFName { .init(known: " /ID") }

    // Metadata, output intents and associated files (14.3.2, 14.11.5, 7.11; ISO 19005)
    static var metadata: PDFName { .init(known: " /Metadata") }
    static var xml: PDFName { .init(known: " /XML") }
    static var subject: PDFName { .init(known: " /Subject") }
    static var modDate: PDFName { .init(known: " /ModDate") }
    static var outputIntents: PDFName { .init(known: " /OutputIntents") }
    static var outputIntent: PDFName { .init(known: " /OutputIntent") }
    static var gtsPDFA1: PDFName { .init(known: " /GTS_PDFA1") }
    static var outputConditionIdentifier: PDFName { .init(known: " /OutputConditionIdentifier") }
    static var destOutputProfile: PDFName { .init(known: " /DestOutputProfile") }
    static var embeddedFiles: PDFName { .init(known: " /EmbeddedFiles") }
    static var embeddedFile: PDFName { .init(known: " /EmbeddedFile") }
    static var filespec: PDFName { .init(known: " /Filespec") }
    /// A file specification's file name; an annotation's flags.
    static var f: PDFName { .init(known: " /F") }
    static var uf: PDFName { .init(known: " /UF") }
    static var ef: PDFName { .init(known: " /EF") }
    static var desc: PDFName { .init(known: " /Desc") }
    static var af: PDFName { .init(known: " /AF") }
    static var afRelationship: PDFName { .init(known: " /AFRelationship") }
    static var source: PDFName { .init(known: " /Source") }
    static var params: PDFName { .init(known: " /Params") }
    /// The media type of Markdown (RFC 7763), as a name: `/text#2Fmarkdown`.
    static var textMarkdown: PDFName { .init(known: " /text#2Fmarkdown") }
    static var ap: PDFName { .init(known: " /AP") }
}
