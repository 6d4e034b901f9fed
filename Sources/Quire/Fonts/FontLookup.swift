// The fontconfig boundary: the only file that imports CFontconfig. Text (InstalledFonts,
// settings), math (MathFonts) and the PDF writer's faces all find their fonts through it;
// Pango's own matching (Layout/Text) works on the patterns Pango hands it.
import CFontconfig
import Foundation

/// Fonts as fontconfig knows them: whether a family is installed, and the file of a family.
package enum FontLookup {
    /// Whether `config` (nil: fontconfig's default one, loaded by the first call: about 25 M
    /// instructions) lists a font of `family`, compared as fontconfig compares names (case and
    /// spaces ignored). Lists, not matches: matching always finds a nearest font, so a family
    /// that is not there would be taken for one that is. True when fontconfig cannot answer
    /// (out of memory). O(installed fonts).
    package static func lists(_ family: String, config: OpaquePointer? = nil) -> Bool {
        guard let pattern = FcPatternCreate() else { return true }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString { FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        guard let objects = FcObjectSetCreate() else { return true }
        defer { FcObjectSetDestroy(objects) }
        _ = FcObjectSetAdd(objects, FC_FAMILY)
        guard let fonts = FcFontList(config, pattern, objects) else { return true }
        defer { FcFontSetDestroy(fonts) }
        return fonts.pointee.nfont > 0
    }

    /// The file and face index fontconfig's default configuration has for exactly `family`
    /// (its best match, when that match is of the family: names compared ignoring case); nil
    /// when it would substitute another family. O(installed fonts).
    package static func file(exactFamily family: String) -> (file: String, index: Int32)? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString { FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var name: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, FC_FAMILY, 0, &name) == FcResultMatch, let name,
              String(cString: name).caseInsensitiveCompare(family) == .orderedSame else { return nil }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        FcPatternGetInteger(match, FC_INDEX, 0, &index)
        return (String(cString: file), index)
    }
}
