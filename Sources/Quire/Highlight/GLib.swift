// Highlight is the GtkSourceView boundary: GObject's and GLib's functions, found through
// GtkSourceView's handle (SourceViewLibrary.swift), so that Highlight imports no C module.
import QuireModel

/// The GObject and GLib functions the highlight thread calls, one to one with the C ones
/// (`g_object_unref`, `g_value_init`, …), looked up in the libraries GtkSourceView brings.
/// A `GValue` is `GLib.valueSize` zeroed bytes the caller provides (`GLib.withValue`).
package struct GLib: @unchecked Sendable {  // immutable C function pointers: safe to share
    package typealias GType = UInt
    /// `GLogFunc`: domain, level, message, user data.
    package typealias LogFunction = @convention(c) (UnsafePointer<CChar>?, UInt32, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void

    /// `G_LOG_LEVEL_CRITICAL`, `G_LOG_LEVEL_WARNING`, `G_LOG_LEVEL_MESSAGE` (gmessages.h).
    package static let logCritical: UInt32 = 1 << 3, logWarning: UInt32 = 1 << 4, logMessage: UInt32 = 1 << 5
    /// A `GValue`: its type and two 8-byte data words.
    package static let valueSize = 24

    package let objectUnref: @convention(c) (UnsafeMutableRawPointer?) -> Void
    package let typeEnsure: @convention(c) (GType) -> Void
    package let typeFromName: @convention(c) (UnsafePointer<CChar>?) -> GType
    /// domain, levels, handler, user data → handler id.
    package let logSetHandler: @convention(c) (UnsafePointer<CChar>?, UInt32, LogFunction?, UnsafeMutableRawPointer?) -> UInt32
    package let valueInit: @convention(c) (UnsafeMutableRawPointer?, GType) -> UnsafeMutableRawPointer?
    package let valueUnset: @convention(c) (UnsafeMutableRawPointer?) -> Void
    package let valueGetBoolean: @convention(c) (UnsafeRawPointer?) -> Int32
    package let valueGetInt: @convention(c) (UnsafeRawPointer?) -> Int32
    package let valueGetBoxed: @convention(c) (UnsafeRawPointer?) -> UnsafeMutableRawPointer?
    package let valueGetString: @convention(c) (UnsafeRawPointer?) -> UnsafePointer<CChar>?
    /// object, property name, value (initialised to the property's type).
    package let objectGetProperty: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void
    /// signal name, instance type → signal id (0: none).
    package let signalLookup: @convention(c) (UnsafePointer<CChar>?, GType) -> UInt32
    /// instance, detailed signal, handler, data, destroy notify, flags → handler id.
    package let signalConnectData: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeRawPointer?,
                                                   UnsafeMutableRawPointer?, UnsafeRawPointer?, UInt32) -> UInt
    package let signalHandlerDisconnect: @convention(c) (UnsafeMutableRawPointer?, UInt) -> Void
    /// instance, signal id, detail.
    package let signalStopEmission: @convention(c) (UnsafeMutableRawPointer?, UInt32, UInt32) -> Void

    /// The functions found through `handle` (GtkSourceView's, which reaches GObject and GLib).
    package init(_ handle: UnsafeMutableRawPointer) throws(LibraryError) {
        objectUnref = try symbol(handle, "g_object_unref")
        typeEnsure = try symbol(handle, "g_type_ensure")
        typeFromName = try symbol(handle, "g_type_from_name")
        logSetHandler = try symbol(handle, "g_log_set_handler")
        valueInit = try symbol(handle, "g_value_init")
        valueUnset = try symbol(handle, "g_value_unset")
        valueGetBoolean = try symbol(handle, "g_value_get_boolean")
        valueGetInt = try symbol(handle, "g_value_get_int")
        valueGetBoxed = try symbol(handle, "g_value_get_boxed")
        valueGetString = try symbol(handle, "g_value_get_string")
        objectGetProperty = try symbol(handle, "g_object_get_property")
        signalLookup = try symbol(handle, "g_signal_lookup")
        signalConnectData = try symbol(handle, "g_signal_connect_data")
        signalHandlerDisconnect = try symbol(handle, "g_signal_handler_disconnect")
        signalStopEmission = try symbol(handle, "g_signal_stop_emission")
    }

    /// `body` given a `GValue` of `type`, unset afterwards.
    package func withValue<T>(_ type: GType, _ body: (UnsafeMutableRawPointer) -> T) -> T {
        withUnsafeTemporaryAllocation(byteCount: GLib.valueSize, alignment: 8) { buffer in
            let value = buffer.baseAddress!
            value.initializeMemory(as: UInt8.self, repeating: 0, count: GLib.valueSize)
            _ = valueInit(value, type)
            defer { valueUnset(value) }
            return body(value)
        }
    }
}
