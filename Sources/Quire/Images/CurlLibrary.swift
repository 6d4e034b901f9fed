// The libcurl boundary: this file and ImageFetch.swift are the only ones that call libcurl.
#if canImport(Glibc)
import Glibc
#endif
import QuireModel

// libcurl (Debian's `libcurl4`), opened with `dlopen` the first time a document fetches an
// image (`images.fetch` public or all), never otherwise: a run that fetches nothing loads no
// network library. The functions are the C ones, one to one; `curl_easy_setopt`,
// `curl_easy_getinfo` and `curl_multi_setopt` are variadic in C and are called here through
// fixed prototypes of the one argument each use passes (a long, a pointer or a curl_off_t),
// which is how the System V and AArch64 Linux calling conventions pass a variadic argument.
// The option and info numbers are curl.h's (7.88, Debian bookworm; every one used dates from
// 7.85 or before).

/// libcurl's functions (easy handles `CURL *`, multi handles `CURLM *`, both opaque).
package struct CurlLibrary: @unchecked Sendable {  // immutable C function pointers: safe to share
    package let easyInit: @convention(c) () -> OpaquePointer?
    package let easyCleanup: @convention(c) (OpaquePointer?) -> Void
    package let setLong: @convention(c) (OpaquePointer?, Int32, Int) -> Int32
    package let setPointer: @convention(c) (OpaquePointer?, Int32, UnsafeRawPointer?) -> Int32
    package let setOffset: @convention(c) (OpaquePointer?, Int32, Int64) -> Int32
    package let getLong: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<Int>?) -> Int32
    package let getPointer: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Int32
    package let strerror: @convention(c) (Int32) -> UnsafePointer<CChar>?
    package let multiInit: @convention(c) () -> OpaquePointer?
    package let multiCleanup: @convention(c) (OpaquePointer?) -> Int32
    package let multiSetLong: @convention(c) (OpaquePointer?, Int32, Int) -> Int32
    package let multiAdd: @convention(c) (OpaquePointer?, OpaquePointer?) -> Int32
    package let multiRemove: @convention(c) (OpaquePointer?, OpaquePointer?) -> Int32
    package let multiPerform: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?) -> Int32
    /// multi, extra fds (none), their count, timeout in ms, number of fds with activity.
    package let multiPoll: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UInt32, Int32, UnsafeMutablePointer<Int32>?) -> Int32
    /// A `CURLMsg *`: msg (int) at 0, easy handle at 8, result (CURLcode) at 16.
    package let multiInfoRead: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?) -> UnsafeMutableRawPointer?
    package let slistAppend: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    package let slistFreeAll: @convention(c) (OpaquePointer?) -> Void

    /// libcurl opened and globally initialised, or why not (`ImageLibraries.curl` opens it once).
    package static func open() -> Result<CurlLibrary, ImageError> { Result { () throws(LibraryError) in try CurlLibrary() }.mapError(ImageError.init) }

    private init() throws(LibraryError) {
        let curl = try openLibrary("libcurl.so.4")
        let globalInit: @convention(c) (Int) -> Int32 = try symbol(curl, "curl_global_init")
        easyInit = try symbol(curl, "curl_easy_init")
        easyCleanup = try symbol(curl, "curl_easy_cleanup")
        setLong = try symbol(curl, "curl_easy_setopt")
        setPointer = try symbol(curl, "curl_easy_setopt")
        setOffset = try symbol(curl, "curl_easy_setopt")
        getLong = try symbol(curl, "curl_easy_getinfo")
        getPointer = try symbol(curl, "curl_easy_getinfo")
        strerror = try symbol(curl, "curl_easy_strerror")
        multiInit = try symbol(curl, "curl_multi_init")
        multiCleanup = try symbol(curl, "curl_multi_cleanup")
        multiSetLong = try symbol(curl, "curl_multi_setopt")
        multiAdd = try symbol(curl, "curl_multi_add_handle")
        multiRemove = try symbol(curl, "curl_multi_remove_handle")
        multiPerform = try symbol(curl, "curl_multi_perform")
        multiPoll = try symbol(curl, "curl_multi_poll")
        multiInfoRead = try symbol(curl, "curl_multi_info_read")
        slistAppend = try symbol(curl, "curl_slist_append")
        slistFreeAll = try symbol(curl, "curl_slist_free_all")
        guard globalInit(3) == 0 else { throw LibraryError(message: "libcurl could not be initialised") }  // CURL_GLOBAL_DEFAULT
    }

    /// The message for a `CURLcode`.
    package func message(_ code: Int32) -> String { strerror(code).map { String(cString: $0) } ?? "error \(code)" }
}

/// curl.h's numbers for the options, infos and results Quire uses.
package enum Curl {
    // Options: CURLOPTTYPE_LONG + n, OBJECTPOINT (10000) + n, FUNCTIONPOINT (20000) + n, OFF_T (30000) + n.
    package static let writeData: Int32 = 10_001, url: Int32 = 10_002, proxy: Int32 = 10_004, errorBuffer: Int32 = 10_010
    package static let userAgent: Int32 = 10_018, httpHeader: Int32 = 10_023, headerData: Int32 = 10_029
    package static let accept: Int32 = 10_102, privateData: Int32 = 10_103, openSocketData: Int32 = 10_164
    package static let protocols: Int32 = 10_318, redirectProtocols: Int32 = 10_319
    package static let writeFunction: Int32 = 20_011, headerFunction: Int32 = 20_079, openSocketFunction: Int32 = 20_163
    package static let followLocation: Int32 = 52, maxRedirects: Int32 = 68, noSignal: Int32 = 99
    package static let timeoutMilliseconds: Int32 = 155, connectTimeoutMilliseconds: Int32 = 156
    package static let maxFileSize: Int32 = 30_117
    // Multi options (longs).
    package static let maxHostConnections: Int32 = 7, maxTotalConnections: Int32 = 13
    // Infos: CURLINFO_LONG (0x200000) + n, CURLINFO_STRING (0x100000) + n.
    package static let responseCode: Int32 = 0x200002, privateInfo: Int32 = 0x100015
    // Results.
    package static let ok: Int32 = 0, couldNotConnect: Int32 = 7, writeError: Int32 = 23, timedOut: Int32 = 28
    package static let tooManyRedirects: Int32 = 47, fileTooLarge: Int32 = 63
    /// `CURLMSG_DONE`.
    package static let done: Int32 = 1
}
