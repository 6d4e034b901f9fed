import Foundation
import FoundationXML

/// The machine-checkable rules of veraPDF's PDF/A-2 (2a, 2b, 2u), PDF/A-3 (6.8) and PDF/UA-1
/// profiles that bear on what Quire writes, checked on a file's objects as qpdf reads them
/// (JSON v2, streams decoded), since veraPDF itself cannot be installed here. Each problem
/// names its rule (`6.2.8-3`, `7.18.5-2`, as the profiles number them).
///
/// Not checked here (see docs/standards.md): widths against the font programs' (6.2.11.5,
/// 7.21.5), glyphs present in the programs (6.2.11.4.1-2), the content streams' operators
/// (6.2.2), colour spaces inside content streams, the ICC profile's inner validity.
struct StandardsRules {
    /// Every object by number ("12"), as qpdf gives it: a value, or a stream's dictionary
    /// and decoded data.
    private var objects: [String: Any] = [:]
    private var rawDictionaries: [String: [String: Any]] = [:]
    private var trailer: [String: Any] = [:]
    private let bytes: Data
    private(set) var problems: [String] = []

    /// Reads `pdf` with qpdf. O(file).
    init(_ pdf: URL) throws {
        bytes = try Data(contentsOf: pdf)
        let decoded = try Self.qpdf(["--json=2", "--json-key=qpdf", "--json-stream-data=inline", "--decode-level=generalized"], pdf)
        for (key, value) in decoded where key.hasPrefix("obj:") {
            objects[String(key.dropFirst(4).split(separator: " ")[0])] = value
        }
        trailer = (decoded["trailer"] as? [String: Any])?["value"] as? [String: Any] ?? [:]
        let raw = try Self.qpdf(["--json=2", "--json-key=qpdf", "--json-stream-data=none"], pdf)
        for (key, value) in raw where key.hasPrefix("obj:") {
            if let dict = ((value as? [String: Any])?["stream"] as? [String: Any])?["dict"] as? [String: Any] {
                rawDictionaries[String(key.dropFirst(4).split(separator: " ")[0])] = dict
            }
        }
    }

    private static func qpdf(_ options: [String], _ pdf: URL) throws -> [String: Any] {
        let r = try Run.run(try Run.tool("qpdf"), options + [pdf.path])
        guard r.status == 0 || r.status == 3 else { throw RunError(description: "qpdf failed (\(r.status)): \(r.stderrText)") }
        let json = try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any]
        guard let list = json?["qpdf"] as? [Any], list.count == 2, let objects = list[1] as? [String: Any] else {
            throw RunError(description: "qpdf JSON has no objects")
        }
        return objects
    }

    // MARK: Reading objects

    /// The value of `any`, a reference followed ("12 0 R").
    func resolve(_ any: Any?) -> Any? {
        guard let s = any as? String, s.hasSuffix(" 0 R") else { return any }
        let number = String(s.split(separator: " ")[0])
        guard let object = objects[number] as? [String: Any] else { return nil }
        if let value = object["value"] { return value }
        return (object["stream"] as? [String: Any])?["dict"]
    }

    func dictionary(_ any: Any?) -> [String: Any]? { resolve(any) as? [String: Any] }
    func array(_ any: Any?) -> [Any] { resolve(any) as? [Any] ?? [] }

    /// A stream's decoded data, by its reference.
    func streamData(_ reference: Any?) -> Data? {
        guard let s = reference as? String, s.hasSuffix(" 0 R"),
              let stream = (objects[String(s.split(separator: " ")[0])] as? [String: Any])?["stream"] as? [String: Any],
              let base64 = stream["data"] as? String else { return nil }
        return Data(base64Encoded: base64)
    }

    /// A text string's text ("u:…" or "b:…" in qpdf's JSON).
    static func text(_ any: Any?) -> String? {
        guard let s = any as? String else { return nil }
        if s.hasPrefix("u:") { return String(s.dropFirst(2)) }
        if s.hasPrefix("b:") {
            var bytes: [UInt8] = []
            var hex = Substring(s.dropFirst(2))
            while hex.count >= 2 { bytes.append(UInt8(hex.prefix(2), radix: 16) ?? 0); hex = hex.dropFirst(2) }
            if bytes.starts(with: [0xFE, 0xFF]) {
                let units = stride(from: 2, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
                return String(decoding: units, as: UTF16.self)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        return nil
    }

    var catalog: [String: Any] { dictionary(trailer["/Root"]) ?? [:] }
    var info: [String: Any] { dictionary(trailer["/Info"]) ?? [:] }

    /// Every dictionary of the file (objects, streams' dictionaries, and those inside them).
    private var allDictionaries: [(number: String, dictionary: [String: Any])] {
        var found: [(String, [String: Any])] = []
        func walk(_ any: Any, _ number: String) {
            if let d = any as? [String: Any] {
                found.append((number, d))
                for value in d.values { walk(value, number) }
            } else if let a = any as? [Any] {
                for value in a { walk(value, number) }
            }
        }
        for (number, object) in objects {
            guard let object = object as? [String: Any] else { continue }
            if let value = object["value"] { walk(value, number) }
            if let dict = (object["stream"] as? [String: Any])?["dict"] { walk(dict, number) }
        }
        return found
    }

    private mutating func fail(_ rule: String, _ message: String) { problems.append("\(rule): \(message)") }

    /// The XMP packet, parsed: each property's namespace and name with its text.
    private func metadataProperties() -> [(namespace: String, name: String, text: String)]? {
        guard let data = streamData(catalog["/Metadata"]) else { return nil }
        final class Collector: NSObject, XMLParserDelegate {
            var properties: [(String, String, String)] = []
            var stack: [(String, String)] = []
            var text = ""
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                        attributes: [String: String] = [:]) {
                stack.append((namespaceURI ?? "", name))
                text = ""
            }
            func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
            func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
                let element = stack.removeLast()
                properties.append((element.0, element.1, text.trimmingCharacters(in: .whitespacesAndNewlines)))
            }
        }
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        let collector = Collector()
        parser.delegate = collector
        guard parser.parse() else { return nil }
        return collector.properties.map { ($0.0, $0.1, $0.2) }
    }

    // MARK: The rules

    /// What every file Quire writes must hold: metadata in step with the Info dictionary,
    /// claims identified as `claims` says ("ua-1", "a-2b"...; none: no identification).
    mutating func checkMetadata(claims: Set<String>) {
        let metadata = dictionary(catalog["/Metadata"])
        if metadata?["/Type"] as? String != "/Metadata" || metadata?["/Subtype"] as? String != "/XML" {
            fail("6.6.2.1-1", "the catalog has no /Metadata stream of /Type /Metadata /Subtype /XML")
        }
        guard let data = streamData(catalog["/Metadata"]), let packet = String(data: data, encoding: .utf8) else {
            fail("6.6.2.1-5", "the metadata is not UTF-8")
            return
        }
        if let header = packet.split(separator: "\n").first, header.contains("bytes=") || header.contains("encoding=") {
            fail("6.6.2.1-2", "the xpacket header has a bytes or encoding attribute")
        }
        guard let properties = metadataProperties() else {
            fail("6.6.2.1-4", "the XMP packet is not well-formed XML")
            return
        }
        func value(_ namespace: String, _ name: String) -> [String] {
            properties.filter { $0.namespace == namespace && $0.name == name }.map(\.text)
        }
        let dc = "http://purl.org/dc/elements/1.1/", rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
        let titles = properties.filter { $0.namespace == rdf && $0.name == "li" }
        _ = titles
        // Info and XMP agree (ISO 19005-2, 6.6.2.3: the Info entries' equivalents).
        let pairs: [(String, String, String)] = [("/Title", dc, "title"), ("/Author", dc, "creator"), ("/Subject", dc, "description"),
                                                  ("/Keywords", "http://ns.adobe.com/pdf/1.3/", "Keywords"),
                                                  ("/Creator", "http://ns.adobe.com/xap/1.0/", "CreatorTool"),
                                                  ("/Producer", "http://ns.adobe.com/pdf/1.3/", "Producer")]
        for (key, namespace, name) in pairs {
            guard let infoValue = Self.text(info[key]) else { continue }
            let xmp = value(namespace, name)
            if !xmp.contains(infoValue) { fail("Info/XMP", "\(key) is '\(infoValue)' in Info, \(xmp) in the XMP") }
        }
        if Self.text(info["/Title"]) == nil || value(dc, "title").first?.isEmpty != false {
            fail("7.1-9", "no dc:title")
        }
        for (key, name) in [("/CreationDate", "CreateDate"), ("/ModDate", "ModifyDate")] {
            guard let date = Self.text(info[key]) else { continue }
            let digits = date.filter(\.isNumber)
            let xmp = value("http://ns.adobe.com/xap/1.0/", name).first?.filter(\.isNumber) ?? ""
            if !xmp.hasPrefix(digits.prefix(14)) { fail("Info/XMP", "\(key) \(date) is not xmp:\(name) \(xmp)") }
        }
        let ua = value("http://www.aiim.org/pdfua/ns/id/", "part")
        if claims.contains("ua-1") != (ua == ["1"]) { fail("5-1", "pdfuaid:part is \(ua), the claims \(claims.sorted())") }
        let part = value("http://www.aiim.org/pdfa/ns/id/", "part"), level = value("http://www.aiim.org/pdfa/ns/id/", "conformance")
        let archival = claims.first { $0.hasPrefix("a-") }
        let written = part.isEmpty ? nil : "a-\(part[0])\(level.first?.lowercased() ?? "?")"
        if archival != written { fail("6.6.4-1", "pdfaid claims \(written ?? "nothing"), expected \(archival ?? "nothing")") }
        // Only predefined schemas, and pdfuaid declared by an extension schema when PDF/A is claimed.
        let predefined: Set<String> = [dc, rdf, "adobe:ns:meta/", "http://ns.adobe.com/xap/1.0/", "http://ns.adobe.com/pdf/1.3/",
                                       "http://www.aiim.org/pdfa/ns/id/", "http://www.aiim.org/pdfa/ns/extension/",
                                       "http://www.aiim.org/pdfa/ns/schema#", "http://www.aiim.org/pdfa/ns/property#", ""]
        for property in properties where !predefined.contains(property.namespace) {
            if property.namespace == "http://www.aiim.org/pdfua/ns/id/", archival != nil,
               !value("http://www.aiim.org/pdfa/ns/schema#", "namespaceURI").contains(property.namespace) {
                fail("6.6.2.3.1-1", "pdfuaid:\(property.name) without an extension schema")
            } else if property.namespace != "http://www.aiim.org/pdfua/ns/id/" {
                fail("6.6.2.3.1-1", "property \(property.name) of \(property.namespace), a schema PDF/A does not know")
            }
        }
    }

    /// PDF/A-2 or -3 at `level` ("a", "b", "u"): the file structure, graphics, fonts,
    /// annotations, actions, and (`part` 3) embedded files.
    mutating func checkArchival(part: Int, level: Character) {
        checkFileStructure()
        checkOutputIntent()
        checkGraphics()
        checkFonts(unicode: level != "b")
        checkAnnotationsAndActions()
        checkEmbeddedFiles(part: part)
        if level == "a" { checkTagged() }
        for key in ["/Requirements", "/NeedsRendering", "/OCProperties", "/AA", "/Perms"] where catalog[key] != nil {
            fail("6.11-1", "the catalog has \(key)")
        }
    }

    private mutating func checkFileStructure() {
        let head = [UInt8](bytes.prefix(15))
        if !head.starts(with: Array("%PDF-1.7\n%".utf8)) || head[10...13].contains(where: { $0 < 128 }) {
            fail("6.1.2-1", "the header is not %PDF-1.7 and a comment of four bytes above 127")
        }
        if (trailer["/ID"] as? [Any])?.count != 2 { fail("6.1.3-1", "no /ID in the trailer") }
        if trailer["/Encrypt"] != nil { fail("6.1.3-2", "encrypted") }
        if !bytes.suffix(6).elementsEqual(Array("%%EOF\n".utf8)) { fail("6.1.3-3", "bytes after %%EOF") }
        for (number, dict) in rawDictionaries {
            if dict["/F"] != nil || dict["/FFilter"] != nil || dict["/FDecodeParms"] != nil { fail("6.1.7.1-3", "stream \(number) has /F") }
            let filters = (dict["/Filter"] as? [Any]) ?? (dict["/Filter"].map { [$0] } ?? [])
            for case let filter as String in filters where filter != "/FlateDecode" && filter != "/DCTDecode" {
                fail("6.1.7.2-1", "stream \(number) has filter \(filter)")
            }
        }
        for (number, dict) in allDictionaries {
            for (key, value) in dict {
                if key.utf8.count > 128 { fail("6.1.13-4", "object \(number) has a name of \(key.utf8.count) bytes") }
                if let s = value as? String, s.hasPrefix("b:"), s.count / 2 - 1 > 32767 { fail("6.1.13-3", "object \(number) \(key): a string of more than 32767 bytes") }
                if let s = value as? String, s.hasPrefix("u:"), s.utf16.count * 2 + 2 > 32767 { fail("6.1.13-3", "object \(number) \(key): a string of more than 32767 bytes") }
            }
        }
    }

    private mutating func checkOutputIntent() {
        let intents = array(catalog["/OutputIntents"])
        guard intents.count == 1, let intent = dictionary(intents[0]), intent["/S"] as? String == "/GTS_PDFA1" else {
            fail("6.2.3-2", "no PDF/A output intent (/S /GTS_PDFA1)")
            return
        }
        guard let profile = streamData(intent["/DestOutputProfile"]), profile.count > 128 else {
            fail("6.2.3-1", "the output intent has no ICC profile")
            return
        }
        let header = [UInt8](profile.prefix(20))
        if String(decoding: header[12..<16], as: UTF8.self) != "mntr" || String(decoding: header[16..<20], as: UTF8.self) != "RGB " || header[8] >= 5 {
            fail("6.2.3-1", "the output profile is not an RGB display profile of version 4 or below")
        }
        if dictionary(intent["/DestOutputProfile"])?["/N"] as? Int != 3 { fail("6.2.4.2-1", "the profile's /N is not 3") }
    }

    private mutating func checkGraphics() {
        let blendModes: Set<String> = ["/Normal", "/Compatible", "/Multiply", "/Screen", "/Overlay", "/Darken", "/Lighten", "/ColorDodge",
                                       "/ColorBurn", "/HardLight", "/SoftLight", "/Difference", "/Exclusion", "/Hue", "/Saturation",
                                       "/Color", "/Luminosity"]
        for (number, dict) in allDictionaries {
            if dict["/Subtype"] as? String == "/Image" {
                if dict["/Interpolate"] as? Bool == true { fail("6.2.8-3", "image \(number) is interpolated") }
                if dict["/Alternates"] != nil || dict["/OPI"] != nil { fail("6.2.8-1", "image \(number) has /Alternates or /OPI") }
            }
            if dict["/Subtype"] as? String == "/Form", dict["/OPI"] != nil || dict["/PS"] != nil || dict["/Ref"] != nil {
                fail("6.2.9-1", "form \(number) has /OPI, /PS or /Ref")
            }
            if dict["/Subtype"] as? String == "/PS" { fail("6.2.9-3", "a PostScript XObject") }
            if dict["/TR"] != nil || dict["/HTP"] != nil { fail("6.2.5-1", "object \(number) has /TR or /HTP") }
            if let tr2 = dict["/TR2"], tr2 as? String != "/Default" { fail("6.2.5-2", "object \(number) has /TR2") }
            if let bm = dict["/BM"] as? String, !blendModes.contains(bm) { fail("6.2.10-1", "blend mode \(bm)") }
            for case let name as String in dict.values where name == "/DeviceCMYK" { fail("6.2.4.3-3", "DeviceCMYK in object \(number) with an RGB output intent") }
            if let cs = dict["/ColorSpace"] as? [Any], cs.contains(where: { $0 as? String == "/DeviceCMYK" }) {
                fail("6.2.4.3-3", "DeviceCMYK in object \(number)")
            }
        }
    }

    /// Fonts embedded (9.9), Type 2 CIDFonts with a CIDToGIDMap, no incomplete CIDSet, and
    /// (`unicode`) every code a font shows mapped to Unicode other than 0, U+FEFF, U+FFFE.
    private mutating func checkFonts(unicode: Bool) {
        for (number, dict) in allDictionaries where dict["/Type"] as? String == "/Font" {
            let subtype = dict["/Subtype"] as? String ?? ""
            if subtype == "/CIDFontType0" || subtype == "/CIDFontType2" || subtype == "/TrueType" || subtype == "/Type1" {
                let descriptor = dictionary(dict["/FontDescriptor"]) ?? [:]
                if descriptor["/FontFile"] == nil && descriptor["/FontFile2"] == nil && descriptor["/FontFile3"] == nil {
                    fail("6.2.11.4.1-1", "font \(number) is not embedded")
                }
                if descriptor["/CIDSet"] != nil { fail("6.2.11.4.2-2", "font \(number) has a CIDSet (Quire leaves it out)") }
                if subtype == "/CIDFontType2", dict["/CIDToGIDMap"] == nil { fail("6.2.11.3.2-1", "font \(number) has no CIDToGIDMap") }
            }
            guard unicode, subtype == "/Type0" || subtype == "/Type3" else { continue }
            guard let cmap = streamData(dict["/ToUnicode"]).map({ String(decoding: $0, as: UTF8.self) }) else {
                fail("6.2.11.7.2-1", "font \(number) has no ToUnicode")
                continue
            }
            let mapped = Self.mappedCodes(cmap)
            if mapped.values.contains(where: { $0.isEmpty || $0.contains(0) || $0.contains(0xFEFF) || $0.contains(0xFFFE) }) {
                fail("6.2.11.7.2-2", "font \(number) maps a code to nothing, U+0000, U+FEFF or U+FFFE")
            }
            for code in usedCodes(dict) where mapped[code] == nil {
                fail("6.2.11.7.2-1", "font \(number) shows code \(code) without a Unicode value")
            }
        }
    }

    /// The codes a font shows, as its widths record them: a Type 0 font's /W CIDs (Quire
    /// writes a width for each glyph shown), a Type 3 font's codes from 1 (code 0 is never
    /// shown: poppler's size calibration).
    private func usedCodes(_ font: [String: Any]) -> [Int] {
        if font["/Subtype"] as? String == "/Type3" {
            let last = font["/LastChar"] as? Int ?? 0
            return last >= 1 ? Array(1...last) : []
        }
        guard let cidFont = dictionary(array(font["/DescendantFonts"]).first) else { return [] }
        var codes: [Int] = []
        let w = array(cidFont["/W"])
        var i = 0
        while i + 1 < w.count {
            if let first = w[i] as? Int, let widths = resolve(w[i + 1]) as? [Any] {
                codes += (0..<widths.count).map { first + $0 }
                i += 2
            } else {
                i += 3
            }
        }
        return codes
    }

    /// Each code of a ToUnicode CMap and its UTF-16 units (bfchar and bfrange entries).
    static func mappedCodes(_ cmap: String) -> [Int: [UInt16]] {
        var result: [Int: [UInt16]] = [:]
        func units(_ hex: Substring) -> [UInt16] {
            stride(from: 0, to: hex.count - 3, by: 4).compactMap {
                UInt16(hex.dropFirst($0).prefix(4), radix: 16)
            }
        }
        let tokens = cmap.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" })
        var i = 0, mode = ""
        while i < tokens.count {
            let t = tokens[i]
            if t == "beginbfchar" || t == "beginbfrange" { mode = String(t); i += 1; continue }
            if t.hasPrefix("end") { mode = ""; i += 1; continue }
            if mode == "beginbfchar", i + 1 < tokens.count, t.hasPrefix("<"), let code = Int(t.dropFirst().dropLast(), radix: 16) {
                result[code] = units(tokens[i + 1].dropFirst().dropLast())
                i += 2
                continue
            }
            if mode == "beginbfrange", i + 2 < tokens.count, let low = Int(t.dropFirst().dropLast(), radix: 16),
               let high = Int(tokens[i + 1].dropFirst().dropLast(), radix: 16) {
                let target = tokens[i + 2]
                if target.hasPrefix("<") {
                    var u = units(target.dropFirst().dropLast())
                    for code in low...high {
                        result[code] = u
                        if !u.isEmpty { u[u.count - 1] &+= 1 }
                    }
                    i += 3
                } else {
                    // An array of destinations, one per code.
                    var j = i + 2, code = low
                    while j < tokens.count, !tokens[j].hasSuffix("]") || tokens[j] == "[" {
                        let piece = tokens[j].trimmingCharacters(in: CharacterSet(charactersIn: "[]<>"))
                        if !piece.isEmpty { result[code] = units(Substring(piece)); code += 1 }
                        j += 1
                    }
                    if j < tokens.count {
                        let piece = tokens[j].trimmingCharacters(in: CharacterSet(charactersIn: "[]<>"))
                        if !piece.isEmpty { result[code] = units(Substring(piece)) }
                    }
                    i = j + 1
                }
                continue
            }
            i += 1
        }
        return result
    }

    private mutating func checkAnnotationsAndActions() {
        for (number, dict) in allDictionaries {
            if let subtype = dict["/Subtype"] as? String, dict["/Rect"] != nil, subtype == "/Link" || dict["/Type"] as? String == "/Annot" {
                if subtype != "/Link" { fail("6.3.1-1", "annotation \(number) of subtype \(subtype)") }
                guard let flags = dict["/F"] as? Int else { fail("6.3.2-1", "annotation \(number) has no /F"); continue }
                if flags & 4 == 0 || flags & (1 | 2 | 32 | 256) != 0 { fail("6.3.2-2", "annotation \(number) has flags \(flags)") }
                if let ap = dictionary(dict["/AP"]), ap.keys.contains(where: { $0 != "/N" }) { fail("6.3.3-2", "annotation \(number)'s /AP has more than /N") }
                if dict["/AP"] == nil { fail("6.3.3-1", "annotation \(number) has no appearance") }
            }
            if let action = dict["/S"] as? String, dict["/URI"] != nil || dict["/JS"] != nil || dict["/D"] != nil || action == "/Named" || action == "/Launch" {
                if !["/URI", "/GoTo", "/GoToR"].contains(action) { fail("6.5.1-1", "action \(action) in object \(number)") }
            }
            if dict["/Type"] as? String == "/Page", dict["/AA"] != nil { fail("6.5.2-2", "page \(number) has /AA") }
        }
    }

    /// PDF/A-2: no embedded file (Quire attaches Markdown, not PDF/A); PDF/A-3: each with a
    /// MIME type, /F and /UF, /AFRelationship, and associated with the document (/AF).
    private mutating func checkEmbeddedFiles(part: Int) {
        let associated = Set(array(catalog["/AF"]).compactMap { $0 as? String })
        for (number, object) in objects {
            guard let dict = (object as? [String: Any])?["value"] as? [String: Any] ?? nil, dict["/EF"] != nil else { continue }
            guard part == 3 else { fail("6.8-5", "file specification \(number) embeds a file that is not PDF/A"); continue }
            if dict["/F"] == nil || dict["/UF"] == nil { fail("6.8-2", "file specification \(number) lacks /F or /UF") }
            if dict["/AFRelationship"] == nil { fail("6.8-3", "file specification \(number) has no /AFRelationship") }
            if !associated.contains("\(number) 0 R") { fail("6.8-4", "file specification \(number) is not in the catalog's /AF") }
            let stream = dictionary((dictionary(dict["/EF"]) ?? [:])["/F"]) ?? [:]
            let mime = (stream["/Subtype"] as? String).map { String($0.dropFirst()).replacingOccurrences(of: "#2F", with: "/") } ?? ""
            if mime.range(of: #"^[-\w+\.]+/[-\w+\.]+$"#, options: .regularExpression) == nil { fail("6.8-1", "embedded file \(number) has MIME type '\(mime)'") }
            if (stream["/Params"] as? [String: Any])?["/ModDate"] == nil { fail("6.8", "embedded file \(number) has no /Params /ModDate") }
        }
    }

    /// PDF/A level A (6.7) and PDF/UA-1's structure: marked, a structure tree, languages of
    /// the form RFC 3066 allows.
    private mutating func checkTagged() {
        if (dictionary(catalog["/MarkInfo"]) ?? [:])["/Marked"] as? Bool != true { fail("6.7.2.2-1", "/MarkInfo /Marked is not true") }
        if catalog["/StructTreeRoot"] == nil { fail("6.7.3.3-1", "no structure tree") }
        for (number, dict) in allDictionaries {
            guard let lang = Self.text(dict["/Lang"]) else { continue }
            if lang.range(of: #"^[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*$"#, options: .regularExpression) == nil {
                fail("6.7.4-1", "object \(number) has /Lang '\(lang)'")
            }
        }
    }

    /// PDF/UA-1's rules that pdfua does not check and that Quire's writing decides: the title
    /// shown, metadata, headings in sequence, notes with IDs, tables and lists of the allowed
    /// kids, links tagged and described, tab order, fonts embedded and mapped to Unicode.
    mutating func checkAccessible() {
        if (dictionary(catalog["/ViewerPreferences"]) ?? [:])["/DisplayDocTitle"] as? Bool != true { fail("7.1-10", "DisplayDocTitle is not true") }
        checkTagged()
        checkFonts(unicode: true)
        // The structure tree, in order.
        var headings: [Int] = []
        var noteIDs: [String] = []
        var linkElements = 0
        func type(_ element: [String: Any]) -> String { element["/S"] as? String ?? "" }
        var visited: Set<String> = []
        func walk(_ reference: Any?, parent: String) {
            guard let ref = reference as? String, ref.hasSuffix(" 0 R"), visited.insert(ref).inserted, let element = dictionary(ref) else { return }
            let s = type(element)
            if element["/P"] == nil { fail("7.1-12", "element \(ref) has no /P") }
            if s.count == 3, s.hasPrefix("/H"), let level = Int(s.dropFirst(2)) { headings.append(level) }
            if s == "/Note" {
                if let id = Self.text(element["/ID"]) { noteIDs.append(id) } else { fail("7.9-1", "note \(ref) has no /ID") }
            }
            if s == "/Figure" || s == "/Formula", (Self.text(element["/Alt"]) ?? "").isEmpty, element["/ActualText"] == nil {
                fail(s == "/Figure" ? "7.3-1" : "7.7-1", "\(s) \(ref) has no /Alt")
            }
            if s == "/Link" { linkElements += 1 }
            let allowedParents: [String: Set<String>] = ["/TR": ["/Table", "/THead", "/TBody", "/TFoot"], "/TH": ["/TR"], "/TD": ["/TR"],
                                                         "/THead": ["/Table"], "/TBody": ["/Table"], "/LI": ["/L"], "/LBody": ["/LI"]]
            if let parents = allowedParents[s], !parents.contains(parent) { fail("7.2", "\(s) \(ref) inside \(parent)") }
            if s == "/TH", (dictionary((element["/A"])) ?? [:])["/Scope"] == nil, !array(element["/A"]).contains(where: { dictionary($0)?["/Scope"] != nil }) {
                fail("7.5-1", "TH \(ref) has no /Scope")
            }
            let kids = resolve(element["/K"])
            for kid in (kids as? [Any]) ?? [kids as Any] { walk(kid, parent: s) }
        }
        let root = dictionary(catalog["/StructTreeRoot"]) ?? [:]
        let top = resolve(root["/K"])
        for kid in (top as? [Any]) ?? [top as Any] { walk(kid, parent: "/StructTreeRoot") }
        if let first = headings.first, first != 1 { fail("7.4.2-1", "the first heading is H\(first)") }
        for (a, b) in zip(headings, headings.dropFirst()) where b > a + 1 { fail("7.4.2-1", "H\(b) follows H\(a)") }
        if Set(noteIDs).count != noteIDs.count { fail("7.9-2", "two notes share an /ID") }
        // Pages and annotations.
        for (number, dict) in allDictionaries where dict["/Type"] as? String == "/Page" {
            let annotations = array(dict["/Annots"])
            if !annotations.isEmpty, dict["/Tabs"] as? String != "/S" { fail("7.18.3-1", "page \(number) has annotations and no /Tabs /S") }
            for case let annotation? in annotations.map({ dictionary($0) }) where annotation["/Subtype"] as? String == "/Link" {
                if (Self.text(annotation["/Contents"]) ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                    fail("7.18.5-2", "a link on page \(number) has no /Contents")
                }
                if annotation["/StructParent"] == nil { fail("7.18.5-1", "a link on page \(number) is not in the structure tree") }
            }
        }
    }
}
