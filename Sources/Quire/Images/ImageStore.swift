import Foundation
import QuireModel

/// The images of one document, each located, read and decoded once.
package final class ImageStore {
    /// What an image reference gives.
    package enum Lookup {
        case image(LoadedImage)
        /// Nothing to draw: why (for the warning), and the URL when it is a remote image.
        case unavailable(reason: String, remote: String?)
    }

    package let resources: ImageResources
    private var cache: [String: Lookup] = [:]
    /// What a refused reference's warning says beyond its placeholder (`Source.refused`).
    private var details: [String: String] = [:]
    /// Every local file an image reference named, found or not (absolute, as written).
    package private(set) var files: Set<String> = []

    /// The remote images fetched or read from the cache (nil: fetching is off).
    package let remote: RemoteImages?

    package init(resources: ImageResources) {
        self.resources = resources
        remote = resources.fetching.isOn ? RemoteImages(resources.fetching, cacheFolder: resources.cacheFolder, curl: resources.libraries.curl) : nil
        remote?.load(resources.remoteImages.map(Self.absoluteURL).filter { StaticBadge(url: $0) == nil })
    }

    /// A protocol-relative URL (`//host/path`) as https.
    package static func absoluteURL(_ url: String) -> String { url.hasPrefix("//") ? "https:" + url : url }

    /// What each remote image gave, by URL: where it came from, or why nothing did (the batch
    /// manifest lists them).
    package var fetchedImages: [(url: String, result: String)] {
        (remote?.outcomes ?? [:]).sorted { $0.key < $1.key }.map { url, outcome in
            switch outcome {
            case .bytes(_, let source): return (url, source.rawValue)
            case .failed(let reason): return (url, "failed: " + reason)
            }
        }
    }

    /// The image `reference` names. O(1) after the first lookup of the same reference.
    package func lookup(_ reference: String) -> Lookup {
        if let cached = cache[reference] { return cached }
        if let path = resources.localPath(reference) { files.insert(AbsolutePath.of(path)) }
        let result: Lookup
        switch resources.locate(reference) {
        case .remote(let url):
            if let badge = StaticBadge(url: url) {
                result = Self.draw(badge, url: url, resources.libraries)
            } else if let remote {
                switch remote.outcome(Self.absoluteURL(url)) {
                case .bytes(let bytes, _):
                    result = Self.decode(bytes, name: "remote image \(url)", remote: url, resources.libraries)
                case .failed(let reason):
                    result = .unavailable(reason: "remote image \(url): \(reason)", remote: url)
                }
            } else {
                result = .unavailable(reason: "remote image not fetched: \(url)", remote: url)
            }
        case .refused(let reason, let detail):
            details[reference] = detail
            result = .unavailable(reason: reason, remote: nil)
        case .data(let bytes):
            result = Self.decode(bytes, name: "data: URI image", resources.libraries)
        case .file(let path):
            do {
                let bytes = try InputFile.readBytes(path)
                if bytes.count > ImageResources.maximumFileSize {
                    result = .unavailable(reason: "image \(reference) is larger than \(ImageResources.maximumFileSize >> 20) MB", remote: nil)
                } else {
                    result = Self.decode(bytes, name: "image \(reference)", resources.libraries)
                }
            } catch {
                result = .unavailable(reason: "image \(reference) cannot be read", remote: nil)
            }
        }
        cache[reference] = result
        return result
    }

    /// A static badge drawn from its URL, without the network.
    private static func draw(_ badge: StaticBadge, url: String, _ libraries: ImageLibraries) -> Lookup {
        do {
            return .image(try LoadedImage.drawing(BadgeDrawing(badge), libraries))
        } catch {
            return .unavailable(reason: "badge \(url) cannot be drawn: \(error)", remote: url)
        }
    }

    private static func decode(_ bytes: [UInt8], name: String, remote: String? = nil, _ libraries: ImageLibraries) -> Lookup {
        do {
            return .image(try LoadedImage.decode(bytes, libraries))
        } catch {
            return .unavailable(reason: "\(name): \(error)", remote: remote)
        }
    }

    /// The warning for an unavailable image at `line` (the same image twice on a line gives
    /// the same warning, which the sink reports once).
    package func warning(_ reason: String, reference: String, line: Int) -> Warning {
        Warning(line: line, message: reason + (details[reference].map { " (\($0))" } ?? "") + "; a placeholder stands in")
    }
}
