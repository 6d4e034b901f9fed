#if canImport(Glibc)
import Glibc
#endif

/// Why a C library opened at run time (`dlopen`) cannot be used: not installed, or too old to
/// have a function Quire calls. Each layer that opens one (images, highlighting, fetching)
/// turns it into its own error for the document.
package struct LibraryError: Error, Equatable, CustomStringConvertible {
    package var message: String
    package init(message: String) { self.message = message }
    package var description: String { message }
}

/// Opens a shared library for good (it is never closed).
package func openLibrary(_ soname: String) throws(LibraryError) -> UnsafeMutableRawPointer {
    guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
        let reason = dlerror().map { String(cString: $0) } ?? "not found"
        throw LibraryError(message: "cannot load \(soname) (\(reason)); install its package")
    }
    return handle
}

/// A function of `library` as the C function type `Function`.
package func symbol<Function>(_ library: UnsafeMutableRawPointer, _ name: String) throws(LibraryError) -> Function {
    guard let address = dlsym(library, name) else {
        throw LibraryError(message: "\(name) is missing from the installed library (too old?)")
    }
    return unsafeBitCast(address, to: Function.self)
}
