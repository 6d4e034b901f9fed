// Highlight is the GtkSourceView boundary; this file hands it Quire's own style schemes, on the
// highlight thread only (SourceView.init).
#if canImport(Glibc)
import Glibc
#endif

/// Quire's style schemes (`Templates/*.xml`, carried in the binary: GitHub's syntax colours,
/// light and dark), given to GtkSourceView through its scheme search path, after the user's
/// and the system's folders, so that a scheme of the same id installed there wins.
///
/// How: GtkSourceView reads each file of its search path whole (a path naming a file is read
/// as a scheme), so each scheme's bytes go into a memory file (`memfd_create`, looked up in the
/// C library at run time: Swift's Glibc module does not declare it) whose `/proc/self/fd` path
/// is added to the search path. No file is written. The memory files stay open for the
/// process: GtkSourceView reads its search path again whenever it changes. Where they cannot
/// be made, the schemes are missing and `code.theme` falls back (`SourceView.theme`).
package enum BuiltinSchemes {
    /// Adds every built-in scheme to `manager`'s search path. Call once, on the highlight thread.
    package static func install(_ gsv: SourceViewLibrary, manager: OpaquePointer?) {
        guard let create = memfdCreate else { return }
        for (name, xml) in all {
            let fd = name.withCString { create($0, closeOnExec) }
            guard fd >= 0 else { continue }
            guard writeAll(Array(xml.utf8), to: fd) else {
                close(fd)
                continue
            }
            gsv.appendSchemePath(manager, "/proc/self/fd/\(fd)")
        }
    }

    /// `MFD_CLOEXEC`: a worker process started later does not inherit the files.
    private static let closeOnExec: UInt32 = 1

    /// The C library's `memfd_create(name, flags)`, if it has one (glibc 2.27 and later).
    private static let memfdCreate: (@convention(c) (UnsafePointer<CChar>?, UInt32) -> Int32)? = {
        guard let process = dlopen(nil, RTLD_NOW), let address = dlsym(process, "memfd_create") else { return nil }
        return unsafeBitCast(address, to: (@convention(c) (UnsafePointer<CChar>?, UInt32) -> Int32).self)
    }()

    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }
}
