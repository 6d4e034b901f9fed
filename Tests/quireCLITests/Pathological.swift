import Foundation

/// Which size the pathological inputs run at. `make test` runs each at a size a debug build
/// handles in seconds, which proves the same property; `make pathological` sets
/// QUIRE_PATHOLOGICAL=full and runs the full sizes (and the valgrind run) with the release
/// binary (docs/testing.md lists each).
enum Pathological {
    static let full = ProcessInfo.processInfo.environment["QUIRE_PATHOLOGICAL"] == "full"
}
