/// The standards a PDF claims to meet: PDF/UA-1 (ISO 14289-1, accessible) and one part and
/// level of PDF/A (ISO 19005-2 or -3, archival), chosen with `--pdf-standard`, the front
/// matter's `pdf-standard` or the template key `pdf.standard` as a comma list
/// (`ua-1,a-2a`; `none` claims nothing). The default is PDF/UA-1.
///
/// A claim is written (in the XMP metadata) only for what the file meets: the writer meets
/// every rule Quire controls for what is requested, and the claims are what is requested
/// less what the source check and layout found (`StandardsVerdict`): PDF/UA-1 is left
/// unclaimed, with a warning, where the document itself falls short (an image without alt
/// text), every claim where a character no font has is shown.
public struct PDFStandards: Sendable, Equatable, Hashable, CustomStringConvertible, Encodable {
    /// A PDF/A part and conformance level.
    public struct Archival: Sendable, Equatable, Hashable {
        /// ISO 19005 part: 2 (PDF/A-2) or 3 (PDF/A-3, which allows any attached file).
        public var part: Int
        /// "A" (accessible: tagged, Unicode), "B" (basic: looks the same) or "U" (Unicode).
        public var level: Character

        /// Its name as the option spells it: "a-2b".
        public var name: String { "a-\(part)\(level.lowercased())" }
    }

    /// PDF/UA-1.
    public var accessible: Bool
    /// PDF/A, when requested.
    public var archival: Archival?

    /// Standards of PDF/UA-1 when `accessible`, and of PDF/A `archival` when given.
    public init(accessible: Bool, archival: Archival? = nil) {
        self.accessible = accessible
        self.archival = archival
    }

    /// PDF/UA-1 alone: what every file claims unless told otherwise.
    public static let `default` = PDFStandards(accessible: true)
    /// No claim.
    public static let none = PDFStandards(accessible: false)

    /// The names, as the option takes them ("ua-1,a-2b"; "none").
    public var description: String {
        let names = (accessible ? ["ua-1"] : []) + (archival.map { [$0.name] } ?? [])
        return names.isEmpty ? "none" : names.joined(separator: ",")
    }

    /// What the option accepts, as error messages list it.
    public static let allowed = "ua-1, a-2a, a-2b, a-2u, a-3a, a-3b, a-3u, a comma list of ua-1 and one a- level (ua-1,a-2a), or none"

    /// Reads a comma list ("ua-1,a-2a", "A-3B", "none"); spaces around names are ignored.
    /// - Throws: `PDFStandardsError` naming the value that is unknown, unsupported or in
    ///   conflict with another (two PDF/A levels; `none` with a standard).
    public static func parse(_ text: String) throws(PDFStandardsError) -> PDFStandards {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace().lowercased() }
        guard !names.isEmpty, !names.contains("") else { throw PDFStandardsError("'\(text)' names no standard; allowed: \(allowed)") }
        if names.contains("none") {
            guard names.count == 1 else { throw PDFStandardsError("'none' claims nothing and cannot be combined with \(names.filter { $0 != "none" }.joined(separator: ","))") }
            return .none
        }
        var standards = PDFStandards(accessible: false)
        for name in names {
            if name == "ua-1" || name == "pdf/ua-1" {
                standards.accessible = true
                continue
            }
            let archival = try Self.archival(name)
            if let earlier = standards.archival, earlier != archival {
                throw PDFStandardsError("\(earlier.name) and \(archival.name) are two PDF/A levels; a file claims one")
            }
            standards.archival = archival
        }
        return standards
    }

    /// "a-2b" and its spellings ("pdf/a-2b"); the PDF/A levels Quire does not write are
    /// refused with the reason.
    private static func archival(_ name: String) throws(PDFStandardsError) -> Archival {
        var rest = Substring(name)
        if rest.hasPrefix("pdf/") { rest = rest.dropFirst(4) }
        if rest.hasPrefix("ua-") {
            throw PDFStandardsError("\(name) is not supported: Quire writes PDF/UA-1 (ua-1); PDF/UA-2 needs PDF 2.0")
        }
        guard rest.hasPrefix("a-"), rest.count == 4 else { throw PDFStandardsError("unknown PDF standard '\(name)'; allowed: \(allowed)") }
        let part = rest.dropFirst(2).first!, level = rest.last!
        switch part {
        case "1":
            throw PDFStandardsError("\(name) is not supported: PDF/A-1 forbids the transparency of images and emoji and the compressed object streams Quire writes; use a-2\(level) (PDF/A-2 keeps the same levels)")
        case "4":
            throw PDFStandardsError("\(name) is not supported: PDF/A-4 needs PDF 2.0; use a-2\(level) or a-3\(level)")
        case "2", "3":
            guard "abu".contains(level) else { throw PDFStandardsError("unknown PDF/A level '\(name)': the levels are a, b and u (a-\(part)a, a-\(part)b, a-\(part)u)") }
            return Archival(part: part == "2" ? 2 : 3, level: Character(level.uppercased()))
        default:
            throw PDFStandardsError("unknown PDF standard '\(name)'; allowed: \(allowed)")
        }
    }

    /// Encoded as its names ("ua-1,a-2b"), as settings digests take it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Whether attached files are allowed: PDF/A-2 allows only PDF/A files as attachments
    /// (ISO 19005-2, 6.8), so Markdown sources need PDF/A-3 or no PDF/A claim.
    public var allowsAttachments: Bool { archival.map { $0.part >= 3 } ?? true }

    /// The attach-source rule, said once for every place standards come from (the command
    /// line, front matter, a template): Markdown sources may be attached unless PDF/A-2 is
    /// asked for.
    /// - Throws: `PDFStandardsError` naming the level to ask for instead.
    public func checkAttachedSources() throws(PDFStandardsError) {
        guard !allowsAttachments, let archival else { return }
        throw PDFStandardsError("--attach-source needs PDF/A-3, which allows attached files; \(archival.name) (PDF/A-2) allows only PDF/A files: ask for a-3\(archival.level.lowercased())")
    }

    /// Whether the file must map every glyph to Unicode (PDF/UA-1, PDF/A levels A and U).
    package var needsUnicode: Bool { accessible || archival.map { $0.level != "B" } ?? false }
}

/// A `--pdf-standard` value (or front matter's, or a template's) that cannot be met.
public struct PDFStandardsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, and what to ask for instead.
    public let description: String
    package init(_ description: String) { self.description = description }
}
