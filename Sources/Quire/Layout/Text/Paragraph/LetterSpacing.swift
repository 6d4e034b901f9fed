/// The letters a justified line may space apart, a little, so that its spaces need not gape:
/// what pdfTeX's font expansion (microtype) gives a justified line, without changing a glyph.
///
/// Spaced: each letter of a word in Latin, Greek or Cyrillic text (below U+0530, where letters
/// stand apart and nothing joins them) that is not the word's last (the room goes between its
/// letters, never into the space after it), outside code and right-to-left text. A line's
/// letters open by at most `LineBreaker.letterStretch` of their advance, in proportion to how
/// far its spaces stretch, up to where its spaces stretch half their width again; past that
/// only its spaces stretch. A line that must shrink closes its letters up the same way, by at
/// most `LineBreaker.letterShrink`, with its spaces. The text layer is unchanged: the glyphs are the same and stay in
/// their words (poppler and MuPDF read a word's letters as one word at many times this
/// spacing).
extension Typesetter {
    /// The width of the letters that may be spaced apart before each byte of `bytes` (Pango
    /// units, cumulative, as `MeasuredText.x`: a cluster's bytes after its first share the
    /// width after it). O(n).
    package func letterSpacing(_ bytes: UnsafeBufferPointer<UInt8>, _ analysis: TextAnalysis, _ text: StyledText,
                       _ measured: MeasuredText) -> [Int64] {
        var letters = [Int64](repeating: 0, count: bytes.count + 1)
        var total: Int64 = 0
        var next = 0  // the next byte to write
        var codeCursor = 0
        letters.withUnsafeMutableBufferPointer { letters in
            words.glyphs.withUnsafeBufferPointer { glyphs in
                for segment in measured.segments where segment.kind == .word {
                    let lo = Int(segment.start)
                    guard analysis.items[Int(segment.item)].level & 1 == 0, !text.isMonospace(at: lo, from: &codeCursor) else { continue }
                    let entry = words.entries[Int(segment.entry)]
                    var k = Int(entry.glyphs.lowerBound)
                    let end = Int(entry.glyphs.upperBound)
                    while k < end {
                        let cluster = glyphs[k].cluster
                        var advance: Int64 = 0
                        var m = k
                        while m < end, glyphs[m].cluster == cluster {
                            advance += Int64(glyphs[m].advance)
                            m += 1
                        }
                        let start = lo + Int(cluster)
                        while next <= start {
                            letters[next] = total
                            next += 1
                        }
                        // Not the word's last letter: its room would widen the space after it.
                        if m < end, Self.spacesApart(scalar(bytes, at: start)) { total += advance }
                        k = m
                    }
                }
                while next <= bytes.count {
                    letters[next] = total
                    next += 1
                }
            }
        }
        return letters
    }

    /// Whether a letter of `s`'s script may be spaced apart from the next: Latin, Greek,
    /// Cyrillic (joined and syllabic scripts are not), and punctuation and digits among them.
    package static func spacesApart(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x530 || (0x1E00...0x1FFF).contains(s.value)
    }
}
