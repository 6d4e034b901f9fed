import Foundation

/// Reads a PDF through qpdf and pdftotext.
struct PDFInspector {
    let pdf: URL

    /// `qpdf --check`: passes when it exits 0 and prints no WARNING.
    func check() throws -> (passed: Bool, output: String) {
        let r = try Run.run(try Run.tool("qpdf"), ["--check", pdf.path])
        let output = r.stdoutText + r.stderrText
        return (r.status == 0 && !output.contains("WARNING"), output)
    }

    /// What poppler (`pdftoppm`), MuPDF (`mutool draw`) and Ghostscript (`gs -sDEVICE=png16m`)
    /// say while drawing every page (at 10 dpi: the whole file is read, little is painted);
    /// empty when all three are silent and succeed.
    func readerProblems() throws -> [String] {
        let scratch = try TemporaryDirectory(prefix: "readers")
        let out = scratch.url.path
        var problems: [String] = []
        let poppler = try Run.run(try Run.tool("pdftoppm"), ["-r", "10", "-png", pdf.path, out + "/poppler"])
        if poppler.status != 0 || !poppler.stderrText.isEmpty { problems.append("pdftoppm (\(poppler.status)): \(poppler.stderrText)") }
        let mupdf = try Run.run(try Run.tool("mutool"), ["draw", "-q", "-r", "10", "-o", out + "/mupdf%d.png", pdf.path])
        // This build of MuPDF says on every run that it has no ICC support: not about the file.
        let complaints = mupdf.stderrText.split(separator: "\n").filter { !$0.contains("ICC support is not available") }
        if mupdf.status != 0 || !complaints.isEmpty { problems.append("mutool draw (\(mupdf.status)): \(complaints.joined(separator: "\n"))") }
        let gs = try Run.run(try Run.tool("gs"), ["-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=png16m", "-r10",
                                                  "-sOutputFile=" + out + "/gs%d.png", pdf.path])
        if gs.status != 0 || !(gs.stdoutText + gs.stderrText).isEmpty { problems.append("gs (\(gs.status)): \(gs.stdoutText)\(gs.stderrText)") }
        return problems
    }

    /// The text as `pdftotext -enc UTF-8` extracts it.
    func text() throws -> String {
        let r = try Run.run(try Run.tool("pdftotext"), ["-enc", "UTF-8", pdf.path, "-"])
        guard r.status == 0 else { throw RunError(description: "pdftotext failed (\(r.status)): \(r.stderrText)") }
        return r.stdoutText
    }

    /// The text as MuPDF extracts it (`mutool draw -F txt`), which follows the content's order.
    func mupdfText() throws -> String {
        let r = try Run.run(try Run.tool("mutool"), ["draw", "-q", "-F", "txt", "-o", "-", pdf.path])
        guard r.status == 0 else { throw RunError(description: "mutool draw -F txt failed (\(r.status)): \(r.stderrText)") }
        return r.stdoutText
    }

    /// Entries in the document outline, counted through "kids".
    func outlineCount() throws -> Int {
        let json = try qpdfJSON(["--json", "--json-key=outlines"])
        guard let outlines = json["outlines"] as? [Any] else { throw RunError(description: "qpdf JSON has no \"outlines\" array") }
        func count(_ entries: [Any]) -> Int {
            entries.reduce(0) { sum, entry in
                sum + 1 + (((entry as? [String: Any])?["kids"] as? [Any]).map(count) ?? 0)
            }
        }
        return count(outlines)
    }

    /// Internal links and the named destinations they should reach.
    struct Links {
        /// The destination name of every link annotation with a /Dest (or a GoTo action).
        var internalTargets: [String] = []
        /// Named destinations: the catalog's /Names /Dests tree and /Dests dictionary.
        var destinations: Set<String> = []
        /// Named destinations whose array does not start with a page of this document.
        var destinationsOffPage: [String] = []
        /// The URI of every link annotation with a URI action, in annotation order.
        var uris: [String] = []
        /// The destination of every outline entry (bookmark), by name or explicit.
        var outlineTargets: [String] = []
        /// Targets with no named destination, in annotation order.
        var unresolved: [String] { internalTargets.filter { !destinations.contains($0) } }
        /// Outline entries leading nowhere.
        var unresolvedOutline: [String] { outlineTargets.filter { !destinations.contains($0) } }
    }

    func links() throws -> Links {
        let json = try qpdfJSON(["--json=2", "--json-key=qpdf"])
        guard let qpdf = json["qpdf"] as? [Any], qpdf.count > 1, let objects = qpdf[1] as? [String: Any] else {
            throw RunError(description: "qpdf JSON v2 has no objects section")
        }
        /// An object's value (a stream's dictionary for streams).
        func value(_ ref: String) -> Any? {
            guard let object = objects["obj:" + ref] as? [String: Any] else { return nil }
            return object["value"] ?? (object["stream"] as? [String: Any])?["dict"]
        }
        /// Follows an indirect reference ("12 0 R") to its value; other values stay.
        func resolve(_ any: Any?) -> Any? {
            if let s = any as? String, s.hasSuffix(" R") { return value(s) }
            return any
        }
        var pages = Set<String>()
        var catalog: [String: Any]?
        var result = Links()
        for (key, object) in objects {
            guard key.hasPrefix("obj:"), let dict = (object as? [String: Any])?["value"] as? [String: Any] else { continue }
            switch dict["/Type"] as? String {
            case "/Page": pages.insert(String(key.dropFirst(4)))
            case "/Catalog": catalog = dict
            default: break
            }
        }
        var destinationArrays: [String: Any] = [:]
        if let catalog {
            if let names = resolve(catalog["/Names"]) as? [String: Any], let root = resolve(names["/Dests"]) {
                var seen = Set<String>()
                func walk(_ node: Any?) {
                    guard let node = resolve(node) as? [String: Any] else { return }
                    if let pairs = node["/Names"] as? [Any] {
                        for i in stride(from: 0, to: pairs.count - 1, by: 2) {
                            if let name = pdfString(pairs[i]) { destinationArrays[name] = pairs[i + 1] }
                        }
                    }
                    for kid in node["/Kids"] as? [Any] ?? [] {
                        if let ref = kid as? String, !seen.insert(ref).inserted { continue }
                        walk(kid)
                    }
                }
                walk(root)
            }
            if let dests = resolve(catalog["/Dests"]) as? [String: Any] {
                for (name, dest) in dests { destinationArrays[String(name.dropFirst())] = dest }
            }
        }
        for (name, dest) in destinationArrays {
            result.destinations.insert(name)
            var array = resolve(dest)
            if let dict = array as? [String: Any] { array = resolve(dict["/D"]) }
            if let first = (array as? [Any])?.first as? String, pages.contains(first) { continue }
            result.destinationsOffPage.append(name)
        }
        // Link annotations, in a stable order (by object number).
        let annotations = objects.compactMap { key, object -> (Int, [String: Any])? in
            guard let dict = (object as? [String: Any])?["value"] as? [String: Any],
                  dict["/Subtype"] as? String == "/Link" else { return nil }
            return (Int(key.dropFirst(4).prefix { $0.isNumber }) ?? 0, dict)
        }.sorted { $0.0 < $1.0 }
        /// The target a link or outline item names, if internal: a name, or an explicit
        /// destination (which resolves when it names a page of this document).
        func target(_ item: [String: Any]) -> String? {
            var dest = resolve(item["/Dest"])
            if dest == nil, let action = resolve(item["/A"]) as? [String: Any], action["/S"] as? String == "/GoTo" {
                dest = resolve(action["/D"])
            }
            guard let dest else { return nil }
            if let name = pdfString(dest) { return name }
            guard let array = dest as? [Any] else { return nil }
            let page = array.first as? String ?? ""
            let name = "<explicit \(page)>"
            if pages.contains(page) { result.destinations.insert(name) }
            return name
        }
        for (_, link) in annotations {
            if let name = target(link) { result.internalTargets.append(name) }
            if let action = resolve(link["/A"]) as? [String: Any], action["/S"] as? String == "/URI",
               let uri = resolve(action["/URI"]).flatMap(pdfString) {
                result.uris.append(uri)
            }
        }
        // Outline items: objects with a title and a parent in the outline tree.
        for (key, object) in objects.sorted(by: { $0.key < $1.key }) {
            guard key.hasPrefix("obj:"), let dict = (object as? [String: Any])?["value"] as? [String: Any],
                  dict["/Title"] != nil, dict["/Parent"] != nil else { continue }
            result.outlineTargets.append(target(dict) ?? "<no destination>")
        }
        return result
    }

    /// A destination name from qpdf JSON v2: "u:text", "b:hex" or a name object "/name".
    private func pdfString(_ any: Any) -> String? {
        guard let s = any as? String else { return nil }
        if s.hasPrefix("u:") { return String(s.dropFirst(2)) }
        if s.hasPrefix("b:") {
            var bytes: [UInt8] = []
            var hex = s.dropFirst(2)[...]
            while hex.count >= 2 {
                guard let b = UInt8(hex.prefix(2), radix: 16) else { return nil }
                bytes.append(b)
                hex = hex.dropFirst(2)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        if s.hasPrefix("/") { return String(s.dropFirst()) }
        return nil
    }

    private func qpdfJSON(_ options: [String]) throws -> [String: Any] {
        let r = try Run.run(try Run.tool("qpdf"), options + [pdf.path])
        // qpdf exits 3 for warnings; the JSON is still complete then.
        guard r.status == 0 || r.status == 3 else { throw RunError(description: "qpdf \(options) failed (\(r.status)): \(r.stderrText)") }
        guard let json = try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any] else {
            throw RunError(description: "qpdf \(options) did not print a JSON object")
        }
        return json
    }
}
