import Foundation

/// Walks a PDF's structure tree against its pages' marked content, read through qpdf's JSON
/// (an independent reader): every piece of marked content is in the tree and in the parent
/// tree, all content is marked (as an element's or as an artifact), every link annotation has
/// a `Link` element, every image drawn is a `Figure` with alternate text.
struct TaggedPDF {
    struct Report {
        var problems: [String] = []
        /// Structure elements by type ("P": 12).
        var roles: [String: Int] = [:]
        var markedContent = 0
        var links = 0
        var figuresDrawn = 0
        var language: String?
        /// Each `Formula` element's alternate text (its TeX), in tree order.
        var formulaAlts: [String] = []
    }

    /// Reads `pdf` whole (its streams decoded) and checks it. Throws only when qpdf fails.
    static func check(_ pdf: URL) throws -> Report {
        let r = try Run.run(try Run.tool("qpdf"), ["--json=2", "--json-key=qpdf", "--json-stream-data=inline",
                                                    "--decode-level=generalized", pdf.path])
        guard r.status == 0 || r.status == 3,
              let json = try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any],
              let qpdf = json["qpdf"] as? [Any], qpdf.count > 1, let objects = qpdf[1] as? [String: Any] else {
            throw RunError(description: "qpdf JSON failed (\(r.status)): \(r.stderrText)")
        }
        var walk = Walk(objects: objects)
        return walk.run()
    }

    private struct Walk {
        let objects: [String: Any]
        var report = Report()

        init(objects: [String: Any]) { self.objects = objects }

        func object(_ ref: String) -> [String: Any]? { objects["obj:" + ref] as? [String: Any] }
        func value(_ any: Any?) -> Any? {
            if let s = any as? String, s.hasSuffix(" R"), let o = object(s) { return o["value"] ?? (o["stream"] as? [String: Any])?["dict"] }
            return any
        }
        func dict(_ any: Any?) -> [String: Any]? { value(any) as? [String: Any] }
        func array(_ any: Any?) -> [Any] { value(any) as? [Any] ?? [] }
        func streamData(_ ref: String) -> Data? {
            guard let stream = object(ref)?["stream"] as? [String: Any], let b64 = stream["data"] as? String else { return nil }
            return Data(base64Encoded: b64)
        }
        func text(_ any: Any?) -> String? {
            guard let s = value(any) as? String else { return nil }
            if s.hasPrefix("u:") { return String(s.dropFirst(2)) }
            if s.hasPrefix("b:") { return String(s.dropFirst(2)) }
            return s
        }

        mutating func run() -> Report {
            guard let trailer = (objects["trailer"] as? [String: Any])?["value"] as? [String: Any],
                  let catalog = dict(trailer["/Root"]) else { return fail("no catalog") }
            if (dict(catalog["/MarkInfo"])?["/Marked"] as? Bool) != true { report.problems.append("catalog: /MarkInfo /Marked is not true") }
            report.language = text(catalog["/Lang"])
            if report.language?.isEmpty ?? true { report.problems.append("catalog: no /Lang") }
            // Pages in order.
            var pages: [String] = []
            func collect(_ node: Any?, depth: Int) {
                guard depth < 64, let ref = node as? String, let d = dict(ref) else { return }
                if d["/Type"] as? String == "/Page" { pages.append(ref) } else { for kid in array(d["/Kids"]) { collect(kid, depth: depth + 1) } }
            }
            collect(catalog["/Pages"], depth: 0)
            guard let root = dict(catalog["/StructTreeRoot"]) else { return fail("no /StructTreeRoot") }

            // The tree: who owns each marked content and annotation.
            var owner: [String: String] = [:]  // "page mcid" -> element ref
            var annotationOwner: [String: String] = [:]
            var visited = Set<String>()
            var stack: [(ref: String, page: String?)] = array(root["/K"]).isEmpty
                ? [(root["/K"] as? String ?? "", nil)] : array(root["/K"]).compactMap { ($0 as? String).map { ($0, nil) } }
            while let (ref, inherited) = stack.popLast() {
                guard visited.insert(ref).inserted, let e = dict(ref) else { continue }
                let role = (e["/S"] as? String ?? "?").replacingOccurrences(of: "/", with: "")
                report.roles[role, default: 0] += 1
                let page = e["/Pg"] as? String ?? inherited
                let kids: [Any] = (e["/K"] as? [Any]) ?? (e["/K"].map { [$0] } ?? [])
                for kid in kids {
                    if let mcid = kid as? Int {
                        guard let page else { report.problems.append("\(role) \(ref): MCID \(mcid) without a page"); continue }
                        if owner.updateValue(ref, forKey: "\(page) \(mcid)") != nil { report.problems.append("MCID \(mcid) of \(page) owned twice") }
                    } else if let d = kid as? [String: Any] {
                        if d["/Type"] as? String == "/OBJR", let annotation = d["/Obj"] as? String {
                            annotationOwner[annotation] = ref
                        } else if let mcid = d["/MCID"] as? Int, let pg = (d["/Pg"] as? String) ?? page {
                            if owner.updateValue(ref, forKey: "\(pg) \(mcid)") != nil { report.problems.append("MCID \(mcid) of \(pg) owned twice") }
                        }
                    } else if let child = kid as? String {
                        if (dict(child)?["/P"] as? String) != ref { report.problems.append("\(child) does not name \(ref) as its parent") }
                        stack.append((child, page))
                    }
                }
                if role == "Figure" || role == "Formula", (text(e["/Alt"]) ?? "").isEmpty, !kids.isEmpty {
                    report.problems.append("\(role) \(ref) without /Alt")
                }
                if role == "Formula", let alt = text(e["/Alt"]) { report.formulaAlts.append(alt) }
            }

            // The parent tree, key by key.
            var parents: [Int: Any] = [:]
            func numbers(_ node: Any?, depth: Int) {
                guard depth < 32, let d = dict(node) else { return }
                let nums = array(d["/Nums"])
                for i in stride(from: 0, to: nums.count - 1, by: 2) { if let k = nums[i] as? Int { parents[k] = nums[i + 1] } }
                for kid in array(d["/Kids"]) { numbers(kid, depth: depth + 1) }
            }
            numbers(root["/ParentTree"], depth: 0)

            // Each page's content against the tree.
            var seen = Set<String>()
            for (n, page) in pages.enumerated() {
                guard let p = dict(page) else { continue }
                let key = p["/StructParents"] as? Int
                let byMCID = key.flatMap { parents[$0] }.map(array) ?? []
                let contents: [String] = (p["/Contents"] as? String).map { [$0] } ?? array(p["/Contents"]).compactMap { $0 as? String }
                var data = Data()
                for c in contents { data += streamData(c) ?? Data(); data.append(0x0A) }
                for mark in Content.marks(Array(data)) {
                    switch mark {
                    case .mcid(let mcid):
                        report.markedContent += 1
                        let id = "\(page) \(mcid)"
                        seen.insert(id)
                        guard let element = owner[id] else { report.problems.append("page \(n + 1): MCID \(mcid) is in no element"); continue }
                        if mcid >= byMCID.count || (byMCID[mcid] as? String) != element {
                            report.problems.append("page \(n + 1): MCID \(mcid) is not in the parent tree under \(element)")
                        }
                    case .unmarked(let op):
                        report.problems.append("page \(n + 1): '\(op)' outside any marked content")
                    case .nestedMCID:
                        report.problems.append("page \(n + 1): marked content with an MCID inside another")
                    case .drawn(let mcid):
                        report.figuresDrawn += 1
                        if let element = owner["\(page) \(mcid)"], (dict(element)?["/S"] as? String) != "/Figure" {
                            report.problems.append("page \(n + 1): an image drawn in a \(dict(element)?["/S"] ?? "?"), not a Figure")
                        }
                    }
                }
                for annotation in array(p["/Annots"]).compactMap({ $0 as? String }) {
                    guard let a = dict(annotation), a["/Subtype"] as? String == "/Link" else { continue }
                    report.links += 1
                    guard let k = a["/StructParent"] as? Int, let element = parents[k] as? String,
                          dict(element)?["/S"] as? String == "/Link", annotationOwner[annotation] == element else {
                        report.problems.append("page \(n + 1): link \(annotation) has no Link element"); continue
                    }
                    if (text(a["/Contents"]) ?? "").isEmpty { report.problems.append("page \(n + 1): link \(annotation) without /Contents") }
                }
            }
            for id in owner.keys where !seen.contains(id) { report.problems.append("the tree names marked content \(id) no page has") }
            return report
        }

        private mutating func fail(_ message: String) -> Report {
            report.problems.append(message)
            return report
        }
    }

    /// A content stream's marked content, read token by token.
    enum Content {
        enum Mark {
            case mcid(Int)
            /// A text or image operator outside every marked-content sequence.
            case unmarked(String)
            case nestedMCID
            /// An XObject drawn inside the marked content of this MCID.
            case drawn(Int)
        }

        static func marks(_ b: [UInt8]) -> [Mark] {
            var out: [Mark] = []
            var operands: [String] = []
            // Each open sequence: its MCID, or whether it is an artifact (a span is neither).
            var stack: [(mcid: Int?, artifact: Bool)] = []
            var dictDepth = 0
            var i = 0
            func isDelimiter(_ c: UInt8) -> Bool { c <= 0x20 || "()<>[]{}/%".utf8.contains(c) }
            while i < b.count {
                let c = b[i]
                if c <= 0x20 { i += 1; continue }
                switch c {
                case UInt8(ascii: "%"):
                    while i < b.count, b[i] != 0x0A, b[i] != 0x0D { i += 1 }
                case UInt8(ascii: "("):
                    var depth = 0
                    while i < b.count {
                        let d = b[i]; i += 1
                        if d == UInt8(ascii: "\\") { i += 1; continue }
                        if d == UInt8(ascii: "(") { depth += 1 }
                        if d == UInt8(ascii: ")") { depth -= 1; if depth == 0 { break } }
                    }
                    operands.append("(string)")
                case UInt8(ascii: "<") where i + 1 < b.count && b[i + 1] == UInt8(ascii: "<"):
                    dictDepth += 1; i += 2; operands.append("<<")
                case UInt8(ascii: ">") where i + 1 < b.count && b[i + 1] == UInt8(ascii: ">"):
                    dictDepth -= 1; i += 2; operands.append(">>")
                case UInt8(ascii: "<"):
                    while i < b.count, b[i] != UInt8(ascii: ">") { i += 1 }
                    i += 1; operands.append("<hex>")
                case UInt8(ascii: "["), UInt8(ascii: "]"):
                    i += 1
                default:
                    var j = i + (c == UInt8(ascii: "/") ? 1 : 0)
                    while j < b.count, !isDelimiter(b[j]) { j += 1 }
                    let word = String(decoding: b[i..<max(j, i + 1)], as: UTF8.self)
                    i = max(j, i + 1)
                    let isOperator = dictDepth == 0 && !word.hasPrefix("/") && Double(word) == nil && word != "true" && word != "false" && word != "null"
                    guard isOperator else { operands.append(word); continue }
                    switch word {
                    case "BDC", "BMC":
                        var mcid: Int?
                        if word == "BDC", let k = operands.lastIndex(of: "/MCID"), k + 1 < operands.count { mcid = Int(operands[k + 1]) }
                        if mcid != nil, stack.contains(where: { $0.mcid != nil }) { out.append(.nestedMCID) }
                        if let mcid { out.append(.mcid(mcid)) }
                        stack.append((mcid, operands.first == "/Artifact"))
                    case "EMC":
                        _ = stack.popLast()
                    case "Tj", "TJ", "'", "\"", "Do", "f", "S", "B", "b", "s", "F", "f*", "B*", "b*", "sh":
                        if !stack.contains(where: { $0.mcid != nil || $0.artifact }) { out.append(.unmarked(word)) }
                        if word == "Do", let mcid = stack.last(where: { $0.mcid != nil })?.mcid { out.append(.drawn(mcid)) }
                    default:
                        break
                    }
                    operands = []
                }
            }
            return out
        }
    }
}
