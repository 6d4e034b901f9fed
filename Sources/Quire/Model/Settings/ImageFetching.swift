/// Whether and how remote (`http`, `https`) images are fetched: the template keys `images.*`
/// (`--fetch-images`, `--offline`, quire.json's `set`). By default nothing is: Quire makes no
/// request unless asked.
public struct ImageFetching: Sendable, Equatable, Codable {
    public enum Mode: String, Sendable, Codable, CaseIterable {
        /// No request: a remote image is a placeholder (a static badge is still drawn).
        case none
        /// Fetched, but never from a loopback, private, link-local or multicast address (checked
        /// on the address connected to, at every redirect): a batch service cannot be steered
        /// into its own network.
        case `public`
        /// Fetched from any address.
        case all
    }

    public var mode = Mode.none
    /// Only the cache is read (`--offline`): no request, whatever the entry's age.
    public var offline = false
    /// The cache's folder; nil: `$XDG_CACHE_HOME/quire`, else `~/.cache/quire`.
    public var cacheFolder: String?
    /// Seconds a cached image is used without asking the server again (default one day);
    /// older, it is revalidated (ETag, Last-Modified).
    public var maxAge: Double = 86_400
    public var maxRedirects = 5
    /// Seconds to connect, seconds per image, bytes per image, seconds for all of a document's.
    public var connectTimeout: Double = 5
    public var timeout: Double = 15
    public var maxBytes = 10 << 20
    public var documentTimeout: Double = 60

    public init() {}

    /// Whether remote images are looked for at all (fetched, or read from the cache).
    package var isOn: Bool { mode != .none }
}
