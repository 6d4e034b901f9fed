#if canImport(Glibc)
import Glibc
#endif

/// The environment variables the command line passes to the library as options: the library
/// itself reads none (a program embedding it decides what its environment means).
enum ProcessEnvironment {
    /// `SOURCE_DATE_EPOCH` (seconds since 1970), the reproducible-builds date every PDF and
    /// attached source is dated with; nil when unset or not a whole number.
    static var sourceDateEpoch: Int64? {
        getenv("SOURCE_DATE_EPOCH").flatMap { Int64(String(cString: $0)) }
    }

    /// Where fetched images are cached unless `images.cache` says: `$XDG_CACHE_HOME/quire` when
    /// that is an absolute path, else `$HOME/.cache/quire` (`/tmp/.cache/quire` without HOME).
    static var imageCacheFolder: String {
        if let xdg = getenv("XDG_CACHE_HOME").map({ String(cString: $0) }), xdg.hasPrefix("/") {
            return xdg + "/quire"
        }
        return (getenv("HOME").map { String(cString: $0) } ?? "/tmp") + "/.cache/quire"
    }
}
