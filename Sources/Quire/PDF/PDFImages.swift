/// The images of one PDF (stub while the writer's core is built).
final class PDFImages {
    private let file: PDFFile
    init(file: PDFFile) { self.file = file }

    func draw(_ image: LoadedImage, in rect: Rect, _ content: inout ContentStream) {}
    func drawColorGlyphs(_ run: GlyphRun, box: Rect, _ content: inout ContentStream) {}
    var resources: [(name: [UInt8], number: Int)] { [] }
    var fontResources: [(name: [UInt8], number: Int)] { [] }
    func write() {}
}
