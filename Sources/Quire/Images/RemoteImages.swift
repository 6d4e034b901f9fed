import QuireModel

/// A document's remote images when fetching is on: each URL looked up once, from the cache
/// when its entry is younger than `images.max-age` (no request), else asked for (conditionally,
/// with the entry's validators, when there is one) with the others the document names at the
/// same time (`load`), within the document's `images.document-timeout` in all.
package final class RemoteImages {
    /// Where an image's bytes came from (the batch manifest says it).
    package enum Source: String, Sendable {
        /// Requested and received.
        case fetched
        /// Read from the cache without a request.
        case cached
        /// The cached copy, confirmed current by the server (304).
        case revalidated
    }

    package enum Outcome {
        case bytes([UInt8], Source)
        case failed(String)
    }

    package let settings: ImageFetching
    /// libcurl, opened at the first request.
    private let curl: Once<Result<CurlLibrary, ImageError>>
    package let cache: ImageCache
    package private(set) var outcomes: [String: Outcome] = [:]
    /// When the document's time for fetching ends (CLOCK_MONOTONIC), from its first request.
    private var deadline: Double?

    /// Fetching as `settings` say, cached in their folder, else in `cacheFolder`.
    package init(_ settings: ImageFetching, cacheFolder: String?, curl: Once<Result<CurlLibrary, ImageError>>) {
        self.curl = curl
        self.settings = settings
        cache = ImageCache(settings, defaultFolder: cacheFolder)
    }

    /// What `url` gives, fetching it now if `load` did not.
    package func outcome(_ url: String) -> Outcome {
        if outcomes[url] == nil { load([url]) }
        return outcomes[url] ?? .failed("not fetched")
    }

    /// Looks up every URL not looked up yet: from the cache, else all of them requested at once.
    package func load(_ urls: [String]) {
        var requests: [FetchRequest] = []
        var stale: [String: ImageCache.Entry] = [:]
        for url in urls where outcomes[url] == nil {
            let lower = url.lowercased()
            guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
                outcomes[url] = .failed("only http and https images are fetched")
                continue
            }
            let entry = cache.read(url)
            if let entry, settings.offline || ImageCache.now() - entry.confirmed < settings.maxAge {
                outcomes[url] = .bytes(entry.body, .cached)
            } else if settings.offline {
                outcomes[url] = .failed(cache.folder.map { "not in the image cache (\($0)), and --offline makes no request" }
                                        ?? "no image cache is set, and --offline makes no request")
            } else {
                stale[url] = entry
                requests.append(FetchRequest(url: url, etag: entry?.etag, lastModified: entry?.lastModified))
                outcomes[url] = .failed("not fetched")  // once only, whatever comes back
            }
        }
        guard !requests.isEmpty else { return }
        let deadline = self.deadline ?? ImageFetch.now() + settings.documentTimeout
        self.deadline = deadline
        for (url, response) in ImageFetch.fetch(requests, settings, deadline: deadline, curl: curl.value) {
            outcomes[url] = record(url, response, cached: stale[url])
        }
    }

    /// The outcome of `response`, the cache updated with what it brought.
    private func record(_ url: String, _ response: FetchResponse, cached: ImageCache.Entry?) -> Outcome {
        switch response {
        case .body(let body, let etag, let lastModified):
            cache.write(ImageCache.Entry(url: url, confirmed: ImageCache.now(), etag: etag, lastModified: lastModified, body: body))
            return .bytes(body, .fetched)
        case .notModified:
            guard var entry = cached else { return .failed("HTTP status 304 without a cached copy") }
            entry.confirmed = ImageCache.now()
            cache.write(entry)
            return .bytes(entry.body, .revalidated)
        case .failed(let reason):
            // An expired copy is better than a placeholder when the server cannot be reached.
            return cached.map { .bytes($0.body, .cached) } ?? .failed(reason)
        }
    }
}
