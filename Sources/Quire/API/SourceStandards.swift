import Foundation
import QuireModel
import QuirePDF

/// The standards of one PDF made of Markdown sources (a document, a book, a digest), as the
/// plan carries them: the `StandardsVerdict` (what was asked for, and what the source check
/// found: `AccessibilityCheck`, an image without alt text breaks PDF/UA-1; layout adds its
/// own findings, `PaintedPage.findings`, and `RenderPipeline` resolves it once), and the
/// sources attached when asked (`--attach-source`).
package struct SourceStandards {
    /// What was asked for and what the stages found; resolved once, before the metadata.
    package private(set) var verdict: StandardsVerdict
    /// The sources to carry inside the PDF, in order.
    package private(set) var attachments: [PDFAttachment] = []
    private let attach: Bool

    /// - Throws: `PDFStandardsError` when the standards asked for cannot be met
    ///   (`RenderOptions.standardsVerdict`).
    package init(_ options: RenderOptions, frontMatter: PDFStandards?) throws(PDFStandardsError) {
        verdict = try options.standardsVerdict(frontMatter: frontMatter)
        attach = options.attachSource
    }

    /// What the options (else the front matter, else the style) ask for.
    package var requested: PDFStandards { verdict.requested }

    /// Adds a source read from `file`: checks it when PDF/UA-1 is asked for (its warnings
    /// back, its findings to the verdict), attaches its text when asked, named `name`, dated
    /// `modified`. O(document).
    package mutating func add(_ document: Document, text: String, file: String, name: String, modified: Int64) -> [Warning] {
        attach(Array(text.utf8), name: name, modified: modified)
        guard checks else { return [] }
        return add(AccessibilityCheck(document), file: file)
    }

    /// Whether the sources are checked (PDF/UA-1 is asked for): a source read a part at a
    /// time is checked so (`AccessibilityCheck.add`) only then.
    package var checks: Bool { requested.accessible }

    /// Adds the check of the source `file` (made of its parts): its findings to the verdict,
    /// its warnings back.
    package mutating func add(_ check: AccessibilityCheck, file: String) -> [Warning] {
        verdict.add(check.findings(file: file))
        return check.warnings
    }

    /// Attaches a source's bytes (read only when asked to attach), named `name`, dated `modified`.
    package mutating func attach(_ bytes: @autoclosure () -> [UInt8], name: String, modified: Int64) {
        if attach { attachments.append(PDFAttachment(name: name, bytes: bytes(), modified: modified)) }
    }

    /// A source's name inside the PDF: its path from `folder` (the inputs' common folder),
    /// else as given; standard input is "stdin.md".
    package static func name(of file: String, from folder: String?) -> String {
        if file == "-" { return "stdin.md" }
        guard let folder, folder != "." else { return file.hasPrefix("./") ? String(file.dropFirst(2)) : file }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : file
    }

    /// A single source's name inside the PDF: its file name ("notes.md"; "stdin.md").
    package static func fileName(of file: String) -> String {
        file == "-" ? "stdin.md" : String(file.split(separator: "/").last ?? "document.md")
    }
}
