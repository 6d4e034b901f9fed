import CPangoCairo

/// Collects what Cairo writes to a stream (PDF or PNG) into memory.
final class ByteSink {
    var bytes: [UInt8] = []

    /// The `closure` pointer to give Cairo with `ByteSink.write`; valid while `self` lives.
    var closure: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static let write: cairo_write_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
            .bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return CAIRO_STATUS_SUCCESS
    }
}
