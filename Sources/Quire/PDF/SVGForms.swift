import QuireImages
import QuireModel

/// SVG images as vectors: librsvg draws the SVG into a one-page PDF in memory (through Cairo,
/// `LoadedImage.svgAsPDF`), and that page becomes a form XObject of this PDF, read with
/// Quire's own reader (`ClassicPDF`): its content stream as it is, every object its
/// resources reach (fonts, images, patterns, soft masks) copied with new numbers.
package enum SVGForms {
    /// Writes `image` (an SVG) as a form; the form and its size (the form's units, points at
    /// the SVG's intrinsic size). Nil when it cannot be drawn or read back: the image is then
    /// not drawn, as with a raster image that no longer decodes.
    package static func write(_ image: any PaintedImage, to file: PDFFile) -> (object: PDFReference, width: Double, height: Double)? {
        guard let pdf = image.svgAsPDF() else { return nil }
        return pdf.withUnsafeBytes { raw in try? importFirstPage(raw, into: file) }
    }

    private static func importFirstPage(_ raw: UnsafeRawBufferPointer,
                                        into file: PDFFile) throws(PDFStructureError) -> (object: PDFReference, width: Double, height: Double) {
        let source = try ClassicPDF(raw)
        guard let pageReference = source.pages.first else { throw PDFStructureError("no page") }
        let page = try source.dictionary(pageReference)
        let box = (page.value(of: "MediaBox") ?? []).split { $0 == 0x20 || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") }
            .compactMap { Double(String(decoding: $0, as: UTF8.self)) }
        guard box.count == 4, box[2] > box[0], box[3] > box[1] else { throw PDFStructureError("no media box") }
        var copier = ObjectCopier(source: source, file: file)

        // The page's content, as one stream.
        guard let contents = page.value(of: "Contents") else { throw PDFStructureError("page without content") }
        let parts = PDFScanner.references(in: contents)
        var data: [UInt8]
        var filter: [UInt8]?
        if parts.count == 1 {
            let object = try source.object(parts[0])
            guard let range = object.stream else { throw PDFStructureError("content is not a stream") }
            data = source.bytes(range)
            filter = PDFDictionary.parse(object.value)?.value(of: "Filter")
            if let f = filter, f != Array("/FlateDecode".utf8) { throw PDFStructureError("content filter \(String(decoding: f, as: UTF8.self))") }
        } else {
            data = []
            for part in parts {
                let object = try source.object(part)
                guard let range = object.stream else { throw PDFStructureError("content is not a stream") }
                let encoded = source.bytes(range)
                let flate = PDFDictionary.parse(object.value)?.value(of: "Filter") == Array("/FlateDecode".utf8)
                guard let decoded = flate ? Deflate.decompress(encoded) : encoded else { throw PDFStructureError("content cannot be inflated") }
                data += decoded + [0x0A]
            }
            if let deflated = Deflate.compress(data) {
                data = deflated
                filter = Array("/FlateDecode".utf8)
            }
        }

        let resources = try page.value(of: "Resources").map { value throws(PDFStructureError) in try copier.rewrite(value) }
        let group = try page.value(of: "Group").map { value throws(PDFStructureError) in try copier.rewrite(value) }
        try copier.copyPending()
        let form = file.reserve()
        file.addEncodedStream(form, as: PDFFormWriter.self, data: data) { d in
            d.bBox(box)
            if let resources { d.resources(copied: resources) }
            if let group { d.group(copied: group) }
            if filter != nil { d.deflated() }
        }
        return (form, box[2] - box[0], box[3] - box[1])
    }

    /// Copies objects of another PDF into this one: each object once, under a new number,
    /// references inside it rewritten; streams with their data as encoded.
    private struct ObjectCopier {
        let source: ClassicPDF
        let file: PDFFile
        private var numbers: [Int: PDFReference] = [:]
        private var pending: [ClassicPDF.Reference] = []

        init(source: ClassicPDF, file: PDFFile) {
            self.source = source
            self.file = file
        }

        /// `text` with every indirect reference replaced by the copy's (copied by
        /// `copyPending`). Strings, names and comments are left as they are.
        mutating func rewrite(_ text: [UInt8]) throws(PDFStructureError) -> [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(text.count)
            var i = 0
            func isDelimiterOrSpace(_ b: UInt8) -> Bool { b <= 0x20 || "()<>[]{}/%".utf8.contains(b) }
            func integer(at start: Int) -> (value: Int, end: Int)? {
                var end = start, value = 0
                while end < text.count, text[end] >= 0x30, text[end] <= 0x39, end - start < 10 {
                    value = value * 10 + Int(text[end] - 0x30)
                    end += 1
                }
                guard end > start, end == text.count || isDelimiterOrSpace(text[end]) else { return nil }
                return (value, end)
            }
            func skipSpace(_ at: Int) -> Int {
                var k = at
                while k < text.count, text[k] <= 0x20 { k += 1 }
                return k
            }
            while i < text.count {
                let b = text[i]
                switch b {
                case UInt8(ascii: "("):
                    var depth = 0, k = i
                    while k < text.count {
                        let c = text[k]
                        k += 1
                        if c == UInt8(ascii: "\\") { k += 1; continue }
                        if c == UInt8(ascii: "(") { depth += 1 }
                        if c == UInt8(ascii: ")") { depth -= 1; if depth == 0 { break } }
                    }
                    out.append(contentsOf: text[i..<min(k, text.count)])
                    i = k
                case UInt8(ascii: "<") where i + 1 < text.count && text[i + 1] == UInt8(ascii: "<"):
                    out.append(contentsOf: [b, b])
                    i += 2
                case UInt8(ascii: "<"):
                    var k = i
                    while k < text.count, text[k] != UInt8(ascii: ">") { k += 1 }
                    k = min(k + 1, text.count)
                    out.append(contentsOf: text[i..<k])
                    i = k
                case UInt8(ascii: "/"), UInt8(ascii: "%"):
                    var k = i + 1
                    while k < text.count, b == UInt8(ascii: "%") ? text[k] != 0x0A && text[k] != 0x0D : !isDelimiterOrSpace(text[k]) { k += 1 }
                    out.append(contentsOf: text[i..<k])
                    i = k
                case 0x30...0x39 where i == 0 || isDelimiterOrSpace(text[i - 1]):
                    guard let first = integer(at: i) else {
                        // A real number or a word starting with digits: copied to its end.
                        var k = i
                        while k < text.count, !isDelimiterOrSpace(text[k]) { k += 1 }
                        out.append(contentsOf: text[i..<k])
                        i = k
                        continue
                    }
                    let second = integer(at: skipSpace(first.end)).flatMap { g -> (value: Int, end: Int)? in
                        let r = skipSpace(g.end)
                        guard r > g.end, r < text.count, text[r] == UInt8(ascii: "R"),
                              r + 1 == text.count || isDelimiterOrSpace(text[r + 1]) else { return nil }
                        return (g.value, r + 1)
                    }
                    if let second, skipSpace(first.end) > first.end {
                        out.appendReference(number(for: ClassicPDF.Reference(number: first.value, generation: second.value)))
                        i = second.end
                    } else {
                        out.append(contentsOf: text[i..<first.end])
                        i = first.end
                    }
                default:
                    out.append(b)
                    i += 1
                }
            }
            return out
        }

        private mutating func number(for reference: ClassicPDF.Reference) -> PDFReference {
            if let known = numbers[reference.number] { return known }
            let new = file.reserve()
            numbers[reference.number] = new
            pending.append(reference)
            return new
        }

        /// Copies every object referred to so far, and those they refer to.
        mutating func copyPending() throws(PDFStructureError) {
            while let reference = pending.popLast() {
                guard numbers.count < 100_000 else { throw PDFStructureError("too many objects") }
                let number = numbers[reference.number]!
                let object = try source.object(reference)
                guard let range = object.stream else {
                    file.add(number, copied: try rewrite(object.value))
                    continue
                }
                guard let dictionary = PDFDictionary.parse(object.value) else {
                    throw PDFStructureError("stream \(reference.number) without a dictionary")
                }
                // Every entry as it is (references made this file's) but /Length, written anew.
                let entries = try dictionary.allEntries.filter { $0.key != Array("Length".utf8) }
                    .map { entry throws(PDFStructureError) in (entry.key, try rewrite(entry.value)) }
                file.addEncodedStream(number, data: source.bytes(range)) { d in
                    for (key, value) in entries { d.copiedPair(key: key, value: value) }
                }
            }
        }
    }
}
