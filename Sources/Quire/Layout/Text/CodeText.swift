import QuireHighlight

extension StyledText {
    /// `code` with its highlighting: each span's colour, weight and slant as a run; the text
    /// itself exactly as given, so what is copied from the PDF is the code. Spans are byte
    /// ranges in order, not overlapping, at character boundaries, inside the code (a span
    /// reaching past its end is clipped). O(spans): the text is not copied.
    package init(code: String, spans: [CodeSpan]) {
        self.init(plain: code)
        let count = code.utf8.count
        var offset = 0
        for span in spans {
            let lower = min(max(span.range.lowerBound, offset), count)
            let upper = min(max(span.range.upperBound, lower), count)
            style(lower..<upper, Attributes(bold: span.style.bold, italic: span.style.italic, color: span.style.color))
            offset = upper
        }
    }
}
