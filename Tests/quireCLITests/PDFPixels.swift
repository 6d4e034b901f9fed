import Foundation

/// Where words and colours are on a PDF's pages, read with poppler: `pdftotext -bbox` for
/// each word's box, `pdftoppm` for the pixels. Coordinates are points from the page's top left.
extension PDFInspector {
    /// A word and its box.
    struct Word {
        var text: String
        /// 1-based.
        var page: Int
        var xMin, yMin, xMax, yMax: Double
        var midY: Double { (yMin + yMax) / 2 }
    }

    /// Every word on every page, in pdftotext's reading order.
    func words() throws -> [Word] {
        let r = try Run.run(try Run.tool("pdftotext"), ["-bbox", "-enc", "UTF-8", pdf.path, "-"])
        guard r.status == 0 else { throw RunError(description: "pdftotext -bbox failed (\(r.status)): \(r.stderrText)") }
        var words: [Word] = []
        var page = 0
        for line in r.stdoutText.split(separator: "\n") {
            if line.contains("<page ") { page += 1; continue }
            guard let open = line.range(of: "<word "), let close = line.range(of: "</word>"),
                  let end = line[open.upperBound...].firstIndex(of: ">") else { continue }
            func number(_ name: String) -> Double {
                guard let key = line.range(of: name + "=\"") else { return 0 }
                return Double(line[key.upperBound...].prefix { $0 != "\"" }) ?? 0
            }
            let text = String(line[line.index(after: end)..<close.lowerBound])
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
            words.append(Word(text: text, page: page, xMin: number("xMin"), yMin: number("yMin"), xMax: number("xMax"), yMax: number("yMax")))
        }
        return words
    }

    /// Page `page` (1-based) drawn at `dpi`.
    func raster(page: Int, dpi: Int) throws -> Raster {
        let folder = try TemporaryDirectory(prefix: "raster")
        let base = folder.url.appendingPathComponent("page").path
        let r = try Run.run(try Run.tool("pdftoppm"), ["-r", "\(dpi)", "-f", "\(page)", "-l", "\(page)", "-singlefile", pdf.path, base])
        guard r.status == 0 else { throw RunError(description: "pdftoppm failed (\(r.status)): \(r.stderrText)") }
        return try Raster(ppm: Data(contentsOf: URL(fileURLWithPath: base + ".ppm")), dpi: dpi)
    }
}

/// An RGB image from a binary PPM (P6) file.
struct Raster {
    let width: Int
    let height: Int
    let dpi: Int
    private let pixels: [UInt8]

    init(ppm: Data, dpi: Int) throws {
        let bytes = [UInt8](ppm)
        // Header: "P6", width, height, maximum value, each after whitespace, then one whitespace byte.
        var fields: [Int] = []
        var i = 2
        while fields.count < 3 {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
            var n = 0
            while i < bytes.count, (0x30...0x39).contains(bytes[i]) { n = n * 10 + Int(bytes[i] - 0x30); i += 1 }
            fields.append(n)
        }
        guard bytes.starts(with: [0x50, 0x36]), fields[2] == 255, bytes.count >= i + 1 + fields[0] * fields[1] * 3 else {
            throw RunError(description: "not a PPM that pdftoppm writes")
        }
        width = fields[0]
        height = fields[1]
        self.dpi = dpi
        pixels = Array(bytes[(i + 1)...])
    }

    /// The colour at a point of the page, in points.
    func color(x: Double, y: Double) -> (r: Int, g: Int, b: Int) {
        let px = min(width - 1, max(0, Int(x * Double(dpi) / 72))), py = min(height - 1, max(0, Int(y * Double(dpi) / 72)))
        let k = (py * width + px) * 3
        return (Int(pixels[k]), Int(pixels[k + 1]), Int(pixels[k + 2]))
    }

    /// Whether some pixel in the rectangle (points) is within `tolerance` of `hex` ("#rrggbb").
    func contains(_ hex: String, x: ClosedRange<Double>, y: ClosedRange<Double>, tolerance: Int = 40) -> Bool {
        let v = Int(hex.dropFirst(), radix: 16)!
        let want = (v >> 16, (v >> 8) & 0xFF, v & 0xFF)
        let scale = Double(dpi) / 72
        for py in Int(y.lowerBound * scale)...Int(y.upperBound * scale) {
            for px in Int(x.lowerBound * scale)...Int(x.upperBound * scale) {
                let c = color(x: (Double(px) + 0.5) / scale, y: (Double(py) + 0.5) / scale)
                if abs(c.r - want.0) + abs(c.g - want.1) + abs(c.b - want.2) <= tolerance { return true }
            }
        }
        return false
    }
}
