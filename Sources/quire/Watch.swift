import Quire

extension CLI {
    static func watchBatch(_ a: Arguments, first: BatchRun) -> Int32 { first.run() }
}
