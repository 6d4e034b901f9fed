import Foundation
import QuireModel
import QuireParse
import QuireImages
import QuireHighlight
import QuireLayout
import QuirePDF

/// Many Markdown files into one PDF of excerpts linked to their full texts.
public enum Digest {
    /// A digest made: its PDF, and what went into it.
    public struct Result: Sendable {
        /// The PDF's bytes.
        public var pdf: [UInt8]
        /// How many documents it holds.
        public var documents: Int
        /// The inputs it lists under "Not included", each with why.
        public var failures: [DigestFailure]
        /// Each document's warnings, by its path (only documents with warnings).
        public var warnings: [(path: String, warnings: [Warning])]
        /// The PDF's number of pages.
        public var pageCount: Int
    }

    /// The Markdown files named by `inputs`: files as given, folders searched recursively for
    /// `*.md` and `*.markdown` (hidden entries skipped), glob patterns expanded
    /// (`MarkdownFiles.collect`), less what `exclude` matches. A missing input is reported as
    /// a failure, not thrown.
    package static func collect(_ inputs: [String], exclude: [PathPattern] = []) -> (files: [String], failures: [DigestFailure]) {
        MarkdownFiles.collect(inputs, exclude: exclude)
    }

    /// The folder paths are shown from in a digest (`MarkdownFiles.commonFolder`).
    package static func commonFolder(of inputs: [String]) -> String {
        MarkdownFiles.commonFolder(of: inputs)
    }

    /// Renders the digest of `inputs` to PDF bytes. Documents that cannot be read (missing,
    /// not UTF-8) are listed with their reason; the digest is made from the others.
    /// - Parameters:
    ///   - inputs: files and folders (searched for `*.md` and `*.markdown`, in path order).
    ///   - title: the digest's title ("Digest" when nil).
    ///   - excerptLines: lines per entry (`options.style.excerptLines`, else 6, when nil); 0:
    ///     whole documents, no excerpts.
    ///   - options: the style and settings every document is set with.
    ///   - exclude: files and folders left out of what folders and globs find (`PathPattern`).
    ///   - engine: what renders it (`Engine`); by default one of this call's own.
    /// - Throws: `QuireError` when the inputs hold no Markdown file at all, or the engine was
    ///   interrupted.
    public static func render(inputs: [String], title: String?, excerptLines: Int?, options: RenderOptions,
                              exclude: [PathPattern] = [], engine: Engine = Engine()) throws -> Result {
        try engine.exclusively {
            try render(inputs: inputs, title: title, excerptLines: excerptLines, options: options, exclude: exclude, on: engine)
        }
    }

    private static func render(inputs: [String], title: String?, excerptLines: Int?, options: RenderOptions,
                               exclude: [PathPattern], on engine: Engine) throws -> Result {
        let plan = try RenderPlan.digest(inputs: inputs, title: title, excerptLines: excerptLines, options: options,
                                         exclude: exclude, engine: engine)
        guard case .digest(let digest) = plan.content else { preconditionFailure("a digest's plan") }
        let rendered = try Pipeline.run(plan, engine: engine)
        return Result(pdf: rendered.pdf, documents: digest.documents.count, failures: digest.failures, warnings: rendered.warnings,
                      pageCount: rendered.pageCount)
    }
}
