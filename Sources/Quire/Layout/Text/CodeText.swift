extension StyledText {
    /// `code` with its highlighting: each span's colour, weight and slant as a run; the text
    /// itself exactly as given, so what is copied from the PDF is the code. Spans are byte
    /// ranges in order, not overlapping, at character boundaries, inside the code (a span
    /// reaching past its end is clipped). O(n + spans).
    init(code: String, spans: [CodeSpan]) {
        self.init()
        let utf8 = code.utf8
        var index = utf8.startIndex
        var offset = 0
        func take(to end: Int) -> Substring {
            let upper = utf8.index(index, offsetBy: end - offset)
            defer { index = upper; offset = end }
            return code[index..<upper]
        }
        for span in spans {
            let lower = min(max(span.range.lowerBound, offset), utf8.count)
            let upper = min(max(span.range.upperBound, lower), utf8.count)
            append(String(take(to: lower)))
            append(String(take(to: upper)), Attributes(bold: span.style.bold, italic: span.style.italic, color: span.style.color))
        }
        append(String(take(to: utf8.count)))
    }
}
