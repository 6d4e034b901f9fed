// Layout/Text is the Pango boundary: Typesetter.swift, ShapedText.swift, LinePainter.swift and
// MetricsPatterns.swift are the only files of Layout that import CPangoCairo.
import CPangoCairo
import Foundation

/// Lets the fonts Pango measures for itself share the fontconfig patterns of the fonts Quire
/// asked for, so that fontconfig sorts and matches each font once, not twice.
///
/// When a paragraph's line must be broken, Pango 1.50 asks the font of the item at the break
/// for its metrics, once per font (`pango_font_get_metrics`): it lays out a sample string
/// ("The quick brown fox…" and "0123456789") in a context of its own, with the font's own
/// family alone ("Noto Serif") where Quire asked for a list ("Noto Serif, Noto Sans Arabic,
/// Noto Sans Hebrew"). That is another fontconfig pattern, and Pango starts a font sort and a
/// font match on two threads of their own for every new pattern: about 7 M instructions each,
/// half of all the patterns a document makes.
///
/// This fontconfig substitution hook (`pango_fc_font_map_set_default_substitute`) gives such a
/// sample pattern the family list of the pattern Quire asked for, when nothing else differs:
/// same size, style, language and options (the font map is at the contexts' 72 dpi, so sizes
/// agree), that list starts with the sample's family, and that family's fonts hold every
/// character of the sample strings. Pango then finds the pattern already sorted and matched.
/// The measurement cannot change: both patterns match the same font first, and that font sets
/// every character of the samples, so the fallbacks, the only thing the family lists change,
/// are never used. A family Quire asks for alone (a code family) is never rewritten: its
/// patterns are real requests, not samples.
///
/// Lives on its typesetter's thread (Pango calls the hook from the thread loading fonts).
final class MetricsPatterns {
    /// Patterns Quire asked for with a family list (after fontconfig's substitution): the family
    /// list's first family (compared as fontconfig does), the pattern without its families, and
    /// the pattern. A document makes a handful; searched linearly.
    private var requested: [(first: String, rest: OpaquePointer, pattern: OpaquePointer)] = []
    /// Families Quire asks for alone, folded (see `fold`).
    private var alone: Set<String> = []
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
    func install(on fontMap: OpaquePointer) {
        self.fontMap = fontMap
        let hook: PangoFcSubstituteFunc = { pattern, data in
            guard let pattern, let data else { return }
            Unmanaged<MetricsPatterns>.fromOpaque(data).takeUnretainedValue().substitute(pattern)
        }
        pango_fc_font_map_set_default_substitute(fontMap, hook, Unmanaged.passRetained(self).toOpaque()) {
            Unmanaged<MetricsPatterns>.fromOpaque($0!).release()
        }
    }

    /// Notes a family list Quire sets text in (a paragraph's or a run's). O(1) amortized.
    func noteRequested(family list: String) {
        guard !list.contains(",") else { return }
        alone.insert(Self.fold(list))
    }

    /// fontconfig's comparison of family names: case and blanks ignored.
    private static func fold(_ family: String) -> String {
        String(family.lowercased().unicodeScalars.filter { $0 != " " && $0 != "\t" })
    }

    /// The hook: called by Pango for every new pattern, after fontconfig's configuration and
    /// before the font options and defaults are added. Rewrites the families of a sample pattern
    /// as above; remembers a pattern with several strongly bound families as one asked for.
    func substitute(_ pattern: OpaquePointer) {
        let families = Self.families(of: pattern)
        guard let first = families.first else { return }
        let strong = families.filter { $0.strong }.count
        let key = Self.fold(first.name)
        if strong > 1 {
            remember(pattern, first: key)
            return
        }
        guard strong == 1, first.strong, !alone.contains(key) else { return }
        guard let rest = FcPatternDuplicate(pattern) else { return }
        defer { FcPatternDestroy(rest) }
        FcPatternDel(rest, FC_FAMILY)
        guard let target = requested.first(where: { $0.first == key && FcPatternEqual($0.rest, rest) != 0 }),
              covers(pattern, family: first.name) else { return }
        FcPatternDel(pattern, FC_FAMILY)
        var iterator = FcPatternIter()
        guard FcPatternFindIter(target.pattern, &iterator, FC_FAMILY) != 0 else { return }
        for index in 0..<FcPatternIterValueCount(target.pattern, &iterator) {
            var value = FcValue()
            var binding = FcValueBindingStrong
            guard FcPatternIterGetValue(target.pattern, &iterator, index, &value, &binding) == FcResultMatch else { continue }
            if binding == FcValueBindingWeak {
                FcPatternAddWeak(pattern, FC_FAMILY, value, 1)
            } else {
                FcPatternAdd(pattern, FC_FAMILY, value, 1)
            }
        }
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
    /// character Pango's metrics lay out for the pattern's language (its sample string and the
    /// ten digits); false when fontconfig lists none. O(installed fonts) once per family, style
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
        let sample = String(cString: pango_language_get_sample_string(tag.flatMap { pango_language_from_string($0) })) + "0123456789"
        var result = false
        if let objects = FcObjectSetCreate() {
            _ = FcObjectSetAdd(objects, FC_CHARSET)
            if let fonts = FcFontList(fontMap.flatMap { pango_fc_font_map_get_config($0) }, query, objects) {
                let list = fonts.pointee
                result = list.nfont > 0 && (0..<Int(list.nfont)).allSatisfy { index in
                    var charset: OpaquePointer?
                    guard let font = list.fonts[index], FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch,
                          let charset else { return false }
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
