#if canImport(Glibc)
import Glibc
#endif
import QuireModel

/// When a PDF and the sources attached to it are dated: the one policy of every entry point
/// (one file, a long file, a book, a digest, a batch worker).
///
/// - The PDF's date: `RenderOptions.creationDate` when given, else the fixed date
///   (`RenderOptions.sourceDateEpoch`, which the command line takes from `SOURCE_DATE_EPOCH`
///   for reproducible builds), else the newest input's modification time (whole seconds),
///   else none: text given in memory is dated when its PDF is written.
/// - An attached source: the same given or fixed date, else its file's modification time,
///   else the clock.
///
/// So the same inputs give byte-identical PDFs whenever they are rendered. The library reads
/// no environment variable: the fixed date comes only through the options.
package struct DatePolicy: Sendable {
    /// The date the caller gave (`creationDate`), over every other.
    package var given: Int64?
    /// The reproducible-build date (`sourceDateEpoch`), over the files' own.
    package var fixed: Int64?

    package init(_ options: RenderOptions) {
        given = options.creationDate
        fixed = options.sourceDateEpoch
    }

    /// The PDF's creation date for a PDF made from `inputs` (paths; "-" for standard input,
    /// which has none); nil when neither a date nor an input's time is known. O(inputs).
    package func creationDate(inputs: [String]) -> Int64? {
        given ?? fixed ?? inputs.compactMap(modificationTime).max().map { Int64($0.rounded(.down)) }
    }

    /// The date an attached source `file` carries ("-" or an unreadable path: the clock's).
    package func attachmentDate(of file: String) -> Int64 {
        creationDate(inputs: [file]) ?? Int64(time(nil))
    }
}
