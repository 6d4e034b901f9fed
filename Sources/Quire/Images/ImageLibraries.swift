// Images is the image-library boundary: LoadedImage.swift and ImageLibraries.swift are the
// only files that call gdk-pixbuf and librsvg, and decode with Cairo's image surfaces.
import CGLib
#if canImport(Glibc)
import Glibc
#endif
import QuireModel

// librsvg and gdk-pixbuf, opened with `dlopen` the first time an SVG, a GIF or a JPEG to check
// needs them, rather than linked: librsvg brings gdk-pixbuf, libxml2 and ICU with it, and
// loading them cost every run about 3 ms, a tenth of a small document's whole time, for the few
// documents that have such images. The functions are the C ones, one to one; GLib and GObject (`GError`,
// `g_object_unref`, signals) are linked (CGLib).
//
// Only the sonames of Debian's runtime packages are opened (`librsvg2-2`,
// `libgdk-pixbuf-2.0-0`); a missing library is an `ImageError` for the image, not a crash.

/// A C function's `GError **` argument.
package typealias GErrorOut = UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?

/// librsvg's functions (handles are `RsvgHandle *`).
package struct SVGLibrary: @unchecked Sendable {  // immutable C function pointers: safe to share
    package typealias ErrorOut = GErrorOut

    package let rsvgNewFromData: @convention(c) (UnsafePointer<UInt8>?, UInt, ErrorOut) -> OpaquePointer?
    package let rsvgSetDPI: @convention(c) (OpaquePointer?, Double) -> Void
    package let rsvgIntrinsicSizeInPixels: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?) -> Int32
    /// handle, has width, width (an RsvgLength), has height, height, has viewBox, viewBox (an RsvgRectangle).
    package let rsvgIntrinsicDimensions: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?, UnsafeMutableRawPointer?,
                                                 UnsafeMutablePointer<Int32>?, UnsafeMutableRawPointer?,
                                                 UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Double>?) -> Void
    /// handle, cairo_t, viewport (an RsvgRectangle: x, y, width, height), error.
    package let rsvgRenderDocument: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafePointer<Double>?, ErrorOut) -> Int32

    /// librsvg opened, or why it could not be (`ImageLibraries.svg` opens it once).
    package static func open() -> Result<SVGLibrary, ImageError> { Result { () throws(LibraryError) in try SVGLibrary() }.mapError(ImageError.init) }

    private init() throws(LibraryError) {
        let rsvg = try openLibrary("librsvg-2.so.2")
        rsvgNewFromData = try symbol(rsvg, "rsvg_handle_new_from_data")
        rsvgSetDPI = try symbol(rsvg, "rsvg_handle_set_dpi")
        rsvgIntrinsicSizeInPixels = try symbol(rsvg, "rsvg_handle_get_intrinsic_size_in_pixels")
        rsvgIntrinsicDimensions = try symbol(rsvg, "rsvg_handle_get_intrinsic_dimensions")
        rsvgRenderDocument = try symbol(rsvg, "rsvg_handle_render_document")
    }
}

/// gdk-pixbuf's functions (loaders are `GdkPixbufLoader *`, pixbufs `GdkPixbuf *`).
package struct PixbufLibrary: @unchecked Sendable {  // immutable C function pointers: safe to share
    package typealias ErrorOut = GErrorOut

    package let loaderNewWithType: @convention(c) (UnsafePointer<CChar>?, ErrorOut) -> OpaquePointer?
    package let loaderSetSize: @convention(c) (OpaquePointer?, Int32, Int32) -> Void
    package let loaderWrite: @convention(c) (OpaquePointer?, UnsafePointer<UInt8>?, UInt, ErrorOut) -> Int32
    package let loaderClose: @convention(c) (OpaquePointer?, ErrorOut) -> Int32
    package let loaderGetPixbuf: @convention(c) (OpaquePointer?) -> OpaquePointer?
    package let pixbufWidth: @convention(c) (OpaquePointer?) -> Int32
    package let pixbufHeight: @convention(c) (OpaquePointer?) -> Int32
    package let pixbufChannels: @convention(c) (OpaquePointer?) -> Int32
    package let pixbufHasAlpha: @convention(c) (OpaquePointer?) -> Int32
    package let pixbufRowstride: @convention(c) (OpaquePointer?) -> Int32
    package let pixbufBitsPerSample: @convention(c) (OpaquePointer?) -> Int32
    package let pixbufReadPixels: @convention(c) (OpaquePointer?) -> UnsafePointer<UInt8>?

    /// gdk-pixbuf opened, or why it could not be (`ImageLibraries.pixbuf` opens it once).
    package static func open() -> Result<PixbufLibrary, ImageError> { Result { () throws(LibraryError) in try PixbufLibrary() }.mapError(ImageError.init) }

    private init() throws(LibraryError) {
        let pixbuf = try openLibrary("libgdk_pixbuf-2.0.so.0")
        loaderNewWithType = try symbol(pixbuf, "gdk_pixbuf_loader_new_with_type")
        loaderSetSize = try symbol(pixbuf, "gdk_pixbuf_loader_set_size")
        loaderWrite = try symbol(pixbuf, "gdk_pixbuf_loader_write")
        loaderClose = try symbol(pixbuf, "gdk_pixbuf_loader_close")
        loaderGetPixbuf = try symbol(pixbuf, "gdk_pixbuf_loader_get_pixbuf")
        pixbufWidth = try symbol(pixbuf, "gdk_pixbuf_get_width")
        pixbufHeight = try symbol(pixbuf, "gdk_pixbuf_get_height")
        pixbufChannels = try symbol(pixbuf, "gdk_pixbuf_get_n_channels")
        pixbufHasAlpha = try symbol(pixbuf, "gdk_pixbuf_get_has_alpha")
        pixbufRowstride = try symbol(pixbuf, "gdk_pixbuf_get_rowstride")
        pixbufBitsPerSample = try symbol(pixbuf, "gdk_pixbuf_get_bits_per_sample")
        pixbufReadPixels = try symbol(pixbuf, "gdk_pixbuf_read_pixels")
    }
}

/// The image libraries a render uses, each opened (`dlopen`) the first time a document needs
/// it and kept for the owner's life: an `Engine` holds one set, passed to layout
/// (`ImageResources.libraries`), the drawing thread and the PDF writer. `dlopen` counts its
/// opens, so two sets in one process share the loaded code, not Quire's state.
package final class ImageLibraries: Sendable, Equatable {
    package let svg = Once { SVGLibrary.open() }
    package let pixbuf = Once { PixbufLibrary.open() }
    package let curl = Once { CurlLibrary.open() }

    package init() {}

    /// The same set (an image's libraries compare by identity).
    package static func == (a: ImageLibraries, b: ImageLibraries) -> Bool { a === b }
}
