// The libcurl boundary, with CurlLibrary.swift: requests for a document's remote images.
#if canImport(Glibc)
import Glibc
#endif
import QuireModel

/// One image to ask for, with the validators of the copy already cached (a conditional request).
package struct FetchRequest: Sendable, Equatable {
    package var url: String
    package var etag: String?
    package var lastModified: String?
}

/// What one request gave.
package enum FetchResponse: Sendable, Equatable {
    /// 200: the body and its validators.
    case body([UInt8], etag: String?, lastModified: String?)
    /// 304: the cached copy is current.
    case notModified
    /// Why there is nothing: a refused address, a timeout, an HTTP status, a body too large.
    case failed(String)
}

/// Requests for a document's images, all at once on one libcurl multi handle (a README's
/// twelve badges cost about one round trip, not twelve), within `ImageFetching`'s bounds:
/// redirects, connect and per-image timeouts, bytes per image (the transfer stops there), and
/// `deadline` for them all. Only `http` and `https`, also on redirects; proxies from the
/// environment are not used (the address checked is the one connected to). Under `public` each
/// connection's address, after resolution and at every redirect, is checked before the socket
/// is opened (`CURLOPT_OPENSOCKETFUNCTION`), so a refused one is never connected to.
package enum ImageFetch {
    /// The responses by URL. Never throws: whatever fails is a `.failed` response.
    /// - Complexity: the slowest request, bounded by `deadline` (CLOCK_MONOTONIC seconds).
    package static func fetch(_ requests: [FetchRequest], _ settings: ImageFetching, deadline: Double,
                      curl opened: @autoclosure () -> Result<CurlLibrary, ImageError>) -> [String: FetchResponse] {
        guard !requests.isEmpty else { return [:] }
        let curl: CurlLibrary
        switch opened() {
        case .success(let library): curl = library
        case .failure(let error): return Dictionary(requests.map { ($0.url, .failed(error.message)) }) { a, _ in a }
        }
        guard let multi = curl.multiInit() else { return Dictionary(requests.map { ($0.url, .failed("libcurl failed")) }) { a, _ in a } }
        // At most 16 connections to one host and 32 in all: a README's dozen badges in one round
        // trip even over HTTP/1.1 (HTTP/2 servers, such as shields.io's, multiplex them on one
        // connection anyway), while a page of a hundred queues the rest rather than open a
        // hundred sockets.
        _ = curl.multiSetLong(multi, Curl.maxHostConnections, 16)
        _ = curl.multiSetLong(multi, Curl.maxTotalConnections, 32)
        var transfers: [OpaquePointer: Transfer] = [:]
        for request in requests where !transfers.values.contains(where: { $0.request.url == request.url }) {
            let transfer = Transfer(request, settings)
            guard let handle = transfer.start(curl) else { continue }
            transfers[handle] = transfer
            _ = curl.multiAdd(multi, handle)
        }
        var responses: [String: FetchResponse] = [:]
        run(multi, curl, deadline: deadline) { handle, code in
            if let transfer = transfers[handle] { responses[transfer.request.url] = transfer.response(code, curl) }
        }
        for (handle, transfer) in transfers {
            if responses[transfer.request.url] == nil {
                responses[transfer.request.url] = .failed("the document's \(seconds(settings.documentTimeout)) s for images ran out")
            }
            _ = curl.multiRemove(multi, handle)
            transfer.finish(curl)
        }
        _ = curl.multiCleanup(multi)
        for request in requests where responses[request.url] == nil { responses[request.url] = .failed("libcurl failed") }
        return responses
    }

    /// Drives `multi` until every transfer is done or `deadline` passes, telling `done` of each.
    private static func run(_ multi: OpaquePointer, _ curl: CurlLibrary, deadline: Double, done: (OpaquePointer, Int32) -> Void) {
        var running: Int32 = 1
        while true {
            _ = curl.multiPerform(multi, &running)
            var left: Int32 = 0
            while let message = curl.multiInfoRead(multi, &left) {
                guard message.load(as: Int32.self) == Curl.done,
                      let handle = message.load(fromByteOffset: 8, as: OpaquePointer?.self) else { continue }
                done(handle, message.load(fromByteOffset: 16, as: Int32.self))
            }
            let remaining = deadline - now()
            if running == 0 || remaining <= 0 { return }
            var active: Int32 = 0
            _ = curl.multiPoll(multi, nil, 0, Int32(min(remaining * 1000, 500).rounded(.up)), &active)
        }
    }

    /// CLOCK_MONOTONIC in seconds.
    package static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    package static func seconds(_ s: Double) -> String { s == s.rounded() ? String(Int(s)) : String(s) }
}

/// One request in flight: its handle's settings, and what the callbacks gather.
private final class Transfer {
    let request: FetchRequest
    let settings: ImageFetching
    var body: [UInt8] = []
    var tooLarge = false
    var refused: String?
    var etag: String?
    var lastModified: String?
    private var handle: OpaquePointer?
    private var headers: OpaquePointer?
    private let errorText = UnsafeMutablePointer<CChar>.allocate(capacity: 256)  // CURL_ERROR_SIZE

    init(_ request: FetchRequest, _ settings: ImageFetching) {
        self.request = request
        self.settings = settings
        errorText.initialize(repeating: 0, count: 256)
    }

    deinit { errorText.deallocate() }

    /// A configured easy handle, or nil when libcurl gives none.
    func start(_ curl: CurlLibrary) -> OpaquePointer? {
        guard let handle = curl.easyInit() else { return nil }
        self.handle = handle
        let me = Unmanaged.passUnretained(self).toOpaque()
        func text(_ option: Int32, _ value: String) { _ = value.withCString { curl.setPointer(handle, option, $0) } }  // libcurl copies strings
        text(Curl.url, request.url)
        text(Curl.protocols, "http,https")
        text(Curl.redirectProtocols, "http,https")
        text(Curl.proxy, "")
        text(Curl.accept, "")
        text(Curl.userAgent, "Quire/\(QuireVersion.number)")
        _ = curl.setLong(handle, Curl.noSignal, 1)
        _ = curl.setLong(handle, Curl.followLocation, 1)
        _ = curl.setLong(handle, Curl.maxRedirects, settings.maxRedirects)
        _ = curl.setLong(handle, Curl.connectTimeoutMilliseconds, Int(settings.connectTimeout * 1000))
        _ = curl.setLong(handle, Curl.timeoutMilliseconds, Int(settings.timeout * 1000))
        _ = curl.setOffset(handle, Curl.maxFileSize, Int64(settings.maxBytes))
        _ = curl.setPointer(handle, Curl.errorBuffer, errorText)
        _ = curl.setPointer(handle, Curl.writeData, me)
        _ = curl.setPointer(handle, Curl.headerData, me)
        _ = curl.setPointer(handle, Curl.openSocketData, me)
        _ = curl.setPointer(handle, Curl.writeFunction, unsafeBitCast(Self.write, to: UnsafeRawPointer.self))
        _ = curl.setPointer(handle, Curl.headerFunction, unsafeBitCast(Self.header, to: UnsafeRawPointer.self))
        _ = curl.setPointer(handle, Curl.openSocketFunction, unsafeBitCast(Self.openSocket, to: UnsafeRawPointer.self))
        var lines: [String] = []
        if let etag = request.etag { lines.append("If-None-Match: \(etag)") }
        if let date = request.lastModified { lines.append("If-Modified-Since: \(date)") }
        for line in lines { headers = curl.slistAppend(headers, line) }
        if let headers { _ = curl.setPointer(handle, Curl.httpHeader, UnsafeRawPointer(headers)) }
        return handle
    }

    /// Frees the handle and the header list.
    func finish(_ curl: CurlLibrary) {
        curl.easyCleanup(handle)
        curl.slistFreeAll(headers)
        handle = nil
        headers = nil
    }

    /// What the finished transfer gave, `code` its CURLcode.
    func response(_ code: Int32, _ curl: CurlLibrary) -> FetchResponse {
        // A host with several addresses may have had one refused and another connected to.
        if let refused, code != Curl.ok {
            return .failed("refused: \(refused) (images.fetch public fetches from public addresses only; all allows any)")
        }
        if tooLarge || code == Curl.fileTooLarge { return .failed("larger than \(sizeText(settings.maxBytes)) (images.max-size)") }
        let detail = errorText.pointee == 0 ? curl.message(code) : String(cString: errorText)
        switch code {
        case Curl.ok:
            var status = 0
            _ = curl.getLong(handle, Curl.responseCode, &status)
            if status == 304 { return .notModified }
            guard (200..<300).contains(status) else { return .failed("HTTP status \(status)") }
            return .body(body, etag: etag, lastModified: lastModified)
        case Curl.timedOut: return .failed("timed out: \(detail)")
        case Curl.tooManyRedirects: return .failed("more than \(settings.maxRedirects) redirects (images.max-redirects)")
        default: return .failed(detail)
        }
    }

    private func sizeText(_ bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
    }

    private static let write: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = { data, size, count, me in
        let transfer = Unmanaged<Transfer>.fromOpaque(me!).takeUnretainedValue()
        let n = size * count
        guard transfer.body.count + n <= transfer.settings.maxBytes else {
            transfer.tooLarge = true
            return 0  // stops the transfer
        }
        if let data { transfer.body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: n)) }
        return n
    }

    private static let header: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = { data, size, count, me in
        let transfer = Unmanaged<Transfer>.fromOpaque(me!).takeUnretainedValue()
        let n = size * count
        guard let data else { return n }
        let line = String(decoding: UnsafeRawBufferPointer(start: data, count: n), as: UTF8.self)
        let trimmed = line.trimmingWhitespaceAndNewlines()
        if trimmed.hasPrefix("HTTP/") { transfer.etag = nil; transfer.lastModified = nil }  // a redirect's own headers
        if let colon = trimmed.firstIndex(of: ":") {
            let name = trimmed[..<colon].lowercased()
            let value = String(trimmed[trimmed.index(after: colon)...]).trimmingWhitespaceAndNewlines()
            if name == "etag", !value.isEmpty { transfer.etag = value }
            if name == "last-modified", !value.isEmpty { transfer.lastModified = value }
        }
        return n
    }

    /// `curl_socket_t (*)(void *, curlsocktype, struct curl_sockaddr *)`: family, socket type
    /// and protocol (ints), the address's length (unsigned) and the address at byte 16.
    private static let openSocket: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Int32 = { me, _, address in
        let transfer = Unmanaged<Transfer>.fromOpaque(me!).takeUnretainedValue()
        guard let address else { return -1 }
        if transfer.settings.mode == .public,
           let why = AddressPolicy.refusal(UnsafeRawPointer(address + 16), length: Int(address.load(fromByteOffset: 12, as: UInt32.self))) {
            transfer.refused = why
            return -1  // CURL_SOCKET_BAD: never connected
        }
        return socket(address.load(as: Int32.self), address.load(fromByteOffset: 4, as: Int32.self),
                      address.load(fromByteOffset: 8, as: Int32.self))
    }
}
