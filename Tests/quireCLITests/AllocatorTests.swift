import Foundation
import XCTest

/// The command's allocator (issue 32's CPU time): gperftools' tcmalloc, linked into `quire`.
final class AllocatorTests: BinaryTestCase {
    /// tcmalloc's malloc and free, not glibc's, serve the whole process: the loader binds the
    /// C libraries' calls (glibc's own included) to tcmalloc, which comes before libc in the
    /// order symbols are looked up in.
    func testTheCommandsMallocIsTCMallocForEveryLibrary() throws {
        let result = try Run.run(quire, ["--version"], environment: ["LD_DEBUG": "bindings"])
        XCTAssertEqual(result.status, 0, result.stderrText)
        // "binding file /lib/x86_64-linux-gnu/libc.so.6 [0] to /lib/x86_64-linux-gnu/libtcmalloc_minimal.so.4 [0]: normal symbol `malloc' [GLIBC_2.2.5]"
        let bindings = result.stderrText.split(separator: "\n").filter { $0.contains("symbol `malloc'") || $0.contains("symbol `free'") }
        XCTAssertFalse(bindings.isEmpty, "the loader reported no binding of malloc or free")
        let toOthers = bindings.filter { !$0.contains("libtcmalloc_minimal.so") }
        XCTAssertEqual(toOthers, [], "malloc or free bound to another library than tcmalloc")
        XCTAssertTrue(bindings.contains { $0.contains("libpango-1.0.so") || $0.contains("libglib-2.0.so") },
                      "the C libraries' calls are among those bound")
    }
}
