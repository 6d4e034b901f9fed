// A libFuzzer target over Quire's parse and layout entry points, built by scripts/fuzz-coverage.sh
// (`make fuzz-coverage`) with `swiftc -sanitize=fuzzer`: coverage-guided, in process, thousands of
// inputs a second where scripts/fuzz.py renders one or two. Not part of the package's targets: its
// own build instruments the library, and libFuzzer supplies `main`.
import Quire

/// One input: its bytes as Markdown (inputs that are not UTF-8 are skipped, as the command refuses
/// them before parsing), rendered to PDF bytes in memory, then its excerpts laid out (the excerpt
/// layout's own path). Reads no file: no base directory, so images are not looked up.
@_cdecl("LLVMFuzzerTestOneInput")
public func quireFuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let text = String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self),
          !text.utf8.contains(0) else { return 0 }
    var options = RenderOptions()
    options.drawsOnItsOwnThread = false
    options.creationDate = 0
    _ = try? Quire.render(markdown: text, options: options)
    _ = Quire.excerpts(markdown: text, options: options)
    return 0
}
