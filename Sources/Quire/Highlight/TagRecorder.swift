// Highlight is the GtkSourceView boundary: only the highlight thread calls it (HighlightThread.swift).
import QuireModel

/// The tags GtkSourceView applies to one buffer and removes from it, kept as character ranges
/// instead of being put into GTK's text tree.
///
/// Why: GtkSourceView's only output is tags on the buffer's text, and GTK's text tree is slow
/// at holding them. Applying them split the tree's segments, walking them back cost as much
/// again, and clearing the buffer for the next block undid it all: about 1.2 G of the 3.8 G
/// instructions that 878 KB of Swift took to highlight. GTK applies and removes a tag in the
/// default handler of the buffer's "apply-tag" and "remove-tag" signals, and documents that a
/// handler that runs first may stop it; the recorder's handlers note the tag and the range and
/// stop the emission, so the text tree holds no tag at all. Nothing of GtkSourceView reads the
/// tags back while highlighting without a view (bracket matching, which would, runs from a
/// main-loop timeout that never fires here).
///
/// Owned by the buffer's keeper on the highlight thread; the handlers are disconnected before
/// the buffer is released (`disconnect()`).
package final class TagRecorder {
    /// One application (or removal) of a tag over characters, in the order GtkSourceView made them.
    package struct Operation {
        package var tag: OpaquePointer
        package var characters: Range<Int>
        package var applies: Bool
    }

    package private(set) var operations: [Operation] = []
    private let buffer: OpaquePointer
    private let offset: @convention(c) (UnsafeRawPointer?) -> Int32
    private let glib: GLib
    private let applySignal: UInt32
    private let removeSignal: UInt32
    private var handlers: [UInt] = []

    /// Starts recording `buffer`'s tags (a `GtkTextBuffer`); from now on GTK's text tree gets none.
    package init(_ buffer: OpaquePointer, _ library: SourceViewLibrary) {
        self.buffer = buffer
        offset = library.offset
        glib = library.glib
        let type = library.textBufferType()
        applySignal = glib.signalLookup("apply-tag", type)
        removeSignal = glib.signalLookup("remove-tag", type)
        typealias Handler = @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeRawPointer?, UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Void
        let apply: Handler = { _, tag, start, end, data in
            Unmanaged<TagRecorder>.fromOpaque(data!).takeUnretainedValue().record(tag, start, end, applies: true)
        }
        let remove: Handler = { _, tag, start, end, data in
            Unmanaged<TagRecorder>.fromOpaque(data!).takeUnretainedValue().record(tag, start, end, applies: false)
        }
        let me = Unmanaged.passUnretained(self).toOpaque()
        for (name, handler) in [("apply-tag", apply), ("remove-tag", remove)] {
            handlers.append(glib.signalConnectData(UnsafeMutableRawPointer(buffer), name, unsafeBitCast(handler, to: UnsafeRawPointer.self),
                                                   me, nil, 0))
        }
    }

    /// Stops recording (the buffer's tags would go to its text tree again).
    package func disconnect() {
        for id in handlers { glib.signalHandlerDisconnect(UnsafeMutableRawPointer(buffer), id) }
        handlers = []
    }

    /// Forgets what was recorded (for the buffer's next text).
    package func reset() { operations.removeAll(keepingCapacity: true) }

    private func record(_ tag: OpaquePointer?, _ start: UnsafeRawPointer?, _ end: UnsafeRawPointer?, applies: Bool) {
        if let tag {
            operations.append(Operation(tag: tag, characters: Int(offset(start))..<Int(offset(end)), applies: applies))
        }
        glib.signalStopEmission(UnsafeMutableRawPointer(buffer), applies ? applySignal : removeSignal, 0)
    }

    /// Where each recorded tag is now, as GTK's text tree would have it: sorted, disjoint
    /// character ranges that do not touch, per tag in the order the tags first appeared.
    /// O(operations × log ranges) when a tag's applications come in order, as GtkSourceView's do.
    package func coverage() -> [(tag: OpaquePointer, ranges: [Range<Int>])] {
        var index: [OpaquePointer: Int] = [:]
        var result: [(tag: OpaquePointer, ranges: [Range<Int>])] = []
        for operation in operations {
            let i = index[operation.tag] ?? {
                result.append((operation.tag, []))
                index[operation.tag] = result.count - 1
                return result.count - 1
            }()
            if operation.applies {
                Self.add(operation.characters, to: &result[i].ranges)
            } else {
                Self.remove(operation.characters, from: &result[i].ranges)
            }
        }
        return result
    }

    /// Adds `range` to `ranges` (sorted, disjoint, not touching), joining those it meets.
    package static func add(_ range: Range<Int>, to ranges: inout [Range<Int>]) {
        guard !range.isEmpty else { return }
        if ranges.last.map({ $0.upperBound < range.lowerBound }) ?? true {
            ranges.append(range)
            return
        }
        let first = ranges.partitionPoint { $0.upperBound >= range.lowerBound }
        let after = ranges.partitionPoint { $0.lowerBound > range.upperBound }
        guard first < after else {
            ranges.insert(range, at: first)
            return
        }
        let joined = min(ranges[first].lowerBound, range.lowerBound)..<max(ranges[after - 1].upperBound, range.upperBound)
        ranges.replaceSubrange(first..<after, with: CollectionOfOne(joined))
    }

    /// Takes `range` out of `ranges` (sorted, disjoint, not touching).
    package static func remove(_ range: Range<Int>, from ranges: inout [Range<Int>]) {
        guard !range.isEmpty else { return }
        let first = ranges.partitionPoint { $0.upperBound > range.lowerBound }
        let after = ranges.partitionPoint { $0.lowerBound >= range.upperBound }
        guard first < after else { return }
        var kept: [Range<Int>] = []
        if ranges[first].lowerBound < range.lowerBound { kept.append(ranges[first].lowerBound..<range.lowerBound) }
        if ranges[after - 1].upperBound > range.upperBound { kept.append(range.upperBound..<ranges[after - 1].upperBound) }
        ranges.replaceSubrange(first..<after, with: kept)
    }
}
