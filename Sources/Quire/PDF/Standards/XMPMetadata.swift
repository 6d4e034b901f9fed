import QuireModel

/// The document's XMP metadata packet (ISO 16684-1; ISO 32000-1, 14.3.2): what the document
/// information dictionary says, in the form archives and validators read, with the
/// identification schemas of the standards the file claims (PDF/UA-1's `pdfuaid`, PDF/A's
/// `pdfaid`).
///
/// Every value is the Info dictionary's own (title, author, subject, keywords, creator tool,
/// producer, dates), so the two never disagree; the language is the catalog's /Lang. The
/// packet is UTF-8 without the `bytes` and `encoding` attributes PDF/A forbids, and without
/// padding: the same metadata always gives the same bytes.
package enum XMPMetadata {
    /// What the packet says. `date` is the creation (and modification) date, seconds since
    /// 1970 (UTC).
    package struct Content {
        package var title: String
        package var author: String = ""
        package var subject: String = ""
        package var keywords: [String] = []
        package var creator: String
        package var language: String?
        package var date: Int64
        /// The claims to identify, as written (PDF/UA-1 only when it holds).
        package var claims: PDFStandards
    }

    /// The packet's bytes. O(length of the values).
    package static func packet(_ content: Content) -> [UInt8] {
        var xml = "<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"
        xml += "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n"
        xml += description(namespaces: [("dc", "http://purl.org/dc/elements/1.1/")], body: dublinCore(content))
        let date = iso8601(content.date)
        var tool = "<xmp:CreatorTool>\(escaped(content.creator))</xmp:CreatorTool>\n"
        tool += "<xmp:CreateDate>\(date)</xmp:CreateDate>\n<xmp:ModifyDate>\(date)</xmp:ModifyDate>\n<xmp:MetadataDate>\(date)</xmp:MetadataDate>\n"
        xml += description(namespaces: [("xmp", "http://ns.adobe.com/xap/1.0/")], body: tool)
        var pdf = "<pdf:Producer>\(escaped(content.creator))</pdf:Producer>\n"
        if !content.keywords.isEmpty { pdf += "<pdf:Keywords>\(escaped(content.keywords.joined(separator: ", ")))</pdf:Keywords>\n" }
        xml += description(namespaces: [("pdf", "http://ns.adobe.com/pdf/1.3/")], body: pdf)
        if content.claims.accessible {
            xml += description(namespaces: [("pdfuaid", "http://www.aiim.org/pdfua/ns/id/")], body: "<pdfuaid:part>1</pdfuaid:part>\n")
        }
        if let archival = content.claims.archival {
            let body = "<pdfaid:part>\(archival.part)</pdfaid:part>\n<pdfaid:conformance>\(archival.level)</pdfaid:conformance>\n"
            xml += description(namespaces: [("pdfaid", "http://www.aiim.org/pdfa/ns/id/")], body: body)
            // PDF/A admits only the schemas it predefines and those the file declares:
            // pdfuaid is not among the first.
            if content.claims.accessible { xml += pdfUAExtensionSchema }
        }
        xml += "</rdf:RDF>\n</x:xmpmeta>\n<?xpacket end=\"w\"?>"
        return Array(xml.utf8)
    }

    /// dc: the title, author, subject, keywords, language and format.
    private static func dublinCore(_ content: Content) -> String {
        var dc = "<dc:format>application/pdf</dc:format>\n"
        dc += "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">\(escaped(content.title))</rdf:li></rdf:Alt></dc:title>\n"
        if !content.author.isEmpty { dc += "<dc:creator><rdf:Seq><rdf:li>\(escaped(content.author))</rdf:li></rdf:Seq></dc:creator>\n" }
        if !content.subject.isEmpty {
            dc += "<dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">\(escaped(content.subject))</rdf:li></rdf:Alt></dc:description>\n"
        }
        if !content.keywords.isEmpty {
            dc += "<dc:subject><rdf:Bag>" + content.keywords.map { "<rdf:li>\(escaped($0))</rdf:li>" }.joined() + "</rdf:Bag></dc:subject>\n"
        }
        if let language = content.language, !language.isEmpty {
            dc += "<dc:language><rdf:Bag><rdf:li>\(escaped(language))</rdf:li></rdf:Bag></dc:language>\n"
        }
        return dc
    }

    /// One rdf:Description of the document with its namespaces.
    private static func description(namespaces: [(prefix: String, uri: String)], body: String) -> String {
        let declared = namespaces.map { " xmlns:\($0.prefix)=\"\($0.uri)\"" }.joined()
        return "<rdf:Description rdf:about=\"\"\(declared)>\n\(body)</rdf:Description>\n"
    }

    /// The PDF/A extension schema declaring pdfuaid:part (ISO 19005-2, 6.6.2.3.3), as the
    /// PDF/UA-1 technical note words it.
    private static let pdfUAExtensionSchema = """
        <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" \
        xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
        <pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">
        <pdfaSchema:schema>PDF/UA Universal Accessibility Schema</pdfaSchema:schema>
        <pdfaSchema:namespaceURI>http://www.aiim.org/pdfua/ns/id/</pdfaSchema:namespaceURI>
        <pdfaSchema:prefix>pdfuaid</pdfaSchema:prefix>
        <pdfaSchema:property><rdf:Seq><rdf:li rdf:parseType="Resource">
        <pdfaProperty:name>part</pdfaProperty:name>
        <pdfaProperty:valueType>Integer</pdfaProperty:valueType>
        <pdfaProperty:category>internal</pdfaProperty:category>
        <pdfaProperty:description>Indicates, which part of ISO 14289 standard is followed</pdfaProperty:description>
        </rdf:li></rdf:Seq></pdfaSchema:property>
        </rdf:li></rdf:Bag></pdfaExtension:schemas>
        </rdf:Description>

        """

    /// `text` as XML character data: the five special characters escaped, characters XML 1.0
    /// does not allow (controls but tab and newlines, U+FFFE, U+FFFF) dropped.
    package static func escaped(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
