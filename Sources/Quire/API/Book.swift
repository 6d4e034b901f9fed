import Foundation
import QuireModel
import QuireParse
import QuireHighlight
import QuireLayout

/// Several Markdown files typeset as one document, in order, each starting a chapter
/// (`quire render a.md b.md c.md -o book.pdf`, as pandoc concatenates its inputs); links
/// between them lead inside the PDF, as a digest's do (`layoutBook`).
public enum Book {
    /// What rendering a book made: its PDF, and what the reader is told of it.
    public struct Result: Sendable {
        /// The whole PDF file.
        public var pdf: [UInt8]
        /// The number of pages of the PDF.
        public var pageCount: Int
        /// Each input's warnings (its front matter's first), in input order.
        public var warnings: [(path: String, warnings: [Warning])]
        /// The files besides the inputs that the PDF depends on (`RenderResult.dependencies`).
        public var dependencies: Set<String>
    }

    /// Renders `inputs` (paths; a file given twice is set once) into one PDF. The first
    /// input's front matter gives the title block, metadata and language (`options.title`
    /// over its title); the title is else its title heading, else its file name. Images are
    /// read beside each input; a link to a Markdown file that is not an input leads to its
    /// PDF, as `render` writes such links.
    /// - Throws: `QuireError` naming the input that cannot be read (missing, not UTF-8), or
    ///   when the PDF cannot be finished.
    /// - Parameter engine: what renders it (`Engine`); by default one of this call's own.
    /// - Complexity: O(total text).
    public static func render(inputs: [String], options: RenderOptions, engine: Engine = Engine()) throws -> Result {
        try engine.exclusively { try render(inputs: inputs, options: options, on: engine) }
    }

    private static func render(inputs: [String], options: RenderOptions, on engine: Engine) throws -> Result {
        let rendered = try Pipeline.run(RenderPlan.book(inputs: inputs, options: options, engine: engine), engine: engine)
        return Result(pdf: rendered.pdf, pageCount: rendered.pageCount, warnings: rendered.warnings, dependencies: rendered.dependencies)
    }
}
