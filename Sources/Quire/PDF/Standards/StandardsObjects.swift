/// The objects the standards add to a document (ISO 32000-1, 14.3.2, 14.11.5, 7.11.4;
/// ISO 19005-3, 6.8): its metadata stream, the output intent that says what its colours
/// mean, and files associated with it (an embedded file and its specification).

/// A metadata stream (14.3.2): an XMP packet.
package struct PDFMetadataStreamWriter: PDFTypedDictionaryWriter, ~Copyable {
    private var dictionary: PDFDictionaryWriter

    package init(_ dictionary: consuming PDFDictionaryWriter) {
        self.dictionary = dictionary
        self.dictionary.pair(.type, .metadata)
        self.dictionary.pair(.subtype, .xml)
    }

    package consuming func end() -> PDFDictionaryWriter { dictionary }
}

/// An output intent (14.11.5) of PDF/A: the colour space the device colours of the file are
/// in, as an ICC profile.
package struct PDFOutputIntentWriter: PDFTypedDictionaryWriter, ~Copyable {
    private var dictionary: PDFDictionaryWriter

    /// Starts with its type and subtype, PDF/A's (GTS_PDFA1, which PDF/A-2 and -3 keep).
    package init(_ dictionary: consuming PDFDictionaryWriter) {
        self.dictionary = dictionary
        self.dictionary.pair(.type, .outputIntent)
        self.dictionary.pair(.s, .gtsPDFA1)
    }

    package consuming func end() -> PDFDictionaryWriter { dictionary }

    /// The condition's name, as a registry would know it ("sRGB IEC61966-2.1"), and its
    /// description.
    package mutating func condition(_ name: String) {
        dictionary.pair(.outputConditionIdentifier, text: name)
        dictionary.pair(.info, text: name)
    }

    /// The ICC profile (a stream with /N).
    package mutating func profile(_ stream: PDFReference) { dictionary.pair(.destOutputProfile, stream) }
}

/// An embedded file stream (7.11.4): a file's bytes with its media type, size and date.
package struct PDFEmbeddedFileWriter: PDFTypedDictionaryWriter, ~Copyable {
    private var dictionary: PDFDictionaryWriter

    package init(_ dictionary: consuming PDFDictionaryWriter) {
        self.dictionary = dictionary
        self.dictionary.pair(.type, .embeddedFile)
    }

    package consuming func end() -> PDFDictionaryWriter { dictionary }

    /// Markdown (text/markdown, RFC 7763).
    package mutating func markdown() { dictionary.pair(.subtype, .textMarkdown) }

    /// Its size in bytes (before compression) and when it was last changed.
    package mutating func parameters(size: Int, modified seconds: Int64) {
        dictionary.dictionary(.params) { parameters in
            parameters.pair(.size, size)
            parameters.pair(.modDate, text: pdfDate(seconds))
        }
    }
}

/// A file specification (7.11.3) of an embedded file, associated with the document (PDF 2.0
/// and ISO 19005-3's /AFRelationship).
package struct PDFFileSpecificationWriter: PDFTypedDictionaryWriter, ~Copyable {
    private var dictionary: PDFDictionaryWriter

    package init(_ dictionary: consuming PDFDictionaryWriter) {
        self.dictionary = dictionary
        self.dictionary.pair(.type, .filespec)
    }

    package consuming func end() -> PDFDictionaryWriter { dictionary }

    /// Its name, as a byte string (/F, ASCII as it is, UTF-8 bytes escaped) and a text
    /// string (/UF).
    package mutating func name(_ name: String) {
        dictionary.pair(.f, bytes: name.utf8)
        dictionary.pair(.uf, text: name)
    }

    package mutating func description(_ text: String) { dictionary.pair(.desc, text: text) }

    /// The file is the source the document was made from.
    package mutating func isSource() { dictionary.pair(.afRelationship, .source) }

    /// Its bytes: the embedded file stream, for /F and /UF alike.
    package mutating func embedded(_ stream: PDFReference) {
        dictionary.dictionary(.ef) { files in
            files.pair(.f, stream)
            files.pair(.uf, stream)
        }
    }
}
