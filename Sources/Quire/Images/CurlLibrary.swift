// The libcurl boundary: this file and ImageFetch.swift are the only ones that call libcurl.
#if canImport(Glibc)
import Glibc
#endif

// libcurl (Debian's `libcurl4`), opened with `dlopen` the first time a document fetches an
// image (`images.fetch` public or all), never otherwise: a run that fetches nothing loads no
// network library. The functions are the C ones, one to one; `curl_easy_setopt`,
// `curl_easy_getinfo` and `curl_multi_setopt` are variadic in C and are called here through
// fixed prototypes of the one argument each use passes (a long, a pointer or a curl_off_t),
// which is how the System V and AArch64 Linux calling conventions pass a variadic argument.
// The option and info numbers are curl.h's (7.88, Debian bookworm; every one used dates from
// 7.85 or before).

/// libcurl's functions (easy handles `CURL *`, multi handles `CURLM *`, both opaque).
struct CurlLibrary: @unchecked Sendable {  // immutable C function pointers: safe to share
    let easyInit: @convention(c) () -> OpaquePointer?
    let easyCleanup: @convention(c) (OpaquePointer?) -> Void
    let setLong: @convention(c) (OpaquePointer?, Int32, Int) -> Int32
    let setPointer: @convention(c) (OpaquePointer?, Int32, UnsafeRawPointer?) -> Int32
    let setOffset: @convention(c) (OpaquePointer?, Int32, Int64) -> Int32
    let getLong: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<Int>?) -> Int32
    let getPointer: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Int32
    let strerror: @convention(c) (Int32) -> UnsafePointer<CChar>?
    let multiInit: @convention(c) () -> OpaquePointer?
    let multiCleanup: @convention(c) (OpaquePointer?) -> Int32
    let multiSetLong: @convention(c) (OpaquePointer?, Int32, Int) -> Int32
    let multiAdd: @convention(c) (OpaquePointer?, OpaquePointer?) -> Int32
    let multiRemove: @convention(c) (OpaquePointer?, OpaquePointer?) -> Int32
    let multiPerform: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?) -> Int32
    /// multi, extra fds (none), their count, timeout in ms, number of fds with activity.
    let multiPoll: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UInt32, Int32, UnsafeMutablePointer<Int32>?) -> Int32
    /// A `CURLMsg *`: msg (int) at 0, easy handle at 8, result (CURLcode) at 16.
    let multiInfoRead: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?) -> UnsafeMutableRawPointer?
    let slistAppend: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    let slistFreeAll: @convention(c) (OpaquePointer?) -> Void

    /// libcurl opened and globally initialised, or why not (`ImageLibraries.curl` opens it once).
    static func open() -> Result<CurlLibrary, ImageError> { Result { () throws(ImageError) in try CurlLibrary() } }

    private init() throws(ImageError) {
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
        guard globalInit(3) == 0 else { throw ImageError(message: "libcurl could not be initialised") }  // CURL_GLOBAL_DEFAULT
    }

    /// The message for a `CURLcode`.
    func message(_ code: Int32) -> String { strerror(code).map { String(cString: $0) } ?? "error \(code)" }
}

/// curl.h's numbers for the options, infos and results Quire uses.
enum Curl {
    // Options: CURLOPTTYPE_LONG + n, OBJECTPOINT (10000) + n, FUNCTIONPOINT (20000) + n, OFF_T (30000) + n.
    static let writeData: Int32 = 10_001, url: Int32 = 10_002, proxy: Int32 = 10_004, errorBuffer: Int32 = 10_010
    static let userAgent: Int32 = 10_018, httpHeader: Int32 = 10_023, headerData: Int32 = 10_029
    static let accept: Int32 = 10_102, privateData: Int32 = 10_103, openSocketData: Int32 = 10_164
    static let protocols: Int32 = 10_318, redirectProtocols: Int32 = 10_319
    static let writeFunction: Int32 = 20_011, headerFunction: Int32 = 20_079, openSocketFunction: Int32 = 20_163
    static let followLocation: Int32 = 52, maxRedirects: Int32 = 68, noSignal: Int32 = 99
    static let timeoutMilliseconds: Int32 = 155, connectTimeoutMilliseconds: Int32 = 156
    static let maxFileSize: Int32 = 30_117
    // Multi options (longs).
    static let maxHostConnections: Int32 = 7, maxTotalConnections: Int32 = 13
    // Infos: CURLINFO_LONG (0x200000) + n, CURLINFO_STRING (0x100000) + n.
    static let responseCode: Int32 = 0x200002, privateInfo: Int32 = 0x100015
    // Results.
    static let ok: Int32 = 0, couldNotConnect: Int32 = 7, writeError: Int32 = 23, timedOut: Int32 = 28
    static let tooManyRedirects: Int32 = 47, fileTooLarge: Int32 = 63
    /// `CURLMSG_DONE`.
    static let done: Int32 = 1
}
