// Highlight is the GtkSourceView boundary: SourceViewLibrary.swift and SourceView.swift are
// the only files that call it, and only on the highlight thread (HighlightThread.swift).
import QuireModel

// GtkSourceView 4, opened with `dlopen` the first time a document has code to highlight, never
// linked: it brings GTK 3, GDK, ATK and libxml2 with it (about 20 ms to load), which a
// document without tagged code must not pay. The functions are the C ones, one to one;
// GObject's and GLib's (`g_object_get_property`, `g_log_set_handler`), like GTK's own (text
// iterators, GDK colours), are found through GtkSourceView's handle, which reaches its
// dependencies: Highlight imports no C module. Only the soname of Debian's runtime package
// (`libgtksourceview-4-0`) is opened; a missing library leaves code plain, with a warning.

/// GtkSourceView's, GTK's, GDK's, GObject's and GLib's functions (objects are
/// `OpaquePointer`s; a `GtkTextIter` is `SourceViewLibrary.textIterSize` bytes the caller
/// provides, a `GValue` `GLib.valueSize`).
package struct SourceViewLibrary: @unchecked Sendable {  // immutable C function pointers: safe to share
    package typealias Object = OpaquePointer
    package typealias Strings = UnsafePointer<UnsafePointer<CChar>?>
    /// A `GType` (a `gsize`).
    package typealias GType = UInt

    package let rgbaType: @convention(c) () -> GType
    package let colorType: @convention(c) () -> GType
    package let initialize: @convention(c) () -> Void
    package let languageManager: @convention(c) () -> Object?
    package let language: @convention(c) (Object?, UnsafePointer<CChar>?) -> Object?
    package let languageIDs: @convention(c) (Object?) -> Strings?
    /// The folders the manager reads definitions from, in its order.
    package let searchPath: @convention(c) (Object?) -> Strings?
    /// manager, file name, content type (NULL).
    package let guessLanguage: @convention(c) (Object?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Object?
    package let languageName: @convention(c) (Object?) -> UnsafePointer<CChar>?
    package let languageID: @convention(c) (Object?) -> UnsafePointer<CChar>?
    /// Whether a language only serves others (JavaScript's parts, "Defaults").
    package let languageHidden: @convention(c) (Object?) -> Int32
    package let schemeManager: @convention(c) () -> Object?
    package let schemeIDs: @convention(c) (Object?) -> Strings?
    /// manager, a folder or a scheme file to read schemes from after those it has.
    package let appendSchemePath: @convention(c) (Object?, UnsafePointer<CChar>?) -> Void
    package let scheme: @convention(c) (Object?, UnsafePointer<CChar>?) -> Object?
    /// scheme, style id ("text"): a `GtkSourceStyle` the scheme owns, or NULL.
    package let schemeStyle: @convention(c) (Object?, UnsafePointer<CChar>?) -> Object?
    package let newBuffer: @convention(c) (Object?) -> Object?
    package let setScheme: @convention(c) (Object?, Object?) -> Void
    /// buffer, start iterator, end iterator.
    package let ensureHighlight: @convention(c) (Object?, UnsafeRawPointer?, UnsafeRawPointer?) -> Void
    /// buffer, UTF-8 text, its length in bytes.
    package let setText: @convention(c) (Object?, UnsafePointer<CChar>?, Int32) -> Void
    package let bounds: @convention(c) (Object?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
    /// The iterator's offset in characters (Unicode scalars).
    package let offset: @convention(c) (UnsafeRawPointer?) -> Int32
    /// `GtkTextBuffer`'s GType (whose "apply-tag" and "remove-tag" signals `TagRecorder` handles).
    package let textBufferType: @convention(c) () -> GType
    /// A tag's priority: where tags overlap, the higher one's style wins.
    package let tagPriority: @convention(c) (Object?) -> Int32
    /// A `GdkRGBA` (four doubles) from a colour name or "#rrggbb".
    package let parseRGBA: @convention(c) (UnsafeMutablePointer<Double>?, UnsafePointer<CChar>?) -> Int32
    /// libxml2's per-thread handler of parse errors (GtkSourceView reads definitions and
    /// schemes with it): user data, `void (*)(void *, xmlError *)`.
    package let setXMLErrorHandler: @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?) -> Void
    /// libxml2's `xmlInitParser` (registers its own input callbacks, once).
    package let initializeXML: @convention(c) () -> Void
    /// libxml2's `xmlRegisterInputCallbacks`: match (file name → 1 if ours), open (file name →
    /// context), read (context, buffer, length → bytes read, -1 on error), close (context → 0).
    package let registerXMLInput: @convention(c) (
        @convention(c) (UnsafePointer<CChar>?) -> Int32,
        @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutableRawPointer?,
        @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<CChar>?, Int32) -> Int32,
        @convention(c) (UnsafeMutableRawPointer?) -> Int32) -> Int32

    /// GObject's and GLib's functions Highlight calls.
    package let glib: GLib

    /// A `GtkTextIter` is 80 bytes on 64-bit systems; room for more is given.
    package static let textIterSize = 128

    /// GtkSourceView opened, or why it could not be: on the highlight thread that uses it
    /// (`HighlightThread`), once per thread.
    package static func open() -> Result<SourceViewLibrary, HighlightError> {
        Result { () throws(LibraryError) in try SourceViewLibrary() }.mapError { HighlightError(message: $0.message) }
    }

    private init() throws(LibraryError) {
        let gsv = try openLibrary("libgtksourceview-4.so.0")
        rgbaType = try symbol(gsv, "gdk_rgba_get_type")
        colorType = try symbol(gsv, "gdk_color_get_type")
        initialize = try symbol(gsv, "gtk_source_init")
        languageManager = try symbol(gsv, "gtk_source_language_manager_get_default")
        language = try symbol(gsv, "gtk_source_language_manager_get_language")
        languageIDs = try symbol(gsv, "gtk_source_language_manager_get_language_ids")
        searchPath = try symbol(gsv, "gtk_source_language_manager_get_search_path")
        guessLanguage = try symbol(gsv, "gtk_source_language_manager_guess_language")
        languageName = try symbol(gsv, "gtk_source_language_get_name")
        languageID = try symbol(gsv, "gtk_source_language_get_id")
        languageHidden = try symbol(gsv, "gtk_source_language_get_hidden")
        schemeManager = try symbol(gsv, "gtk_source_style_scheme_manager_get_default")
        schemeIDs = try symbol(gsv, "gtk_source_style_scheme_manager_get_scheme_ids")
        appendSchemePath = try symbol(gsv, "gtk_source_style_scheme_manager_append_search_path")
        scheme = try symbol(gsv, "gtk_source_style_scheme_manager_get_scheme")
        schemeStyle = try symbol(gsv, "gtk_source_style_scheme_get_style")
        newBuffer = try symbol(gsv, "gtk_source_buffer_new_with_language")
        setScheme = try symbol(gsv, "gtk_source_buffer_set_style_scheme")
        ensureHighlight = try symbol(gsv, "gtk_source_buffer_ensure_highlight")
        setText = try symbol(gsv, "gtk_text_buffer_set_text")
        bounds = try symbol(gsv, "gtk_text_buffer_get_bounds")
        offset = try symbol(gsv, "gtk_text_iter_get_offset")
        textBufferType = try symbol(gsv, "gtk_text_buffer_get_type")
        tagPriority = try symbol(gsv, "gtk_text_tag_get_priority")
        parseRGBA = try symbol(gsv, "gdk_rgba_parse")
        setXMLErrorHandler = try symbol(gsv, "xmlSetStructuredErrorFunc")
        initializeXML = try symbol(gsv, "xmlInitParser")
        registerXMLInput = try symbol(gsv, "xmlRegisterInputCallbacks")
        glib = try GLib(gsv)
    }

    /// The NULL-terminated C strings `list` holds (none for NULL).
    package static func strings(_ list: Strings?) -> [String] {
        guard let list else { return [] }
        var result: [String] = []
        var i = 0
        while let s = list[i] {
            result.append(String(cString: s))
            i += 1
        }
        return result
    }
}

/// Why code could not be highlighted (the library is missing, a definition failed to load).
package struct HighlightError: Error, Equatable, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}
