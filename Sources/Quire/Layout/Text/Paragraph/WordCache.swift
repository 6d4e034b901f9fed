// The Pango boundary of the paragraph engine: FontTable.swift, Itemizer.swift, WordCache.swift
// and WordShaper.swift import CPango; the engine's other files work on Swift values.
import CPango

/// A glyph as HarfBuzz shaped it (through Pango): its id (Pango's: `PANGO_GLYPH_EMPTY` for
/// what shows nothing, the unknown flag for a character no font has), its advance and
/// offsets in Pango units (1/1024 pt), and the byte offset of the cluster it belongs to.
package struct ShapedGlyph: Equatable {
    package var id: UInt32
    package var advance: Int32
    package var xOffset: Int32
    package var yOffset: Int32
    /// Byte offset of its cluster: in a cached word, from the word's start; in a line, in the
    /// paragraph's text.
    package var cluster: Int32

    /// The id of a glyph that shows nothing (`PANGO_GLYPH_EMPTY`).
    package static let empty = UInt32(PANGO_GLYPH_EMPTY)
    /// Set in the id of a glyph standing for a character no font has (drawn as a box).
    package static let unknownFlag = UInt32(PANGO_GLYPH_UNKNOWN_FLAG)

    /// Whether the glyph is left out of a painted run: Pango's empty glyph, or a control
    /// character no font has (C0 and C1, which Pango gives as unknown glyphs), a blank of its
    /// box's width as a browser shows it (a .notdef box would say nothing, and PDF/UA-1 and
    /// PDF/A forbid it).
    package var isHidden: Bool {
        if id == Self.empty { return true }
        guard id & Self.unknownFlag != 0 else { return false }
        let character = id & ~Self.unknownFlag
        return character < 0x20 || (0x7F...0x9F).contains(character)
    }

    /// The character no installed font has that the glyph stands for (drawn as a .notdef
    /// box), or nil.
    package var missingCharacter: UInt32? {
        id & Self.unknownFlag != 0 && !isHidden ? id & ~Self.unknownFlag : nil
    }
}

/// Words shaped once: the glyphs of each distinct piece of text (a word, a run of spaces, the
/// head of a word broken with a hyphen) per font, direction, script and language, as
/// browsers cache shaped words (Chromium's word-shaping cache). A document's words repeat: on
/// free-programming-books-langs 14,480 words are 4,010 distinct ones.
///
/// Shaped one word at a time, no kerning or ligature crosses a space; a word's glyphs are
/// exactly what shaping the paragraph whole gives them otherwise. Keys are compared byte for
/// byte (a string's canonical equivalence would take "é" and "e\u{301}" for one word).
///
/// Entries are numbered; a number stays valid until `trim`, which empties the cache when it
/// holds more than `glyphLimit` glyphs or `entryLimit` words (so between paragraphs only), as
/// Chromium's shape cache is cleared whole when full: its memory is bounded (about 7 MB at
/// most, whatever the document's length: a list of a million numbered items has a million
/// distinct words); a document's common words are shaped again after each emptying (the
/// corpus's longest holds 4,010 distinct words, far below). Used by one thread.
package final class WordCache {
    package struct Entry {
        package var hash: UInt64
        package var font: UnsafeMutablePointer<PangoFont>
        package var properties: UInt64
        package var language: OpaquePointer?
        package var key: Range<Int32>
        /// The word's glyphs in `glyphs`, in visual order (right to left: from the word's end).
        package var glyphs: Range<Int32>
        package var width: Int32
    }

    package private(set) var entries: [Entry] = []
    /// Every entry's glyphs, one after another; clusters from each word's start.
    package private(set) var glyphs: [ShapedGlyph] = []
    private var keyBytes: [UInt8] = []
    /// Open addressing: entry numbers + 1, 0 for an empty slot; a power of two long.
    private var slots: [Int32] = Array(repeating: 0, count: 1024)
    package let shaper = WordShaper()
    /// Scratch of `shape(_:_:_:)` for segments: the segments not found (with their word's
    /// place in the batch, or -1), the batch's words.
    private var pending: [(segment: Int, word: Int)] = []
    private var batch: [Range<Int>] = []
    /// Shapings done and words found, for tests and measurements.
    package private(set) var misses = 0
    package private(set) var hits = 0

    /// Past this many glyphs the cache starts again (20 bytes each).
    package static let glyphLimit = 1 << 18
    /// Past this many words the cache starts again (56 bytes each, a slot of 4 or 8 bytes).
    package static let entryLimit = 1 << 15

    /// Reserves room for the limits at once (address space: a page is touched only when
    /// written), so that the arrays never grow by copying: doubling touched each page twice
    /// or more (200 of free-programming-books-langs' page faults).
    package init() {
        glyphs.reserveCapacity(Self.glyphLimit)
        entries.reserveCapacity(Self.entryLimit)
        keyBytes.reserveCapacity(Self.entryLimit * 8)
    }

    /// Empties the cache when it is over `glyphLimit` or `entryLimit`: entry numbers given
    /// before are void.
    package func trim() {
        guard glyphs.count > Self.glyphLimit || entries.count > Self.entryLimit else { return }
        entries.removeAll(keepingCapacity: true)
        glyphs.removeAll(keepingCapacity: true)
        keyBytes.removeAll(keepingCapacity: true)
        slots = Array(repeating: 0, count: 1024)
    }

    /// The entry of `text[range]` shaped with `analysis` (its font, level, script, language);
    /// with a hyphen added at its end when `hyphen` (the word broken at a soft hyphen, which
    /// ends `range`, as Pango shows it). Shapes the text the first time it is asked for.
    /// O(length) to hash and compare; shaping the first time.
    package func shape(_ text: UnsafePointer<UInt8>, _ range: Range<Int>, _ analysis: PangoAnalysis, hyphen: Bool) -> Int {
        let lookup = find(text, range, analysis, hyphen: hyphen)
        if let found = lookup.found {
            hits += 1
            return found
        }
        let first = glyphs.count
        shaper.shape(text, range, analysis, hyphen: hyphen, into: &glyphs)
        return insert(text, range, analysis, lookup, glyphs: first)
    }

    /// Sets the entry of each word and run of spaces of `segments` (one item's, shaped with
    /// `analysis`), as `shape` would one by one; the words not cached yet are shaped together
    /// (`WordShaper.shapeTogether`: one HarfBuzz call for many words), each word whose glyphs
    /// there are not exactly its own shaped again alone. A word twice in a batch, new to the
    /// cache, is shaped twice and cached once. Batches hold at most `batchLimit` bytes, so
    /// that a paragraph of a megabyte never holds a megabyte's glyphs at once. O(length).
    package func shape(_ text: UnsafePointer<UInt8>, _ segments: UnsafeMutableBufferPointer<Segment>, _ analysis: PangoAnalysis) {
        pending.removeAll(keepingCapacity: true)
        batch.removeAll(keepingCapacity: true)
        var batchBytes = 0
        for i in segments.indices where segments[i].kind == .word || segments[i].kind == .space {
            let range = Int(segments[i].start)..<Int(segments[i].end)
            let lookup = find(text, range, analysis, hyphen: false)
            if let found = lookup.found {
                hits += 1
                segments[i].entry = Int32(found)
            } else if segments[i].kind == .word {
                pending.append((i, batch.count))
                batch.append(range)
                batchBytes += range.count + 1
                if batchBytes >= Self.batchLimit {
                    shapePending(text, segments, analysis)
                    batchBytes = 0
                }
            } else {
                pending.append((i, -1))
            }
        }
        shapePending(text, segments, analysis)
    }

    /// Most bytes of words shaped in one HarfBuzz call (`shape(_:_:_:)` for segments).
    package static let batchLimit = 4096

    /// Shapes the pending segments' words together (`batch`) and caches each pending segment
    /// in order; empties both lists.
    private func shapePending(_ text: UnsafePointer<UInt8>, _ segments: UnsafeMutableBufferPointer<Segment>,
                              _ analysis: PangoAnalysis) {
        guard !pending.isEmpty else { return }
        if batch.count > 1 { shaper.shapeTogether(text, batch, analysis) }
        for (i, word) in pending {
            let range = Int(segments[i].start)..<Int(segments[i].end)
            let lookup = find(text, range, analysis, hyphen: false)  // the same word may be in twice
            if let found = lookup.found {
                hits += 1
                segments[i].entry = Int32(found)
                continue
            }
            let first = glyphs.count
            if !(batch.count > 1 && word >= 0 && shaper.appendGlyphs(ofWord: word, to: &glyphs)) {
                shaper.shape(text, range, analysis, hyphen: false, into: &glyphs)
            }
            segments[i].entry = Int32(insert(text, range, analysis, lookup, glyphs: first))
        }
        pending.removeAll(keepingCapacity: true)
        batch.removeAll(keepingCapacity: true)
    }

    /// Where `text[range]` with `analysis` and `hyphen` is in the cache, or the slot for it.
    private struct Lookup {
        var found: Int?
        var slot: Int
        var hash: UInt64
        var properties: UInt64
    }

    private func find(_ text: UnsafePointer<UInt8>, _ range: Range<Int>, _ analysis: PangoAnalysis, hyphen: Bool) -> Lookup {
        let font = analysis.font!
        let properties = UInt64(analysis.level & 1) | (hyphen ? 2 : 0) | UInt64(analysis.script) << 8 | UInt64(analysis.gravity) << 16
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for i in range {
            hash = (hash ^ UInt64(text[i])) &* 0x100_0000_01b3
        }
        hash ^= UInt64(UInt(bitPattern: font)) &* 0x9E37_79B9_7F4A_7C15
        hash ^= properties &* 0xC2B2_AE3D_27D4_EB4F
        hash ^= UInt64(UInt(bitPattern: analysis.language)) &* 0x1656_67B1_9E37_79F9
        hash ^= hash >> 29
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        let length = range.count
        while slots[slot] != 0 {
            let e = entries[Int(slots[slot]) - 1]
            if e.hash == hash, e.font == font, e.properties == properties, e.language == analysis.language,
               e.key.count == length, keyBytes.withUnsafeBufferPointer({ memcmp($0.baseAddress! + Int(e.key.lowerBound), text + range.lowerBound, length) == 0 }) {
                return Lookup(found: Int(slots[slot]) - 1, slot: slot, hash: hash, properties: properties)
            }
            slot = (slot + 1) & mask
        }
        return Lookup(found: nil, slot: slot, hash: hash, properties: properties)
    }

    /// Adds the entry of `text[range]`, whose glyphs are `glyphs` from `first` on, at the slot
    /// `lookup` found free. Returns its number.
    private func insert(_ text: UnsafePointer<UInt8>, _ range: Range<Int>, _ analysis: PangoAnalysis, _ lookup: Lookup, glyphs first: Int) -> Int {
        misses += 1
        var width: Int32 = 0
        for g in first..<glyphs.count { width += glyphs[g].advance }
        let keyStart = keyBytes.count
        keyBytes.append(contentsOf: UnsafeBufferPointer(start: text + range.lowerBound, count: range.count))
        let index = entries.count
        entries.append(Entry(hash: lookup.hash, font: analysis.font, properties: lookup.properties, language: analysis.language,
                             key: Int32(keyStart)..<Int32(keyBytes.count), glyphs: Int32(first)..<Int32(glyphs.count), width: width))
        slots[lookup.slot] = Int32(index + 1)
        if entries.count * 2 > slots.count { grow() }
        return index
    }

    private func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, entry) in entries.enumerated() {
            var slot = Int(truncatingIfNeeded: entry.hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }
}

extension Typesetter {
    /// The cache entry of `text[range]` (inside `item`) shaped in the item's font and
    /// direction, a hyphen added when `hyphen`. See `WordCache.shape`.
    package func shapeWord(_ text: UnsafePointer<UInt8>, _ range: Range<Int>, _ item: TextItem, hyphen: Bool = false) -> Int {
        words.shape(text, range, item.analysis, hyphen: hyphen)
    }
}
