/// A link's clickable area in PDF user space (points, origin at the page's bottom left).
struct PDFLinkAnnotation: Sendable, Equatable {
    var left: Double, bottom: Double, right: Double, top: Double
    var target: LinkArea.Target

    /// `rect` (points, origin at the top left) on a page `pageHeight` points tall.
    init(_ link: LinkArea, pageHeight: Double) {
        left = link.rect.x
        right = link.rect.x + link.rect.width
        top = pageHeight - link.rect.y
        bottom = pageHeight - link.rect.y - link.rect.height
        target = link.target
    }
}

/// The bytes to append to a finished classic PDF (`ClassicPDF`) to give its pages link
/// annotations: one incremental update (ISO 32000-1, 7.5.6) holding the annotations, each
/// linked page's dictionary again with its /Annots, a cross-reference section for those objects
/// and a trailer whose /Prev points at the previous section.
///
/// Why not Cairo's link tags: for each link Cairo 1.16 adds a structure element, marked
/// content and eight QuadPoints, all printed through glibc's `%f` (about 100,000 instructions a
/// link); 1,929 links made a 273 KB document 1.3 MB and 10% slower. These annotations carry
/// the same rectangle and target in about 150 bytes. Internal links name their destination
/// (`/Dest (name)`), resolved through the named destinations Cairo writes.
///
/// The same update carries entries to add to the document's Info dictionary (`info`, string
/// values): Cairo 1.16 writes only the standard ones, and Quire records the settings a PDF was
/// made with there (`QuireSettings`), for `batch` to know when it is stale.
///
/// - Parameter links: per page, in page order; a page without links has an empty list.
/// - Returns: nothing to append when there are no links and no Info entries.
/// - Throws: `PDFStructureError` when the PDF is not classic or has a different page count.
/// - Complexity: O(cross-reference entries + pages + links).
func linkAnnotationUpdate(for pdf: UnsafeRawBufferPointer, links: [[PDFLinkAnnotation]],
                          info additions: [(key: String, value: String)] = []) throws(PDFStructureError) -> [UInt8] {
    guard links.contains(where: { !$0.isEmpty }) || !additions.isEmpty else { return [] }
    let file = try ClassicPDF(pdf)
    guard file.pages.count == links.count else {
        throw PDFStructureError("\(file.pages.count) pages in the PDF, \(links.count) drawn")
    }
    var out: [UInt8] = []
    out.reserveCapacity(160 * links.reduce(0) { $0 + $1.count } + 400 * links.count)
    if pdf.last != 0x0A { out.append(0x0A) }
    var next = file.size
    var entries: [(number: Int, generation: Int, offset: Int)] = []

    func begin(_ number: Int, generation: Int = 0) {
        entries.append((number, generation, pdf.count + out.count))
        appendPDFInteger(number, to: &out)
        out.append(0x20)
        appendPDFInteger(generation, to: &out)
        out.appendLiteral(" obj\n")
    }

    for (pageIndex, pageLinks) in links.enumerated() where !pageLinks.isEmpty {
        let first = next
        for link in pageLinks {
            begin(next)
            next += 1
            out.appendLiteral("<< /Type /Annot /Subtype /Link /Border [ 0 0 0 ] /Rect [ ")
            for value in [link.left, link.bottom, link.right, link.top] {
                appendPDFNumber(value, to: &out)
                out.append(0x20)
            }
            switch link.target {
            case .uri(let uri):
                out.appendLiteral("] /A << /S /URI /URI ")
                appendPDFString(uri, percentEncoding: true, to: &out)
                out.appendLiteral(" >> >>\nendobj\n")
            case .destination(let name):
                out.appendLiteral("] /Dest ")
                appendPDFString(name, percentEncoding: false, to: &out)
                out.appendLiteral(" >>\nendobj\n")
            }
        }
        let page = file.pages[pageIndex]
        let dictionary = try file.dictionary(page)
        guard dictionary.value(of: "Annots") == nil else {
            throw PDFStructureError("page \(pageIndex + 1) already has annotations")
        }
        begin(page.number, generation: page.generation)
        out.append(contentsOf: dictionary.text.dropLast(2))
        out.appendLiteral("/Annots [")
        for number in first..<next {
            out.append(0x20)
            appendPDFInteger(number, to: &out)
            out.appendLiteral(" 0 R")
        }
        out.appendLiteral(" ]\n>>\nendobj\n")
    }

    var info = file.info
    if !additions.isEmpty {
        begin(next)
        info = ClassicPDF.Reference(number: next, generation: 0)
        next += 1
        if let old = file.info {
            out.append(contentsOf: try file.dictionary(old).text.dropLast(2))
        } else {
            out.appendLiteral("<<")
        }
        for (key, value) in additions {
            out.append(contentsOf: " /\(key) ".utf8)
            appendPDFString(value, percentEncoding: false, to: &out)
        }
        out.appendLiteral(" >>\nendobj\n")
    }

    let xref = pdf.count + out.count
    out.append(contentsOf: "xref\n".utf8)
    entries.sort { $0.number < $1.number }
    var i = 0
    while i < entries.count {
        var j = i + 1
        while j < entries.count, entries[j].number == entries[j - 1].number + 1 { j += 1 }
        out.append(contentsOf: "\(entries[i].number) \(j - i)\n".utf8)
        for entry in entries[i..<j] {
            appendPDFInteger(entry.offset, to: &out, width: 10)
            out.append(0x20)
            appendPDFInteger(entry.generation, to: &out, width: 5)
            out.appendLiteral(" n \n")
        }
        i = j
    }
    out.append(contentsOf: "trailer\n<< /Size \(next) /Root \(file.root.number) \(file.root.generation) R".utf8)
    if let info { out.append(contentsOf: " /Info \(info.number) \(info.generation) R".utf8) }
    if let id = file.idText { out.append(contentsOf: " /ID ".utf8); out.append(contentsOf: id) }
    out.append(contentsOf: " /Prev \(file.startXref) >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
    return out
}

/// Writes `value` with at most two decimals ("12", "-0.5", "612.34"): a hundredth of a point
/// is finer than any viewer resolves a link area.
func appendPDFNumber(_ value: Double, to out: inout [UInt8]) {
    guard value.isFinite, abs(value) < 1e12 else { out.append(UInt8(ascii: "0")); return }
    let hundredths = Int((abs(value) * 100).rounded())
    if value < 0, hundredths != 0 { out.append(UInt8(ascii: "-")) }
    appendPDFInteger(hundredths / 100, to: &out)
    let fraction = hundredths % 100
    guard fraction != 0 else { return }
    out.append(UInt8(ascii: "."))
    out.append(UInt8(ascii: "0") + UInt8(fraction / 10))
    if fraction % 10 != 0 { out.append(UInt8(ascii: "0") + UInt8(fraction % 10)) }
}

/// Writes a non-negative integer in decimal, zero-padded to `width` digits.
func appendPDFInteger(_ value: Int, to out: inout [UInt8], width: Int = 1) {
    var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                 UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var n = max(0, value), count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
        repeat {
            buffer[count] = UInt8(ascii: "0") + UInt8(n % 10)
            n /= 10
            count += 1
        } while n > 0 && count < 20
        while count < min(width, 20) { buffer[count] = UInt8(ascii: "0"); count += 1 }
        for i in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[i]) }
    }
}

/// Writes `text` as a PDF literal string: `(`, `)` and `\` escaped with a backslash. With
/// `percentEncoding` (a URI, which PDF wants in 7-bit ASCII) bytes outside printable ASCII
/// become `%XX`, as in a URI; without it they are written as octal escapes `\ddd`, which
/// stand for the same bytes.
func appendPDFString(_ text: String, percentEncoding: Bool, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "("))
    var text = text
    let plain = text.withUTF8 { bytes in
        bytes.allSatisfy { $0 >= 0x21 && $0 <= 0x7E && $0 != UInt8(ascii: "(") && $0 != UInt8(ascii: ")") && $0 != UInt8(ascii: "\\") }
    }
    if plain {
        text.withUTF8 { out.append(contentsOf: $0) }
        out.append(UInt8(ascii: ")"))
        return
    }
    let hex = Array("0123456789ABCDEF".utf8)
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\\"):
            out.append(UInt8(ascii: "\\"))
            out.append(byte)
        case 0x21...0x7E:
            out.append(byte)
        case 0x20 where !percentEncoding:
            out.append(byte)
        default:
            if percentEncoding {
                out.append(contentsOf: [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
            } else {
                out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "0") + (byte >> 6),
                                        UInt8(ascii: "0") + ((byte >> 3) & 7), UInt8(ascii: "0") + (byte & 7)])
            }
        }
    }
    out.append(UInt8(ascii: ")"))
}
