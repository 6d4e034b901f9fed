@testable import Quire
@testable import QuireModel
@testable import QuireParse
@testable import QuireStyle
@testable import QuireImages
@testable import QuireHighlight
@testable import QuireMath
@testable import QuireDiagrams
@testable import QuireLayout
@testable import QuirePDF
@testable import QuireDrawing
import Foundation
import XCTest

/// Independent PDF readers run on bytes: qpdf, poppler, MuPDF and Ghostscript.
enum PDFTools {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `tool` (from /usr/bin) with `arguments`, where "PDF" stands for a file holding `pdf`.
    static func run(_ tool: String, _ arguments: [String], pdf: [UInt8]) throws -> Output {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quire-pdf-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("in.pdf")
        try Data(pdf).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + tool)
        process.arguments = arguments.map { $0 == "PDF" ? file.path : $0 }
        process.currentDirectoryURL = folder
        let out = folder.appendingPathComponent("stdout"), err = folder.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        return Output(status: process.terminationStatus,
                      stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
                      stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }

    /// What each reader complains of (empty when all four open every page silently):
    /// `qpdf --check`, pdftotext and pdftoppm, `mutool draw`, Ghostscript.
    static func problems(_ pdf: [UInt8]) throws -> [String] {
        var problems: [String] = []
        let qpdf = try run("qpdf", ["--check", "PDF"], pdf: pdf)
        if qpdf.status != 0 || (qpdf.stdout + qpdf.stderr).contains("WARNING") { problems.append("qpdf: \(qpdf.stdout)\(qpdf.stderr)") }
        for (tool, arguments) in [("pdftotext", ["PDF", "out.txt"]), ("pdftoppm", ["-r", "20", "PDF", "page"])] {
            let r = try run(tool, arguments, pdf: pdf)
            if r.status != 0 || !r.stderr.isEmpty { problems.append("\(tool): \(r.stderr)") }
        }
        let mupdf = try run("mutool", ["draw", "-r", "20", "-o", "page%d.png", "PDF"], pdf: pdf)
        // This build of MuPDF says it has no ICC support on every run, and names each page it
        // draws: neither is about the file.
        let complaints = mupdf.stderr.split(separator: "\n").filter {
            !$0.contains("ICC support is not available") && !($0.hasPrefix("page ") && $0.contains("in.pdf"))
        }
        if mupdf.status != 0 || !complaints.isEmpty { problems.append("mutool: \(complaints.joined(separator: "\n"))") }
        let gs = try run("gs", ["-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=png16m", "-r20", "-sOutputFile=page%d.png", "PDF"], pdf: pdf)
        if gs.status != 0 || !(gs.stdout + gs.stderr).isEmpty { problems.append("gs: \(gs.stdout)\(gs.stderr)") }
        return problems
    }

    /// The text poppler extracts (bidirectional embedding marks removed).
    static func popplerText(_ pdf: [UInt8]) throws -> String {
        try run("pdftotext", ["-enc", "UTF-8", "PDF", "-"], pdf: pdf).stdout.filter { !"\u{202A}\u{202B}\u{202C}".contains($0) }
    }

    /// The text MuPDF extracts.
    static func mupdfText(_ pdf: [UInt8]) throws -> String {
        try run("mutool", ["draw", "-F", "txt", "-o", "-", "PDF"], pdf: pdf).stdout
    }

    /// `qpdf --qdf` of the file: every object and stream uncompressed, content normalized.
    static func uncompressed(_ pdf: [UInt8]) throws -> String {
        let r = try run("qpdf", ["--qdf", "--object-streams=disable", "PDF", "-"], pdf: pdf)
        return String(decoding: Array(r.stdout.utf8), as: UTF8.self)
    }
}

/// Lays `markdown` out and writes it with Quire's own writer.
func writeQuirePDF(_ markdown: String, options: RenderOptions = RenderOptions()) -> [UInt8] {
    let laidOut = RenderPipeline.layout(markdown, options)
    let writer = PDFDocumentWriter()
    let painter = LinePainter()
    for page in laidOut.pages { writer.add(paintPage(page, with: painter)) }
    var metadata = PDFMetadata(title: laidOut.title)
    metadata.creationDate = 0
    return writer.finish(outline: laidOut.outline, metadata: metadata)
}
