// Highlight is the GtkSourceView boundary: SourceViewLibrary.swift and SourceView.swift are
// the only files that call it, and only on the highlight thread (HighlightThread.swift).
import Foundation
import QuireModel
import QuireStyle

/// GtkSourceView as the highlight thread uses it: its language and style-scheme managers,
/// the languages and themes found so far, and the highlighting of one block.
///
/// GTK objects belong to the thread that made them, so this is made on the highlight thread
/// and never leaves it (not `Sendable`); what it gives back are values (`HighlightedCode`).
/// GLib messages of GtkSourceView and GTK (a definition that fails to load, a line that takes
/// too long) are collected instead of printed, and become the block's warning; libxml2's
/// parse errors, which repeat them, are dropped.
package final class SourceView {
    private let gsv: SourceViewLibrary
    private let languageManager: OpaquePointer?
    private let schemeManager: OpaquePointer?
    private let log = LogCapture()
    /// GTypes of the properties read (`g_object_get_property` wants a value of the right type).
    private let booleanType, intType, stringType, rgbaType: GLib.GType
    /// Languages by info string, once looked up (nil: none matches).
    private var languages: [CodeLanguage: OpaquePointer?] = [:]
    /// Every language's lowercased name ("objective-c", "c#") → its id.
    private lazy var idsByName: [String: String] = {
        var ids: [String: String] = [:]
        for id in SourceViewLibrary.strings(gsv.languageIDs(languageManager)) {
            if let language = gsv.language(languageManager, id), let name = gsv.languageName(language) {
                ids[String(cString: name).lowercased()] = id
            }
        }
        return ids
    }()
    /// Languages whose definition failed to load, by id, with GtkSourceView's reason.
    private var broken: [String: String] = [:]
    /// A buffer per language, kept: GtkSourceView compiles a language's definition (parsing
    /// and validating its file, compiling its regular expressions: about 5 ms for Swift) for
    /// the first buffer that uses it and frees it with the last, so a buffer made per block
    /// would compile it again for every block.
    private var buffers: [OpaquePointer: Buffer] = [:]
    private var themes: [String: Theme] = [:]

    /// A style scheme as blocks use it.
    private struct Theme {
        var scheme: OpaquePointer?
        var look: CodeLook
        var warning: HighlightWarning?
    }

    /// A kept buffer, the tags GtkSourceView gives its text, and what each tag sets, read once per tag.
    private final class Buffer {
        let buffer: OpaquePointer
        let tags: TagRecorder
        let unref: @convention(c) (UnsafeMutableRawPointer?) -> Void
        /// The scheme the tags are styled by (tags are restyled when it changes).
        var scheme: OpaquePointer?
        var tagStyles: [OpaquePointer: TagStyle] = [:]
        init(_ buffer: OpaquePointer, _ library: SourceViewLibrary) {
            self.buffer = buffer
            tags = TagRecorder(buffer, library)
            unref = library.glib.objectUnref
        }
        deinit {
            tags.disconnect()
            unref(UnsafeMutableRawPointer(buffer))
        }
    }

    /// What one tag sets (nil: not set, a lower tag's value stands).
    private struct TagStyle {
        var color: Color?
        var bold: Bool?
        var italic: Bool?
    }

    /// Opens GtkSourceView on the calling thread (about 20 ms: GTK, GDK, their types).
    package init(_ library: SourceViewLibrary) {
        gsv = library
        // GtkSourceView's style code uses GDK's colour types without registering them.
        let glib = library.glib
        glib.typeEnsure(library.rgbaType())
        glib.typeEnsure(library.colorType())
        let levels = GLib.logCritical | GLib.logWarning | GLib.logMessage
        let capture = Unmanaged.passUnretained(log).toOpaque()  // the log lives as long as the process's thread
        for domain in ["GtkSourceView", "Gtk"] {
            _ = glib.logSetHandler(domain, levels, { _, level, message, data in
                guard let message, let data else { return }
                let capture = Unmanaged<LogCapture>.fromOpaque(data).takeUnretainedValue()
                let text = String(cString: message)
                // Notices that highlighting goes on anyway ("... will be slower than usual") are
                // not failures: a failed load, a line that took too long, a failed assertion are.
                if level & GLib.logCritical != 0 || LogCapture.failures.contains(where: text.contains) {
                    capture.messages.append(text)
                }
            }, capture)
        }
        let ignoreXMLError: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, _ in }
        library.setXMLErrorHandler(nil, unsafeBitCast(ignoreXMLError, to: UnsafeRawPointer.self))
        library.initialize()
        languageManager = library.languageManager()
        DefinitionSchema.install(library, searchPath: SourceViewLibrary.strings(library.searchPath(languageManager)))
        schemeManager = library.schemeManager()
        BuiltinSchemes.install(library, manager: schemeManager)
        booleanType = glib.typeFromName("gboolean")
        intType = glib.typeFromName("gint")
        stringType = glib.typeFromName("gchararray")
        rgbaType = library.rgbaType()
    }

    /// The style schemes installed, by id, sorted.
    package var schemeIDs: [String] { SourceViewLibrary.strings(gsv.schemeIDs(schemeManager)).sorted() }

    /// The languages installed that a document may name, by id, sorted (not those that only
    /// serve others, such as JavaScript's parts).
    package var languageIDs: [String] {
        SourceViewLibrary.strings(gsv.languageIDs(languageManager)).filter { id in
            gsv.language(languageManager, id).map { gsv.languageHidden($0) == 0 } ?? false
        }.sorted()
    }

    /// The id of the language an info string names, nil when none matches.
    package func languageID(for request: CodeLanguage) -> String? {
        language(for: request).flatMap(gsv.languageID).map { String(cString: $0) }
    }

    /// Highlights `code` as `language` asks with the scheme `theme`; with no language, only the
    /// theme's look. Never fails: what cannot be highlighted stays plain, with a warning.
    /// - Complexity: O(n) in the code's length, plus GtkSourceView's work (about 0.6 µs a byte
    ///   of Swift, 4 µs of JavaScript).
    package func highlight(_ code: String, language: CodeLanguage?, theme name: String) -> HighlightedCode {
        let theme = self.theme(name)
        var result = HighlightedCode(look: theme.look, warnings: theme.warning.map { [$0] } ?? [])
        guard let language, let found = self.language(for: language) else { return result }
        let id = gsv.languageID(found).map { String(cString: $0) } ?? language.name
        if let reason = broken[id] {
            result.warnings.append(Self.loadFailure(id, reason))
            return result
        }
        log.messages = []
        guard let kept = buffer(for: found) else { return result }
        let buffer = kept.buffer
        if kept.scheme != theme.scheme {
            gsv.setScheme(buffer, theme.scheme)
            kept.scheme = theme.scheme
            kept.tagStyles = [:]
        }
        let source = HighlightSource(code: code, isSession: language.isSession)
        kept.tags.reset()
        source.bytes.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { gsv.setText(buffer, $0.baseAddress, Int32(clamping: $0.count)) }
        }
        defer { gsv.setText(buffer, "", 0) }  // the code's copy is not kept
        let start = UnsafeMutableRawPointer.allocate(byteCount: SourceViewLibrary.textIterSize, alignment: 16)
        let end = UnsafeMutableRawPointer.allocate(byteCount: SourceViewLibrary.textIterSize, alignment: 16)
        defer { start.deallocate(); end.deallocate() }
        gsv.bounds(buffer, start, end)
        gsv.ensureHighlight(buffer, start, end)
        if var message = log.messages.first {
            // GtkSourceView may have turned highlighting off for this buffer: the next block gets a new one.
            buffers[found] = nil
            message = Self.oneLine(message)
            // The definition is read when the buffer first highlights: a failure there is the
            // language's, and every later block of it stays plain without asking again.
            if message.hasPrefix("Failed to load") || log.messages.contains(where: { $0.hasPrefix("Failed to load") }) {
                let reason = log.messages.first { $0.hasPrefix("Failed to load") }.map(Self.oneLine) ?? message
                broken[id] = reason
                result.warnings.append(Self.loadFailure(id, reason))
            } else {
                result.warnings.append(HighlightWarning(scope: .block, message: "code (\(language.word)) could not be highlighted: \(message); set plain"))
            }
            return result
        }
        result.spans = spans(start, end, source, kept)
        if let long = source.longLine {
            result.warnings.append(HighlightWarning(
                scope: .block, message: "line \(long.index + 1) of the code (\(language.word)) is \(long.length) bytes long; "
                    + "only its first \(HighlightSource.longestLine) bytes are highlighted"))
        }
        return result
    }

    /// A GLib message on one line: its lines joined, surrounding space dropped.
    private static func oneLine(_ message: String) -> String {
        message.split(whereSeparator: \.isNewline).map { $0.trimmingWhitespace() }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    private static func loadFailure(_ id: String, _ reason: String) -> HighlightWarning {
        HighlightWarning(scope: .language, message: "the highlighting definition of '\(id)' could not be loaded (\(reason)); its code is set plain")
    }

    // MARK: Spans

    /// The styled spans of the highlighted buffer from `iter` to `end`, as byte ranges of the
    /// code: each styled tag's ranges as recorded (`TagRecorder`), then each piece between two
    /// of their ends styled by the tags over it (the highest priority last).
    /// O(tag operations × log ranges + ends × (log ends + styled tags) + characters).
    private func spans(_ iter: UnsafeMutableRawPointer, _ end: UnsafeRawPointer, _ source: HighlightSource,
                       _ buffer: Buffer) -> [CodeSpan] {
        var spans: [CodeSpan] = []
        var character = 0, byte = 0, piece = 0
        let bytes = source.bytes
        /// The byte offset of character `target` of the text given (targets only increase).
        func byteOffset(_ target: Int) -> Int {
            while character < target, byte < bytes.count {
                byte += 1
                while byte < bytes.count, bytes[byte] & 0xC0 == 0x80 { byte += 1 }
                character += 1
            }
            return byte
        }
        // A styled run pending, in bytes of the text given: the next one of the same style is
        // joined to it across white space (whose colour nobody sees), so that a line holds
        // fewer runs (each colour change costs layout and drawing).
        var pending: (range: Range<Int>, style: CodeStyle)?
        func flush() {
            guard let (given, style) = pending else { return }
            spans += source.codeRanges(given, cursor: &piece).map { CodeSpan(range: $0, style: style) }
        }
        func add(_ characters: Range<Int>, _ style: CodeStyle) {
            guard !style.isPlain, !characters.isEmpty else { return }
            let given = byteOffset(characters.lowerBound)..<byteOffset(characters.upperBound)
            if let last = pending, last.style == style,
               bytes[last.range.upperBound..<given.lowerBound].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
                pending = (last.range.lowerBound..<given.upperBound, style)
            } else {
                flush()
                pending = (given, style)
            }
        }
        // The tags that set a colour, a weight or a slant, lowest priority first, with their ranges.
        var tags: [(priority: Int32, look: TagStyle, ranges: [Range<Int>])] = []
        for (tag, ranges) in buffer.tags.coverage() {
            let look = buffer.tagStyles[tag] ?? tagStyle(tag)
            buffer.tagStyles[tag] = look
            if look.color != nil || look.bold != nil || look.italic != nil { tags.append((gsv.tagPriority(tag), look, ranges)) }
        }
        tags.sort { $0.priority < $1.priority }
        // Where each of them starts and ends (character offsets), within the buffer's text.
        let first = Int(gsv.offset(iter)), last = Int(gsv.offset(end))
        var toggles: [(offset: Int, tag: Int, on: Bool)] = []
        for (index, entry) in tags.enumerated() {
            for range in entry.ranges where range.upperBound > first && range.lowerBound < last {
                toggles.append((max(first, range.lowerBound), index, true))
                if range.upperBound < last { toggles.append((range.upperBound, index, false)) }
            }
        }
        toggles.sort { $0.offset < $1.offset }
        // Each piece between two toggles in the style of the tags over it, by priority.
        var active = [Bool](repeating: false, count: tags.count)
        func activeStyle() -> CodeStyle {
            var style = CodeStyle()
            for (index, entry) in tags.enumerated() where active[index] {
                if let color = entry.look.color { style.color = color }
                if let bold = entry.look.bold { style.bold = bold }
                if let italic = entry.look.italic { style.italic = italic }
            }
            return style
        }
        var k = 0
        var from = first
        while k < toggles.count {
            let offset = toggles[k].offset
            add(from..<offset, activeStyle())
            while k < toggles.count, toggles[k].offset == offset {
                active[toggles[k].tag] = toggles[k].on
                k += 1
            }
            from = offset
        }
        add(from..<last, activeStyle())
        flush()
        return spans
    }

    /// The kept buffer of `language`, made on first use; nil if GtkSourceView makes none.
    private func buffer(for language: OpaquePointer) -> Buffer? {
        if let kept = buffers[language] { return kept }
        guard let made = gsv.newBuffer(language) else { return nil }
        let kept = Buffer(made, gsv)
        buffers[language] = kept
        return kept
    }

    private func tagStyle(_ tag: OpaquePointer) -> TagStyle {
        var look = TagStyle()
        if boolean(tag, "foreground-set") { look.color = rgba(tag, "foreground-rgba") }
        if boolean(tag, "weight-set") { look.bold = integer(tag, "weight") >= 600 }  // PANGO_WEIGHT_SEMIBOLD
        if boolean(tag, "style-set") { look.italic = integer(tag, "style") != 0 }     // oblique or italic
        return look
    }

    // MARK: Languages and themes

    /// The language `request` names: by an alias's id or its own, by a language's name, by a
    /// file name guess ("x.mjs", "Dockerfile"); nil when none matches.
    private func language(for request: CodeLanguage) -> OpaquePointer? {
        if let known = languages[request] { return known }
        var found: OpaquePointer?
        for id in request.candidates where found == nil { found = gsv.language(languageManager, id) }
        if found == nil, let id = idsByName[request.name] { found = gsv.language(languageManager, id) }
        if found == nil { found = gsv.guessLanguage(languageManager, "x." + request.name, nil) }
        if found == nil { found = gsv.guessLanguage(languageManager, request.word, nil) }
        languages[request] = found
        return found
    }

    private func theme(_ name: String) -> Theme {
        if let known = themes[name] { return known }
        var theme = Theme(scheme: gsv.scheme(schemeManager, name), look: CodeLook())
        if theme.scheme == nil {
            // The default, else GtkSourceView's own kate (should the default not be there).
            let candidates: [String] = [Style().codeTheme, "kate"]
            let fallback = candidates.first { gsv.scheme(schemeManager, $0) != nil } ?? Style().codeTheme
            theme.scheme = gsv.scheme(schemeManager, fallback)
            theme.warning = HighlightWarning(
                scope: .document, message: "code theme '\(name)' (code.theme) is not installed; '\(fallback)' is used instead "
                    + "(installed: \(schemeIDs.joined(separator: ", ")))")
        }
        if let scheme = theme.scheme, let text = gsv.schemeStyle(scheme, "text"),
           boolean(text, "background-set"), let background = parsedColor(text, "background"),
           min(background.red, background.green, background.blue) < 0.97 {
            theme.look.background = background
            if boolean(text, "foreground-set") { theme.look.foreground = parsedColor(text, "foreground") }
        }
        themes[name] = theme
        return theme
    }

    // MARK: Properties

    private func property<T>(_ object: OpaquePointer, _ name: String, _ type: GLib.GType, _ read: (UnsafeMutableRawPointer) -> T) -> T {
        gsv.glib.withValue(type) { value in
            gsv.glib.objectGetProperty(UnsafeMutableRawPointer(object), name, value)
            return read(value)
        }
    }

    private func boolean(_ object: OpaquePointer, _ name: String) -> Bool {
        property(object, name, booleanType) { gsv.glib.valueGetBoolean($0) != 0 }
    }

    private func integer(_ object: OpaquePointer, _ name: String) -> Int {
        property(object, name, intType) { Int(gsv.glib.valueGetInt($0)) }
    }

    /// A `GdkRGBA` property as a colour (alpha ignored: schemes give opaque colours).
    private func rgba(_ object: OpaquePointer, _ name: String) -> Color? {
        property(object, name, rgbaType) { value in
            gsv.glib.valueGetBoxed(value).map { box in
                let c = box.assumingMemoryBound(to: Double.self)
                return Color(c[0], c[1], c[2])
            }
        }
    }

    /// A colour property written as text ("#rrggbb" or a name), as a colour.
    private func parsedColor(_ object: OpaquePointer, _ name: String) -> Color? {
        property(object, name, stringType) { value -> Color? in
            guard let text = gsv.glib.valueGetString(value) else { return nil }
            var rgba = [Double](repeating: 0, count: 4)
            guard gsv.parseRGBA(&rgba, text) != 0 else { return nil }
            return Color(rgba[0], rgba[1], rgba[2])
        }
    }
}

/// GLib messages collected on the highlight thread (the only one that calls GtkSourceView and
/// GTK, so the only one whose messages land here).
private final class LogCapture {
    /// Failures, as opposed to notices.
    var messages: [String] = []
    /// What GtkSourceView's warnings of failure say.
    static let failures = ["Failed to load", "took too much time"]
}
