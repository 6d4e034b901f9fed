import Foundation
import Quire
#if canImport(Glibc)
import Glibc
#endif

/// Changes to a set of files, told by inotify (Linux), for `quire watch`.
///
/// Folders are watched, not files: an editor that saves by writing a new file and renaming it
/// over the old one (vim, most IDEs) replaces the file a watch on it would follow, but the
/// folder sees the new name arrive. A file that does not exist yet (an image about to be
/// added) is watched through its nearest folder that does, and so is a whole tree
/// (`watch(trees:)`, for a batch) with every folder in it. Events for other names (the PDF
/// being written beside its input, its temporary file) are passed over.
final class FileWatcher {
    private let descriptor: Int32
    /// Watch descriptors by folder, and the folders by descriptor.
    private var watches: [String: Int32] = [:]
    private var folders: [Int32: String] = [:]
    /// The files that matter, and the folders on the way to them (a folder created there may
    /// hold one), all absolute and standardised.
    private var files: Set<String> = []
    private var ancestors: Set<String> = []
    /// Trees whose every file matters, and paths under them that do not (a batch's outputs).
    private var trees: [String] = []
    private var ignored: [String] = []

    /// Nil when inotify is not available (not Linux, or out of instances).
    init?() {
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { return nil }
    }

    deinit { close(descriptor) }

    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB | IN_MODIFY)

    /// Watches `files` (any that do not exist yet through their nearest existing folder) and
    /// every file under `trees` but those under `ignoring` (the PDFs a batch writes into its
    /// input tree, its manifest), instead of what was watched before.
    func watch(files paths: Set<String>, trees roots: [String] = [], ignoring: [String] = []) {
        files = Set(paths.map(AbsolutePath.of))
        trees = roots.map(AbsolutePath.of)
        ignored = ignoring.map(AbsolutePath.of)
        ancestors = []
        var wanted: Set<String> = []
        for file in files {
            var folder = (file as NSString).deletingLastPathComponent
            while !Self.isFolder(folder) && folder != "/" {
                ancestors.insert(folder)
                folder = (folder as NSString).deletingLastPathComponent
            }
            wanted.insert(folder)
        }
        for root in trees {
            wanted.insert(root)
            if let walker = FileManager.default.enumerator(atPath: root) {
                while let relative = walker.nextObject() as? String {
                    let path = root + "/" + relative
                    guard Self.isFolder(path) else { continue }
                    if isIgnored(path) || (relative as NSString).lastPathComponent.hasPrefix(".") {
                        walker.skipDescendants()
                    } else {
                        wanted.insert(path)
                    }
                }
            }
        }
        for (folder, wd) in watches where !wanted.contains(folder) {
            inotify_rm_watch(descriptor, wd)
            watches[folder] = nil
            folders[wd] = nil
        }
        for folder in wanted where watches[folder] == nil {
            let wd = inotify_add_watch(descriptor, folder, Self.mask | UInt32(IN_ONLYDIR))
            guard wd >= 0 else { continue }
            watches[folder] = wd
            folders[wd] = folder
        }
    }

    /// The watched files modified after `date` (seconds since 1970): they changed while the
    /// output was being made, perhaps before their folder was watched, so the output is stale
    /// already. O(files).
    func changed(since date: Double) -> Set<String> {
        files.filter { file in
            var info = stat()
            guard stat(file, &info) == 0 else { return false }
            return Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9 > date
        }
    }

    /// Waits until a watched file changes, then until `quiet` seconds pass with no other
    /// change (an editor's save, a `git checkout`, arrive as several events): the files that
    /// changed. Waits for ever; a signal ends the process (`Interrupts`).
    func nextChanges(quiet: Double = 0.15) -> Set<String> {
        var changed: Set<String> = []
        while changed.isEmpty { changed = read(timeout: -1) }
        while true {
            let more = read(timeout: Int32(quiet * 1000))
            if more.isEmpty && !pending { return changed }
            changed.formUnion(more)
        }
    }

    /// Whether the last `read` saw events at all (relevant or not): the quiet period waits
    /// for every kind to stop.
    private var pending = false

    /// The relevant paths of the events that arrive within `timeout` milliseconds (-1: until
    /// one arrives).
    private func read(timeout: Int32) -> Set<String> {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        pending = false
        guard poll(&poller, 1, timeout) > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var changed: Set<String> = []
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            pending = true
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= n {
                let (wd, mask, length) = buffer.withUnsafeBytes { raw in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, event.mask, Int(event.len))
                }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let nameBytes = buffer[nameStart..<min(nameStart + length, n)].prefix { $0 != 0 }
                offset = nameStart + length
                guard let folder = folders[wd], !nameBytes.isEmpty else { continue }
                let path = folder == "/" ? "/" + String(decoding: nameBytes, as: UTF8.self)
                    : folder + "/" + String(decoding: nameBytes, as: UTF8.self)
                if matters(path, isFolder: mask & UInt32(IN_ISDIR) != 0) { changed.insert(path) }
            }
        }
        return changed
    }

    /// A watched file, a folder on the way to one, or a file or folder in a watched tree
    /// (neither hidden, as batch leaves hidden files out).
    private func matters(_ path: String, isFolder: Bool) -> Bool {
        if files.contains(path) || ancestors.contains(path) { return true }
        let name = (path as NSString).lastPathComponent
        // A PDF in a tree is an output (a batch may write beside its inputs), never an input or image.
        guard !name.hasPrefix("."), !name.lowercased().hasSuffix(".pdf"), !isIgnored(path) else { return false }
        return trees.contains { Self.isInside(path, $0) }
    }

    private func isIgnored(_ path: String) -> Bool {
        ignored.contains { path == $0 || Self.isInside(path, $0) }
    }

    /// Whether `path` lies below the folder `folder`.
    static func isInside(_ path: String, _ folder: String) -> Bool {
        path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }

    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
