/// An indirect object of the file being written, by its number (ISO 32000-1, 7.3.10): written
/// as a reference, `n 0 R`. A type of its own, so that an object is never written where a
/// number is meant, nor a number where an object is.
package struct PDFReference: Hashable, Comparable {
    /// The object number (generation 0: the writer never updates an object).
    package let number: Int

    package static func < (a: PDFReference, b: PDFReference) -> Bool { a.number < b.number }
}
