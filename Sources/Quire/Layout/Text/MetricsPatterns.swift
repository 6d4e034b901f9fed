// Layout/Text is the Pango boundary: Typesetter.swift, LinePainter.swift, MetricsPatterns.swift
// and Paragraph/FontTable.swift, Itemizer.swift, WordCache.swift and
// WordShaper.swift are the only files of Layout that import CPango.
import CPango
import Foundation

/// Lets the fonts Pango measures for itself share the fontconfig patterns of the fonts Quire
/// asked for, so that fontconfig sorts and matches each font once, not twice.
///
/// When a paragraph's line must be broken, Pango 1.50 asks the font of the item at the break
/// for its metrics, once per font (`pango_font_get_metrics`): it lays out a sample string
/// ("The quick brown fox…" and "0123456789") in a context of its own made from the font map,
/// at the font map's resolution (96 dpi), with the font's own family alone ("Noto Serif")
/// where Quire asked for a list ("Noto Serif, Noto Sans Arabic, Noto Sans Hebrew") at 72 dpi.
/// That is another fontconfig pattern, and Pango starts a font sort and a font match on two
/// threads of their own for every new pattern: about 7 M instructions each, half of all the
/// patterns a document makes.
///
/// This fontconfig substitution hook (`pango_fc_font_map_set_default_substitute`) makes such a
/// sample pattern (one not at Quire's 72 dpi: Quire's contexts are all at 72) the pattern of
/// the font Quire asked for, when they differ only in resolution (same pixel size) and
/// families: the sample's family is the first of the list asked for (alone, or with the same
/// list), and that family's fonts in the sample's style hold every character of the samples
/// and have no design size. Pango then finds the pattern already sorted and matched. The
/// measurement cannot change: both patterns match the same face first (family ranks above
/// size in fontconfig's matching, and the family's faces do not differ by size), at the same
/// pixel size, and that face sets every character of the samples, so the fallbacks, the only
/// thing the family lists change, are never used.
///
/// The font map keeps Pango's 96 dpi, which tells Pango's own contexts from Quire's; setting
/// it to 72 would also clear the font map's caches a second time (setting the hook clears
/// them once: about 6 M instructions, Pango lists every installed family again).
///
/// Lives on its typesetter's thread (Pango calls the hook from the thread loading fonts).
package final class MetricsPatterns {
    /// The resolution of all of Quire's Pango contexts (dots per inch): one point is one unit.
    package static let resolution = 72.0
    /// Patterns Quire asked for (after fontconfig's substitution): the first family (compared as
    /// fontconfig does), the pattern without its families, and the pattern. A document makes a
    /// handful; searched linearly.
    private var requested: [(first: String, rest: OpaquePointer, pattern: OpaquePointer)] = []
    /// Whether a family's fonts in a style hold every character of a language's samples.
    private var coverage: [String: Bool] = [:]
    /// The font map it is installed on (which owns it); nil until `install`.
    private var fontMap: OpaquePointer?

    deinit {
        for entry in requested {
            FcPatternDestroy(entry.rest)
            FcPatternDestroy(entry.pattern)
        }
    }

    /// Installs the hook on `fontMap` (a `PangoFcFontMap`), which keeps `self` until it is freed.
    package func install(on fontMap: OpaquePointer) {
        self.fontMap = fontMap
        let hook: PangoFcSubstituteFunc = { pattern, data in
            guard let pattern, let data else { return }
            Unmanaged<MetricsPatterns>.fromOpaque(data).takeUnretainedValue().substitute(pattern)
        }
        pango_fc_font_map_set_default_substitute(fontMap, hook, Unmanaged.passRetained(self).toOpaque()) {
            Unmanaged<MetricsPatterns>.fromOpaque($0!).release()
        }
    }

    /// fontconfig's comparison of family names: case and blanks ignored.
    private static func fold(_ family: String) -> String {
        String(family.lowercased().unicodeScalars.filter { $0 != " " && $0 != "\t" })
    }

    /// The hook: called by Pango for every new pattern, after fontconfig's configuration and
    /// before the font options and defaults are added. Remembers a pattern at Quire's resolution
    /// as asked for; makes a sample pattern that qualifies (see the type) a copy of its own.
    package func substitute(_ pattern: OpaquePointer) {
        var dpi = 0.0, pixelSize = 0.0
        guard FcPatternGetDouble(pattern, FC_DPI, 0, &dpi) == FcResultMatch,
              FcPatternGetDouble(pattern, FC_PIXEL_SIZE, 0, &pixelSize) == FcResultMatch else { return }
        let families = Self.families(of: pattern)
        guard let first = families.first, first.strong else { return }
        let key = Self.fold(first.name)
        if dpi == Self.resolution {
            remember(pattern, first: key)
            return
        }
        guard let rest = FcPatternDuplicate(pattern) else { return }
        defer { FcPatternDestroy(rest) }
        Self.setResolution(rest, pixelSize: pixelSize)
        FcPatternDel(rest, FC_FAMILY)
        guard let target = requested.first(where: { $0.first == key && FcPatternEqual($0.rest, rest) != 0 }) else { return }
        let targetFamilies = Self.families(of: target.pattern)
        let alone = families.filter { $0.strong }.count == 1
        guard alone || families.map(\.name) == targetFamilies.map(\.name), covers(pattern, family: first.name) else { return }
        Self.setResolution(pattern, pixelSize: pixelSize)
        FcPatternDel(pattern, FC_FAMILY)
        for family in targetFamilies {
            var value = FcValue()
            value.type = FcTypeString
            family.name.withCString { name in
                value.u.s = UnsafeRawPointer(name).assumingMemoryBound(to: FcChar8.self)
                _ = family.strong ? FcPatternAdd(pattern, FC_FAMILY, value, 1) : FcPatternAddWeak(pattern, FC_FAMILY, value, 1)
            }
        }
    }

    /// Sets `pattern` at Quire's resolution, at the same pixel size (a size in points is then
    /// the size in pixels, as Pango sets it at that resolution).
    private static func setResolution(_ pattern: OpaquePointer, pixelSize: Double) {
        FcPatternDel(pattern, FC_DPI)
        FcPatternDel(pattern, FC_SIZE)
        FcPatternAddDouble(pattern, FC_DPI, resolution)
        FcPatternAddDouble(pattern, FC_SIZE, pixelSize)
    }

    private func remember(_ pattern: OpaquePointer, first: String) {
        guard let copy = FcPatternDuplicate(pattern) else { return }
        guard let rest = FcPatternDuplicate(pattern) else { FcPatternDestroy(copy); return }
        FcPatternDel(rest, FC_FAMILY)
        requested.append((first, rest, copy))
    }

    /// A pattern's family names in order, each with whether it is bound strongly.
    private static func families(of pattern: OpaquePointer) -> [(name: String, strong: Bool)] {
        var iterator = FcPatternIter()
        guard FcPatternFindIter(pattern, &iterator, FC_FAMILY) != 0 else { return [] }
        var result: [(name: String, strong: Bool)] = []
        for index in 0..<FcPatternIterValueCount(pattern, &iterator) {
            var value = FcValue()
            var binding = FcValueBindingStrong
            guard FcPatternIterGetValue(pattern, &iterator, index, &value, &binding) == FcResultMatch,
                  value.type == FcTypeString, let name = value.u.s else { return [] }
            result.append((String(cString: name), binding == FcValueBindingStrong))
        }
        return result
    }

    /// Whether every font of `family` in the pattern's weight, slant and width holds every
    /// character Pango lays out for itself in the pattern's language (its sample string, the
    /// digits, and the hexadecimal digits of the boxes drawn for missing glyphs) and has no
    /// design size; false when fontconfig lists none. O(installed fonts) once per family, style
    /// and language.
    private func covers(_ pattern: OpaquePointer, family: String) -> Bool {
        var language: UnsafeMutablePointer<FcChar8>?
        let tag = FcPatternGetString(pattern, FC_LANG, 0, &language) == FcResultMatch ? language.map { String(cString: $0) } : nil
        guard let query = FcPatternCreate() else { return false }
        defer { FcPatternDestroy(query) }
        _ = family.withCString { FcPatternAddString(query, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        var key = "\(family)|\(tag ?? "")"
        for object in [FC_WEIGHT, FC_SLANT, FC_WIDTH] {
            var value = FcValue()
            guard FcPatternGet(pattern, object, 0, &value) == FcResultMatch else { continue }
            FcPatternAdd(query, object, value, 1)
            key += "|\(value.type == FcTypeDouble ? value.u.d : Double(value.u.i))"
        }
        if let known = coverage[key] { return known }
        let sample = String(cString: pango_language_get_sample_string(tag.flatMap { pango_language_from_string($0) })) + "0123456789ABCDEF"
        var result = false
        if let objects = FcObjectSetCreate() {
            _ = FcObjectSetAdd(objects, FC_CHARSET)
            _ = FcObjectSetAdd(objects, FC_SIZE)
            if let fonts = FcFontList(fontMap.flatMap { pango_fc_font_map_get_config($0) }, query, objects) {
                let list = fonts.pointee
                result = list.nfont > 0 && (0..<Int(list.nfont)).allSatisfy { index in
                    var charset: OpaquePointer?
                    var size = FcValue()
                    guard let font = list.fonts[index], FcPatternGet(font, FC_SIZE, 0, &size) != FcResultMatch,
                          FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset else { return false }
                    return sample.unicodeScalars.allSatisfy { FcCharSetHasChar(charset, $0.value) != 0 }
                }
                FcFontSetDestroy(fonts)
            }
            FcObjectSetDestroy(objects)
        }
        coverage[key] = result
        return result
    }
}
