import Foundation
import Quire
import XCTest

/// What rendering one corpus file with the built binary gave. A check's field stays nil
/// when the check could not run, and `errors` says why.
struct FileReport: Sendable {
    var name: String
    var status: Int32 = -1
    var stderr = ""
    var errors: [String] = []
    var qpdfPassed: Bool?
    var qpdfOutput = ""
    /// What poppler, MuPDF and Ghostscript said drawing the pages (nil: not run).
    var readerProblems: [String]?
    /// The structure tree walked against the pages' marked content (nil: not run).
    var structure: TaggedPDF.Report?
    /// How much of the Markdown's word order (emoji included) poppler's and MuPDF's text keep.
    var popplerOrder: (share: Double, missing: [String])?
    var mupdfOrder: (share: Double, missing: [String])?
    var covered: Int?
    var total = 0
    var missing: [String] = []
    var headings = 0
    var outlineEntries: Int?
    var internalLinks: Int?
    var unresolved: [String] = []
    var destinationsOffPage: [String] = []
    var seconds = 0.0

    var coverage: Double? { covered.map { total == 0 ? 1 : Double($0) / Double(total) } }
    var coverageText: String {
        guard let coverage, let covered else { return "not measured" }
        return String(format: "%.2f%% (%d of %d words)", coverage * 100, covered, total)
    }
    var warnings: Int { stderr.components(separatedBy: "quire: warning:").count - 1 }
    var why: String { errors.isEmpty ? "" : ": " + errors.joined(separator: "; ") }
}

/// Renders every corpus file once (two at a time) with the built binary and inspects the
/// PDFs; the tests below each assert one property of the results.
enum CorpusRun {
    static let minimumCoverage = 0.99

    static let outcome: Result<[FileReport], RunError> = {
        do {
            let files = try Paths.corpusFiles()
            let quire = try Paths.quireBinary()
            _ = try Run.tool("qpdf")
            _ = try Run.tool("pdftotext")
            for tool in ["pdftoppm", "mutool", "gs"] { _ = try Run.tool(tool) }
            print("corpus: \(Paths.corpus.path); binary: \(quire.path)")
            let folder = try TemporaryDirectory(prefix: "corpus")
            let reports = Locked([FileReport?](repeating: nil, count: files.count))
            DispatchQueue.concurrentPerform(iterations: files.count) { i in
                let report = analyze(files[i], quire: quire, into: folder.url)
                reports.update { $0[i] = report }
            }
            return .success(reports.value.compactMap { $0 })
        } catch let error as RunError {
            return .failure(error)
        } catch {
            return .failure(RunError(description: "\(error)"))
        }
    }()

    static func analyze(_ file: URL, quire: URL, into folder: URL) -> FileReport {
        let started = Date()
        var report = FileReport(name: file.lastPathComponent)
        func attempt(_ what: String, _ body: () throws -> Void) {
            do { try body() } catch { report.errors.append("\(what): \(error)") }
        }
        var render: SharedRender?
        defer { if let render, !render.shared { try? FileManager.default.removeItem(at: render.pdf) } }
        attempt("render") {
            // Shared with StandardsTests' renders of corpus files (SharedRenders).
            render = try SharedRenders.render(quire, file, fallback: folder)
            report.status = render!.status
            report.stderr = render!.stderr
        }
        guard report.status == 0, let pdf = render?.pdf else { return report }
        var document = Document(blocks: [])
        attempt("read Markdown") { document = parseMarkdown(try String(contentsOf: file, encoding: .utf8)) }
        let inspector = PDFInspector(pdf: pdf)
        attempt("qpdf --check") {
            let check = try inspector.check()
            report.qpdfPassed = check.passed
            report.qpdfOutput = check.output
        }
        attempt("readers") { report.readerProblems = try inspector.readerProblems() }
        attempt("structure") { report.structure = try TaggedPDF.check(pdf) }
        attempt("word order") {
            let reference = Words.tokens(VisibleText.of(document.blocks), emoji: true)
            report.popplerOrder = Words.orderCoverage(of: reference, in: Words.tokens(try inspector.text(), emoji: true))
            report.mupdfOrder = Words.orderCoverage(of: reference, in: Words.tokens(try inspector.mupdfText(), emoji: true))
        }
        attempt("pdftotext") {
            let coverage = Words.coverage(of: Words.counts(VisibleText.of(document.blocks)),
                                          in: Words.counts(try inspector.text()))
            report.covered = coverage.covered
            report.total = coverage.total
            report.missing = coverage.missing.prefix(40).map { "\($0.word)×\($0.count)" }
        }
        report.headings = VisibleText.headingCount(document.blocks)
        attempt("outline") { report.outlineEntries = try inspector.outlineCount() }
        attempt("links") {
            let links = try inspector.links()
            report.internalLinks = links.internalTargets.count
            report.unresolved = links.unresolved + links.unresolvedOutline.map { "outline: \($0)" }
            report.destinationsOffPage = links.destinationsOffPage
        }
        report.seconds = Date().timeIntervalSince(started)
        return report
    }
}

/// A value shared between threads behind a lock.
final class Locked<Value>: @unchecked Sendable {
    private var stored: Value
    private let lock = NSLock()
    init(_ value: Value) { stored = value }
    var value: Value { lock.lock(); defer { lock.unlock() }; return stored }
    func update(_ body: (inout Value) -> Void) { lock.lock(); defer { lock.unlock() }; body(&stored) }
}

final class CorpusTests: XCTestCase {
    /// The corpus files that rendered; a missing corpus, binary or tool fails the test.
    private func rendered(file: StaticString = #filePath, line: UInt = #line) -> [FileReport] {
        switch CorpusRun.outcome {
        case .success(let reports): return reports.filter { $0.status == 0 }
        case .failure(let error):
            XCTFail("cannot run the corpus tests: \(error)", file: file, line: line)
            return []
        }
    }

    func testCorpusRendersAndPassesQPDFCheck() {
        guard case .success(let all) = CorpusRun.outcome else { _ = rendered(); return }
        for r in all {
            XCTAssertEqual(r.status, 0, "\(r.name): quire exited \(r.status)\(r.why)\n\(r.stderr)")
            guard r.status == 0 else { continue }
            if let passed = r.qpdfPassed {
                XCTAssert(passed, "\(r.name): qpdf --check failed:\n\(r.qpdfOutput)")
            } else {
                XCTFail("\(r.name): qpdf --check did not run\(r.why)")
            }
        }
    }

    /// Poppler, MuPDF and Ghostscript draw every page of every corpus PDF without a word.
    func testCorpusOpensInPopplerMuPDFAndGhostscript() {
        for r in rendered() {
            guard let problems = r.readerProblems else { XCTFail("\(r.name): readers not run\(r.why)"); continue }
            XCTAssertEqual(problems, [], "\(r.name)")
        }
    }

    /// A tagged PDF: all content marked, every piece in the structure tree and the parent
    /// tree, every link with its Link element, every image drawn a Figure with alt text.
    func testCorpusStructureTreeHoldsAllContent() {
        var summary = "Corpus structure (elements, marked content, links):\n"
        for r in rendered() {
            guard let structure = r.structure else { XCTFail("\(r.name): structure not read\(r.why)"); continue }
            summary += "  \(r.name): \(structure.language ?? "no /Lang"); \(structure.roles.values.reduce(0, +)) elements, "
                + "\(structure.markedContent) marked, \(structure.links) links, \(structure.figuresDrawn) figures drawn\n"
            XCTAssertEqual(structure.problems.prefix(10), [], "\(r.name): \(structure.problems.count) problems")
            XCTAssertGreaterThan(structure.markedContent, 0, r.name)
        }
        print(summary)
    }

    func testCorpusWordCoverage() {
        let all = rendered()
        var summary = "Corpus (pdftotext's words against the Markdown's, minimum \(Int(CorpusRun.minimumCoverage * 100))%):\n"
        for r in all {
            summary += "  \(r.name): \(r.coverageText); \(r.headings) headings, \(r.outlineEntries ?? -1) outline entries; "
                + "\(r.internalLinks ?? -1) internal links; \(r.warnings) warnings; \(String(format: "%.1f", r.seconds)) s\n"
            if !r.missing.isEmpty { summary += "      missed: \(r.missing.prefix(12).joined(separator: " "))\n" }
        }
        print(summary)
        for r in all {
            guard let coverage = r.coverage else { XCTFail("\(r.name): words not measured\(r.why)"); continue }
            XCTAssertGreaterThanOrEqual(coverage, CorpusRun.minimumCoverage,
                "\(r.name): word coverage \(r.coverageText); most missed: \(r.missing.joined(separator: " "))")
        }
    }

    func testCorpusOutlineHasOneEntryPerHeading() {
        for r in rendered() {
            guard let entries = r.outlineEntries else { XCTFail("\(r.name): outline not read\(r.why)"); continue }
            XCTAssertEqual(entries, r.headings, "\(r.name): \(entries) outline entries for \(r.headings) headings")
        }
    }

    func testCorpusInternalLinksResolve() {
        let all = rendered()
        var total = 0
        for r in all {
            guard let count = r.internalLinks else { XCTFail("\(r.name): links not read\(r.why)"); continue }
            total += count
            XCTAssert(r.unresolved.isEmpty,
                      "\(r.name): \(r.unresolved.count) of \(count) internal links name no destination: \(Set(r.unresolved).sorted().prefix(20))")
            XCTAssert(r.destinationsOffPage.isEmpty,
                      "\(r.name): named destinations not on a page: \(r.destinationsOffPage.sorted().prefix(20))")
        }
        if !all.isEmpty {
            XCTAssertGreaterThan(total, 0, "the corpus PDFs hold no internal link at all, so this check proved nothing")
        }
    }
}

extension CorpusTests {
    /// Words in order, emoji included: of each pair of consecutive words in the Markdown, the
    /// share consecutive in the extracted text too. MuPDF follows the content's order, which
    /// is reading order (right-to-left text written in logical order): at least 99% for every
    /// file. Poppler lays lines out by position and puts a mixed-direction line's pieces in
    /// visual order whatever the file holds (Cairo's PDFs gave the same): at least 99% for
    /// files without right-to-left text, and printed for the rest.
    func testCorpusTextKeepsTheWordOrder() {
        var summary = "Corpus word order (pairs of consecutive words kept: poppler, MuPDF):\n"
        for r in rendered() {
            guard let poppler = r.popplerOrder, let mupdf = r.mupdfOrder else { XCTFail("\(r.name): order not measured\(r.why)"); continue }
            summary += String(format: "  %@: %.2f%%, %.2f%%\n", r.name, poppler.share * 100, mupdf.share * 100)
            XCTAssertGreaterThanOrEqual(mupdf.share, CorpusRun.minimumCoverage, "\(r.name): MuPDF's text out of order: \(mupdf.missing)")
            let rightToLeft = ["-ar", "-fa", "-he"].contains { r.name.hasSuffix("\($0).md") }
            if !rightToLeft {
                XCTAssertGreaterThanOrEqual(poppler.share, CorpusRun.minimumCoverage, "\(r.name): poppler's text out of order: \(poppler.missing)")
            }
        }
        print(summary)
    }
}
