/// External objects a page draws (ISO 32000-1, 8.8 to 8.10): images and forms, each a stream
/// whose dictionary these write (the file adds /Length, and /Filter when it deflates).

/// An image XObject (8.9.5): 8 bits per component, smoothed when scaled.
package struct PDFImageWriter: PDFTypedDictionaryWriter, ~Copyable {
    package enum ColorSpace { case gray, rgb, cmyk }

    private var dictionary: PDFDictionaryWriter

    package init(_ dictionary: consuming PDFDictionaryWriter) {
        self.dictionary = dictionary
        self.dictionary.pair(.type, .xObject)
        self.dictionary.pair(.subtype, .image)
    }

    package consuming func end() -> PDFDictionaryWriter { dictionary }

    /// The size in pixels, then the colour space: the entries every image starts with.
    package mutating func pixels(width: Int, height: Int, _ colorSpace: ColorSpace) {
        dictionary.pair(.width, width)
        dictionary.pair(.height, height)
        switch colorSpace {
        case .gray: dictionary.pair(.colorSpace, .deviceGray)
        case .rgb: dictionary.pair(.colorSpace, .deviceRGB)
        case .cmyk: dictionary.pair(.colorSpace, .deviceCMYK)
        }
    }

    /// CMYK stored with its inks inverted (Adobe's JPEGs): each component read as 1 - value.
    package mutating func invertedCMYK() {
        dictionary.array(.decode) { decode in
            for _ in 0..<4 {
                decode.item(1)
                decode.item(0)
            }
        }
    }

    /// 8 bits per component, interpolated when scaled up if `interpolated` (PDF/A forbids it).
    package mutating func eightBits(interpolated: Bool) {
        dictionary.pair(.bitsPerComponent, 8)
        if interpolated { dictionary.pair(.interpolate, true) }
    }

    /// The data is a JPEG file's, as it is (/DCTDecode).
    package mutating func jpeg() { dictionary.pair(.filter, .dctDecode) }

    /// The image's transparency: a grey image of its alpha.
    package mutating func softMask(_ mask: PDFReference) { dictionary.pair(.sMask, mask) }
}

/// A form XObject (8.10): content drawn in its own space, here a page of another PDF (an SVG
/// that Cairo drew), or furniture drawn over a page at the end (`FurnitureDeferral`).
package struct PDFFormWriter: PDFTypedDictionaryWriter, ~Copyable {
    private var dictionary: PDFDictionaryWriter

    package init(_ dictionary: consuming PDFDictionaryWriter) {
        self.dictionary = dictionary
        self.dictionary.pair(.type, .xObject)
        self.dictionary.pair(.subtype, .form)
    }

    package consuming func end() -> PDFDictionaryWriter { dictionary }

    /// The form's box in its own units (left, bottom, right, top), to 3 decimals.
    package mutating func bBox(_ box: [Double]) { dictionary.array(.bBox) { $0.items(box, decimals: 3) } }

    /// Its resources: a dictionary of this file's (the pages' own).
    package mutating func resources(_ resources: PDFReference) { dictionary.pair(.resources, resources) }

    /// Its resources: a dictionary copied from the other PDF, as written there.
    package mutating func resources(copied value: [UInt8]) { dictionary.pair(.resources, copied: value) }

    /// Its transparency group, copied from the other PDF.
    package mutating func group(copied value: [UInt8]) { dictionary.pair(.group, copied: value) }

    /// The content is deflated (as it came, or deflated here).
    package mutating func deflated() { dictionary.pair(.filter, .flateDecode) }
}
