import QuireModel

/// The template keys of remote images (`images.*`): whether they are fetched, the cache, and
/// the bounds on fetching (`TemplateKey.all` lists them last). Unset, they leave `Style.images`
/// nil, so a PDF's settings digest is what it was before they existed.
extension TemplateKey {
    package static let imageKeys: [TemplateKey] = [
        imagesKey("images.fetch", type: "string", allowed: "none, public or all",
                  meaning: "Whether http and https images are fetched (--fetch-images): none (the default: no request; a shields.io static badge is still drawn), public (never from a loopback, private, link-local or multicast address, checked at every redirect), all.",
                  example: "\"public\"", value: { .string($0.mode.rawValue) }) { images, v in
            guard case .string(let s) = v, let mode = ImageFetching.Mode(rawValue: s.lowercased()) else { return false }
            images.mode = mode
            return true
        },
        imagesKey("images.offline", type: "boolean", allowed: "true or false",
                  meaning: "Remote images from the cache only, whatever their age: no request (--offline).", example: "true",
                  value: { .bool($0.offline) }) { images, v in
            guard case .bool(let b) = v else { return false }
            images.offline = b
            return true
        },
        imagesKey("images.cache", type: "string or null", allowed: "a folder, or null for the default",
                  meaning: "Where fetched images are kept (default: $XDG_CACHE_HOME/quire, else ~/.cache/quire).",
                  example: "\"/var/cache/quire\"", value: { $0.cacheFolder.map { .string($0) } ?? .null }) { images, v in
            if case .null = v { images.cacheFolder = nil; return true }
            guard case .string(let s) = v, !s.isEmpty else { return false }
            images.cacheFolder = s
            return true
        },
        imageNumber("images.max-age", "Seconds a cached image is used without a request; older, it is revalidated (ETag, Last-Modified).",
                    "seconds", 0...31_536_000, "86400", \.maxAge),
        imageNumber("images.max-redirects", "Redirects followed for one image.", "a whole number", 0...20, "5",
                    \.maxRedirects, from: { Int($0) }, to: { Double($0) }),
        imageNumber("images.connect-timeout", "Seconds to connect to an image's server.", "seconds", 0.1...300, "5", \.connectTimeout),
        imageNumber("images.timeout", "Seconds for one image, from connecting to its last byte.", "seconds", 0.1...3600, "15", \.timeout),
        imageNumber("images.max-size", "The largest image fetched, in megabytes (MB: 2^20 bytes); a larger one is a placeholder.",
                    "megabytes", 0.001...1024, "10", \.maxBytes,
                    from: { Int($0 * 1_048_576) }, to: { Double($0) / 1_048_576 }),
        imageNumber("images.document-timeout", "Seconds for all of a document's images, fetched together.",
                    "seconds", 1...3600, "60", \.documentTimeout),
    ]

    /// A key of `Style.images`, read (`value`) and set on the fetching settings it has, or
    /// the defaults when it has none (nil: fetching not asked about).
    private static func imagesKey(_ name: String, type: String, allowed: String, meaning: String, example: String,
                                  value: @escaping @Sendable (ImageFetching) -> JSONValue,
                                  _ set: @escaping @Sendable (inout ImageFetching, JSONValue) -> Bool) -> TemplateKey {
        TemplateKey(name: name, type: type, allowed: allowed, meaning: meaning, example: example,
                    value: { value($0.images ?? ImageFetching()) }) { style, v in
            var images = style.images ?? ImageFetching()
            guard set(&images, v) else { return false }
            style.images = images
            return true
        }
    }

    /// A number key of `images.*` setting `field` (in the unit `from` converts the template's
    /// number to, and `to` back), its `range` declared once (`TemplateKey.allowed`).
    private static func imageNumber<Value>(_ name: String, _ meaning: String, _ words: String, _ range: ClosedRange<Double>,
                                           _ example: String, _ field: WritableKeyPath<ImageFetching, Value> & Sendable,
                                           from: @escaping @Sendable (Double) -> Value, to: @escaping @Sendable (Value) -> Double) -> TemplateKey {
        var key = imagesKey(name, type: "number", allowed: allowed(words, range), meaning: meaning, example: example,
                            value: { .number(to($0[keyPath: field])) }) { images, v in
            guard case .number(let n) = v, range.contains(n), !(words.hasPrefix("a whole") && n != n.rounded()) else { return false }
            images[keyPath: field] = from(n)
            return true
        }
        key.range = range
        return key
    }

    /// A number key of `images.*` in seconds, as `ImageFetching` keeps them.
    private static func imageNumber(_ name: String, _ meaning: String, _ words: String, _ range: ClosedRange<Double>,
                                    _ example: String, _ field: WritableKeyPath<ImageFetching, Double> & Sendable) -> TemplateKey {
        imageNumber(name, meaning, words, range, example, field, from: { $0 }, to: { $0 })
    }
}
