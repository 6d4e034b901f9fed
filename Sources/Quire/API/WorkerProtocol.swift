#if canImport(Glibc)
import Glibc
#endif
import QuireModel

/// What `quire batch` and its worker processes say to each other, one file at a time, over
/// the worker's standard input and output.
///
/// Every message is a frame, and every field inside a frame is one too: the byte count in
/// decimal, ":", the bytes, "," (a netstring). So any path or message arrives exactly,
/// newlines, tabs and control characters included; the line protocol this replaces turned a
/// newline in a path into a space, and so named another file.
///
/// - Inputs (the first frame, once): "inputs", the batch's input folder, then every input's
///   path relative to it (`Batch.InputTree`: links between inputs lead to their PDFs).
/// - Request: the fields input path, output path, input path relative to the input folder.
/// - Reply: "rendered", the page count, the byte count, the settings digest, the number of
///   files it depends on and each of them, the number of remote images and each one's line
///   (`RenderResult.remoteImages`), then a position ("LINE", "LINE:COLUMN", or "" when
///   none is known) and a message per warning; "skipped" and the settings; or "failed" and the reason.
package enum WorkerProtocol {
    /// A frame that does not follow the protocol, or ends before its last byte.
    package struct Malformed: Error, Equatable, CustomStringConvertible {
        package var message: String
        package var description: String { message }
    }

    /// The longest frame accepted, in bytes: a reply with a warning per line of a huge file
    /// stays far below it; a corrupt length is refused before anything is allocated.
    package static let maximumFrame = 1 << 30

    // MARK: Frames

    /// `fields` as one frame.
    package static func frame(_ fields: [[UInt8]]) -> [UInt8] {
        netstring(fields.flatMap(netstring))
    }

    /// The fields of a frame's payload.
    /// - Throws: `Malformed` when the payload is not a sequence of netstrings.
    /// - Complexity: O(payload).
    package static func fields(of payload: [UInt8]) throws(Malformed) -> [[UInt8]] {
        var fields: [[UInt8]] = []
        var position = 0
        while position < payload.count {
            guard let (field, next) = try netstring(in: payload, at: position) else {
                throw Malformed(message: "a field ends before its last byte")
            }
            fields.append(field)
            position = next
        }
        return fields
    }

    private static func netstring(_ bytes: [UInt8]) -> [UInt8] {
        Array("\(bytes.count):".utf8) + bytes + [UInt8(ascii: ",")]
    }

    /// The netstring starting at `position` and where the next one starts; nil when `bytes`
    /// end before it does.
    private static func netstring(in bytes: [UInt8], at position: Int) throws(Malformed) -> ([UInt8], Int)? {
        var i = position
        var length = 0
        while i < bytes.count, bytes[i] != UInt8(ascii: ":") {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]), i - position < 10 else {
                throw Malformed(message: "a length is not a decimal number")
            }
            length = length * 10 + Int(bytes[i] - UInt8(ascii: "0"))
            i += 1
        }
        guard i < bytes.count else { return nil }
        guard i > position else { throw Malformed(message: "a length is missing") }
        guard length <= maximumFrame else { throw Malformed(message: "a frame of \(length) bytes is too long") }
        let start = i + 1, end = start + length
        guard end < bytes.count else { return nil }
        guard bytes[end] == UInt8(ascii: ",") else { throw Malformed(message: "a frame does not end with ','") }
        return (Array(bytes[start..<end]), end + 1)
    }

    // MARK: Requests and replies

    package static func request(_ job: Batch.Job) -> [UInt8] {
        frame([Array(job.input.utf8), Array(job.output.utf8), Array(job.relativePath.utf8)])
    }

    /// The job a request asks for.
    package static func job(fromRequest payload: [UInt8]) throws(Malformed) -> Batch.Job {
        let f = try fields(of: payload).map { String(decoding: $0, as: UTF8.self) }
        guard f.count == 3 else { throw Malformed(message: "a request has \(f.count) fields, not 3") }
        return Batch.Job(relativePath: f[2], input: f[0], output: f[1])
    }

    package static func inputs(_ tree: Batch.InputTree) -> [UInt8] {
        frame([Array("inputs".utf8), Array(tree.root.utf8)] + tree.paths.sorted().map { Array($0.utf8) })
    }

    package static func tree(fromInputs payload: [UInt8]) throws(Malformed) -> Batch.InputTree {
        let f = try fields(of: payload).map { String(decoding: $0, as: UTF8.self) }
        guard f.count >= 2, f[0] == "inputs" else { throw Malformed(message: "the first frame does not list the inputs") }
        return Batch.InputTree(root: f[1], paths: Set(f.dropFirst(2)))
    }

    package static func reply(_ outcome: Batch.Outcome) -> [UInt8] {
        switch outcome {
        case .rendered(let warnings, let pages, let bytes, let settings, let dependencies, let images):
            let head = ["rendered", String(pages), String(bytes), settings, String(dependencies.count)] + dependencies
                + [String(images.count)] + images
            return frame(head.map { Array($0.utf8) } + warnings.flatMap { [Array($0.position.utf8), Array($0.message.utf8)] })
        case .skipped(let settings):
            return frame([Array("skipped".utf8), Array(settings.utf8)])
        case .failed(let reason):
            return frame([Array("failed".utf8), Array(reason.utf8)])
        }
    }

    package static func outcome(fromReply payload: [UInt8]) throws(Malformed) -> Batch.Outcome {
        let f = try fields(of: payload).map { String(decoding: $0, as: UTF8.self) }
        switch f.first {
        case "rendered" where f.count >= 5:
            guard let pages = Int(f[1]), let bytes = Int(f[2]), let count = Int(f[4]), count >= 0, 6 + count <= f.count,
                  let imageCount = Int(f[5 + count]), imageCount >= 0, 6 + count + imageCount <= f.count,
                  (f.count - 6 - count - imageCount) % 2 == 0 else {
                throw Malformed(message: "a page, byte, file or image count is not a number, or the fields do not add up")
            }
            let dependencies = Array(f[5..<(5 + count)])
            let images = Array(f[(6 + count)..<(6 + count + imageCount)])
            var warnings: [Warning] = []
            for k in stride(from: 6 + count + imageCount, to: f.count, by: 2) {
                // "LINE", "LINE:COLUMN", or "" when neither is known.
                let numbers = f[k].split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
                guard f[k].isEmpty || (1...2).contains(numbers.count) && !numbers.contains(nil) else {
                    throw Malformed(message: "a warning's line is not a number")
                }
                warnings.append(Warning(line: numbers.first.flatMap { $0 } ?? 0, column: numbers.count == 2 ? numbers[1]! : 0,
                                        message: f[k + 1]))
            }
            return .rendered(warnings: warnings, pages: pages, bytes: bytes, settings: f[3], dependencies: dependencies, images: images)
        case "skipped" where f.count == 2:
            return .skipped(settings: f[1])
        case "failed" where f.count == 2:
            return .failed(f[1])
        default:
            throw Malformed(message: "a reply is not rendered, skipped or failed")
        }
    }

    // MARK: Reading and writing

    /// Reads frames from a file descriptor (a pipe), buffering what arrives.
    package struct FrameReader {
        package let descriptor: Int32
        private var buffer: [UInt8] = []

        package init(descriptor: Int32) { self.descriptor = descriptor }

        /// The next frame's payload; nil at the end of the stream between frames.
        /// - Throws: `Malformed` for a frame that breaks the protocol or is cut short by the end
        ///   of the stream, or when reading fails.
        package mutating func next() throws(Malformed) -> [UInt8]? {
            while true {
                if let (payload, end) = try netstring(in: buffer, at: 0) {
                    buffer.removeFirst(end)
                    return payload
                }
                var chunk = [UInt8](repeating: 0, count: 1 << 16)
                let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if n < 0 {
                    if errno == EINTR { continue }
                    throw Malformed(message: "cannot read: \(errnoText())")
                }
                if n == 0 {
                    if buffer.isEmpty { return nil }
                    throw Malformed(message: "the stream ends inside a frame")
                }
                buffer += chunk[0..<n]
            }
        }
    }

    /// Writes all of `bytes` to `descriptor`; false when writing fails (the other side is gone).
    @discardableResult
    package static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    /// The worker's side: reads the batch's inputs, then renders each requested file (drawing
    /// inline: a batch's parallelism is one process per core) and replies, until its input
    /// ends. A frame that breaks the protocol ends the worker with status 2, so the coordinator
    /// fails that file and starts another worker.
    package static func serve(options: RenderOptions, input: Int32, output: Int32, engine: Engine) -> Int32 {
        var reader = FrameReader(descriptor: input)
        var options = options
        do {
            guard let first = try reader.next() else { return 0 }
            options.inputTree = try tree(fromInputs: first)
            while let payload = try reader.next() {
                let job = try job(fromRequest: payload)
                guard write(reply(Batch.render(job, options: options, engine: engine)), to: output) else { return 1 }
            }
            return 0
        } catch {
            return 2
        }
    }
}
