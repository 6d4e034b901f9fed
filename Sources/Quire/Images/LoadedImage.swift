// Images is the image-library boundary: LoadedImage.swift and ImageLibraries.swift are the
// only files that call gdk-pixbuf and librsvg, and decode with Cairo's image surfaces.
import CCairo
import CGLib
#if canImport(Glibc)
import Glibc
#endif
import QuireModel

/// An image checked to decode, with its intrinsic size: what layout places and the preview
/// draws (`draw(in:)`, in Drawing). The one file that calls gdk-pixbuf and librsvg (through
/// `PixbufLibrary` and `SVGLibrary`, opened on first use) and decodes with Cairo's image
/// surfaces: the image-library boundary.
///
/// Only the encoded bytes are kept. Decoding happens when the image is loaded (to check the
/// data and learn its size) and again when it is written into the PDF (`rasterPixels`; a
/// JPEG is embedded as it is, `jpegInfo`) or drawn into a preview, into a Cairo surface freed
/// right after: a document of many large images holds only their compressed bytes. PNG is
/// decoded by Cairo, JPEG, GIF (first frame) and WebP (first frame; Debian's
/// webp-pixbuf-loader, a gdk-pixbuf loader) by gdk-pixbuf, SVG is drawn as vectors by
/// librsvg (which loads no external resource: it is given no base URL).
package final class LoadedImage: PaintedImage {
    package typealias Format = ImageFormat

    package let format: Format
    /// Intrinsic size in points: pixels (CSS pixels for SVG) at 96 per inch.
    package let width: Double
    package let height: Double
    package let bytes: [UInt8]
    /// The static badge this SVG draws (`StaticBadge`), when Quire drew it from its URL.
    package let badge: BadgeDrawing?
    /// The libraries it was decoded with, which decode it again to draw it.
    package let libraries: ImageLibraries

    /// Points per pixel: CSS's 96 pixels per inch.
    package static let pointsPerPixel = 0.75
    /// Raster images with more pixels than this are refused (bounded memory: one decoded
    /// image at a time, at most 160 MB).
    package static let maximumPixels = 40_000_000
    /// Cairo's largest image surface side.
    package static let maximumSide = 32_767

    private init(format: Format, width: Double, height: Double, bytes: [UInt8], badge: BadgeDrawing? = nil,
                 libraries: ImageLibraries) {
        self.libraries = libraries
        self.format = format
        self.width = width
        self.height = height
        self.bytes = bytes
        self.badge = badge
    }

    /// A static badge drawn as an SVG, checked to decode like any SVG, keeping its layout.
    package static func drawing(_ badge: BadgeDrawing, _ libraries: ImageLibraries) throws -> LoadedImage {
        let svg = try decode(Array(badge.svg().utf8), libraries)
        return LoadedImage(format: .svg, width: svg.width, height: svg.height, bytes: svg.bytes, badge: badge, libraries: libraries)
    }

    /// Checks that `bytes` hold a PNG, JPEG, GIF, WebP or SVG image that decodes, and measures it.
    /// - Throws: `ImageError` naming the problem (unknown format, corrupt data, no size).
    /// - Complexity: one full decode of the image.
    package static func decode(_ bytes: [UInt8], _ libraries: ImageLibraries) throws -> LoadedImage {
        guard let format = sniff(bytes) else {
            throw ImageError(message: "not a PNG, JPEG, GIF, WebP or SVG image")
        }
        if format == .svg {
            let (handle, size) = try svgHandle(bytes, libraries)
            g_object_unref(UnsafeMutableRawPointer(handle))
            return LoadedImage(format: .svg, width: size.width * pointsPerPixel, height: size.height * pointsPerPixel, bytes: bytes,
                               libraries: libraries)
        }
        guard let (w, h) = headerSize(format, bytes), w > 0, h > 0 else {
            throw ImageError(message: "corrupt \(format.rawValue.uppercased()): no image size")
        }
        guard w <= maximumSide, h <= maximumSide, w * h <= maximumPixels else {
            throw ImageError(message: "\(w) × \(h) pixels is too large (at most \(maximumPixels / 1_000_000) million)")
        }
        let raster = try rasterSurface(format, bytes, checking: true, libraries)
        cairo_surface_destroy(raster)
        return LoadedImage(format: format, width: Double(w) * pointsPerPixel, height: Double(h) * pointsPerPixel, bytes: bytes,
                           libraries: libraries)
    }

    /// The format from the first bytes: PNG, JPEG and GIF signatures, WebP's RIFF container
    /// (`RIFF`, a length, `WEBP`); SVG as XML text whose first kilobytes open an `<svg` element.
    package static func sniff(_ bytes: [UInt8]) -> Format? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return .gif }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), bytes[8..<12].elementsEqual("WEBP".utf8) { return .webp }
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        let trimmed = head.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        if trimmed.hasPrefix("<"), head.contains("<svg") { return .svg }
        return nil
    }

    // MARK: SVG

    /// A librsvg handle for `bytes` at 96 dpi and its intrinsic size in CSS pixels (its
    /// width and height, else its viewBox, else CSS's default 300 × 150). Unref the handle.
    package static func svgHandle(_ bytes: [UInt8], _ libraries: ImageLibraries) throws(ImageError)
        -> (OpaquePointer, (width: Double, height: Double)) {
        let rsvg = try libraries.svg.value.get()
        var error: UnsafeMutablePointer<GError>?
        guard let handle = bytes.withUnsafeBufferPointer({ rsvg.rsvgNewFromData($0.baseAddress, UInt($0.count), &error) }) else {
            throw ImageError(message: "corrupt SVG: \(consume(error))")
        }
        rsvg.rsvgSetDPI(handle, 96)
        var width = 0.0, height = 0.0
        if rsvg.rsvgIntrinsicSizeInPixels(handle, &width, &height) == 0 {
            var hasWidth: Int32 = 0, hasHeight: Int32 = 0, hasViewBox: Int32 = 0
            var box = [0.0, 0, 0, 0]  // an RsvgRectangle: x, y, width, height
            // Two RsvgLengths (a double and an enum: 16 bytes each), not read.
            withUnsafeTemporaryAllocation(byteCount: 32, alignment: 8) { lengths in
                rsvg.rsvgIntrinsicDimensions(handle, &hasWidth, lengths.baseAddress, &hasHeight, lengths.baseAddress! + 16,
                                             &hasViewBox, &box)
            }
            if hasViewBox != 0, box[2] > 0, box[3] > 0 {
                (width, height) = (box[2], box[3])
            } else {
                (width, height) = (300, 150)
            }
        }
        guard width > 0, height > 0, width.isFinite, height.isFinite else {
            g_object_unref(UnsafeMutableRawPointer(handle))
            throw ImageError(message: "SVG has no size")
        }
        return (handle, (width, height))
    }

    // MARK: Raster

    /// The image decoded into a new Cairo image surface (the caller destroys it). `checking`
    /// (when loading): a JPEG is decoded at 1/8 size, which libjpeg does fast, enough to
    /// check it; otherwise whole.
    package static func rasterSurface(_ format: Format, _ bytes: [UInt8], checking: Bool, _ libraries: ImageLibraries) throws -> OpaquePointer {
        switch format {
        case .png:
            return try cairoPNG(bytes)
        case .jpeg:
            return try pixbuf("jpeg", bytes, divide: checking ? 8 : 1, libraries)
        case .gif, .svg:
            return try pixbuf("gif", bytes, divide: 1, libraries)
        case .webp:
            return try pixbuf("webp", bytes, divide: 1, libraries)
        }
    }

    /// Width and height in pixels from the file's header.
    private static func headerSize(_ format: Format, _ b: [UInt8]) -> (Int, Int)? {
        switch format {
        case .png: return pngSize(b)
        case .jpeg: return jpegSize(b)
        case .gif: return b.count >= 10 ? (Int(b[6]) | Int(b[7]) << 8, Int(b[8]) | Int(b[9]) << 8) : nil
        case .webp: return webpSize(b)
        case .svg: return nil
        }
    }

    /// Width and height from a PNG's IHDR chunk.
    private static func pngSize(_ b: [UInt8]) -> (Int, Int)? {
        guard b.count >= 24 else { return nil }
        let be = { (i: Int) in Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
        return (be(16), be(20))
    }

    /// Width and height from a WebP's first chunk (RFC 9649): `VP8 ` (lossy: 14-bit sizes after
    /// the frame's start code), `VP8L` (lossless: 14-bit sizes less one, packed after 0x2F) or
    /// `VP8X` (extended: 24-bit canvas sizes less one).
    private static func webpSize(_ b: [UInt8]) -> (Int, Int)? {
        guard b.count >= 30 else { return nil }
        let le = { (i: Int, n: Int) in (0..<n).reduce(0) { $0 | Int(b[i + $1]) << (8 * $1) } }
        switch String(decoding: b[12..<16], as: UTF8.self) {
        case "VP8 ":
            guard b[23] == 0x9D, b[24] == 0x01, b[25] == 0x2A else { return nil }
            return (le(26, 2) & 0x3FFF, le(28, 2) & 0x3FFF)
        case "VP8L":
            guard b[20] == 0x2F else { return nil }
            let bits = le(21, 4)
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            return (le(24, 3) + 1, le(27, 3) + 1)
        default:
            return nil
        }
    }

    /// Width and height from a JPEG's start-of-frame segment (header only, no decoding).
    private static func jpegSize(_ b: [UInt8]) -> (Int, Int)? {
        var i = 2
        while i + 9 < b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return (Int(b[i + 7]) << 8 | Int(b[i + 8]), Int(b[i + 5]) << 8 | Int(b[i + 6]))
            }
            i += 2 + length
        }
        return nil
    }

    private static func cairoPNG(_ bytes: [UInt8]) throws -> OpaquePointer {
        final class Reader { let bytes: [UInt8]; var offset = 0; init(_ b: [UInt8]) { bytes = b } }
        let reader = Reader(bytes)
        let read: cairo_read_func_t = { closure, data, length in
            let reader = Unmanaged<Reader>.fromOpaque(closure!).takeUnretainedValue()
            let n = Int(length)
            guard let data, reader.offset + n <= reader.bytes.count else { return CAIRO_STATUS_READ_ERROR }
            reader.bytes.withUnsafeBufferPointer { _ = memcpy(data, $0.baseAddress! + reader.offset, n) }
            reader.offset += n
            return CAIRO_STATUS_SUCCESS
        }
        let surface = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream(read, Unmanaged.passUnretained(reader).toOpaque())!
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw ImageError(message: "corrupt PNG: \(String(cString: cairo_status_to_string(status)))")
        }
        return surface
    }

    /// Answers gdk-pixbuf's "size-prepared" signal: asks for an image `divide` times smaller.
    private final class SizeRequest {
        let divide: Int
        let setSize: @convention(c) (OpaquePointer?, Int32, Int32) -> Void
        init(divide: Int, _ library: PixbufLibrary) {
            self.divide = divide
            setSize = library.loaderSetSize
        }

        func prepare(_ loader: OpaquePointer?, _ w: Int32, _ h: Int32) {
            guard divide > 1 else { return }
            setSize(loader, max(1, w / Int32(divide)), max(1, h / Int32(divide)))
        }
    }

    /// Connects `request` to `loader`'s "size-prepared" signal (for as long as both live).
    private static func connect(_ request: SizeRequest, _ loader: OpaquePointer) {
        let prepared: @convention(c) (OpaquePointer?, Int32, Int32, gpointer?) -> Void = {
            Unmanaged<SizeRequest>.fromOpaque($3!).takeUnretainedValue().prepare($0, $1, $2)
        }
        g_signal_connect_data(UnsafeMutableRawPointer(loader), "size-prepared", unsafeBitCast(prepared, to: GCallback.self),
                              Unmanaged.passUnretained(request).toOpaque(), nil, GConnectFlags(rawValue: 0))
    }

    /// Decodes with gdk-pixbuf's loader for `type` into premultiplied ARGB (RGB without alpha).
    private static func pixbuf(_ type: String, _ bytes: [UInt8], divide: Int,
                               _ libraries: ImageLibraries) throws(ImageError) -> OpaquePointer {
        let gdk = try libraries.pixbuf.value.get()
        var error: UnsafeMutablePointer<GError>?
        guard let loader = gdk.loaderNewWithType(type, &error) else {
            throw ImageError(message: "no \(type) decoder: \(consume(error))")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        let request = SizeRequest(divide: divide, gdk)
        connect(request, loader)
        let written = withExtendedLifetime(request) {
            bytes.withUnsafeBufferPointer { gdk.loaderWrite(loader, $0.baseAddress, UInt($0.count), &error) }
        }
        let closed = written != 0 ? gdk.loaderClose(loader, &error) : gdk.loaderClose(loader, nil)
        guard written != 0, closed != 0, let pixbuf = gdk.loaderGetPixbuf(loader) else {
            throw ImageError(message: "corrupt \(type.uppercased()): \(consume(error))")
        }
        let w = Int(gdk.pixbufWidth(pixbuf)), h = Int(gdk.pixbufHeight(pixbuf))
        let channels = Int(gdk.pixbufChannels(pixbuf)), alpha = gdk.pixbufHasAlpha(pixbuf) != 0
        let rowstride = Int(gdk.pixbufRowstride(pixbuf))
        guard gdk.pixbufBitsPerSample(pixbuf) == 8, channels >= 3, let source = gdk.pixbufReadPixels(pixbuf) else {
            throw ImageError(message: "unsupported \(type.uppercased()) pixel layout")
        }
        let surface = cairo_image_surface_create(alpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24, Int32(w), Int32(h))!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let target = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            throw ImageError(message: "image too large to draw")
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<h {
            let src = source + y * rowstride
            let row = UnsafeMutableRawPointer(target + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w {
                let p = src + x * channels
                let a = alpha ? UInt32(p[3]) : 255
                func pre(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
                row[x] = a << 24 | pre(p[0]) << 16 | pre(p[1]) << 8 | pre(p[2])
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    /// A GError's message (freed), or "unknown error".
    private static func consume(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }
}



extension LoadedImage {
    /// The facts to embed this JPEG as it is, from its header; nil for another format or a
    /// JPEG a PDF reader's DCT decoder may not take (not 8 bits per sample; 2 components).
    package var jpegInfo: JPEGInfo? {
        guard format == .jpeg else { return nil }
        let b = bytes
        var i = 2, adobe = false
        while i + 9 < b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            if marker == 0xEE, i + 9 < b.count, Array(b[(i + 4)..<(i + 9)]) == Array("Adobe".utf8) { adobe = true }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                let components = Int(b[i + 9])
                guard b[i + 4] == 8, [1, 3, 4].contains(components) else { return nil }
                return JPEGInfo(width: Int(b[i + 7]) << 8 | Int(b[i + 8]), height: Int(b[i + 5]) << 8 | Int(b[i + 6]),
                                components: components, isAdobe: adobe)
            }
            i += 2 + length
        }
        return nil
    }

    /// The image decoded (PNG by Cairo, GIF's first frame and JPEG by gdk-pixbuf), alpha
    /// un-premultiplied; nil for SVG or when decoding fails now. O(pixels).
    package func rasterPixels() -> RasterPixels? {
        guard format != .svg, let surface = try? Self.rasterSurface(format, bytes, checking: false, libraries) else { return nil }
        defer { cairo_surface_destroy(surface) }
        cairo_surface_flush(surface)
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        let rowBytes = Int(cairo_image_surface_get_stride(surface))
        let hasAlpha = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32
        guard w > 0, h > 0, let data = cairo_image_surface_get_data(surface) else { return nil }
        var color = [UInt8](repeating: 0, count: w * h * 3)
        var alpha = [UInt8](repeating: 255, count: hasAlpha ? w * h : 0)
        var opaque = true, gray = true
        for y in 0..<h {
            let row = UnsafeRawPointer(data + y * rowBytes).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w {
                let p = row[x], k = y * w + x
                var r = UInt32(p >> 16 & 0xFF), g = UInt32(p >> 8 & 0xFF), b = UInt32(p & 0xFF)
                if hasAlpha {
                    let a = p >> 24
                    alpha[k] = UInt8(a)
                    if a < 255 {
                        opaque = false
                        if a > 0 { r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a }
                    }
                }
                color[3 * k] = UInt8(min(r, 255))
                color[3 * k + 1] = UInt8(min(g, 255))
                color[3 * k + 2] = UInt8(min(b, 255))
                if r != g || g != b { gray = false }
            }
        }
        if gray { color = stride(from: 0, to: color.count, by: 3).map { color[$0] } }
        return RasterPixels(width: w, height: h, components: gray ? 1 : 3, color: color, alpha: opaque ? nil : alpha)
    }
}

/// Why an image could not be used.
package struct ImageError: Error, Equatable, CustomStringConvertible {
    package var message: String
    package var description: String { message }
    package init(message: String) { self.message = message }
    /// A library the image needs could not be opened.
    package init(_ error: LibraryError) { message = error.message }
}
