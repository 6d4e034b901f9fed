/// What the engine needs to know of each character position for breaking lines: Pango's log
/// attributes (`PangoLogAttr`), the four the engine reads, one byte each.
package struct CharacterFlags: OptionSet {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    /// A line may break before the character (Unicode's line breaking, UAX #14).
    package static let lineBreak = CharacterFlags(rawValue: 1)
    /// A line must break before it (after a hard line break, and at the text's end).
    package static let mandatoryBreak = CharacterFlags(rawValue: 2)
    /// The character is white space.
    package static let white = CharacterFlags(rawValue: 4)
    /// A grapheme starts here (a cursor may stand before it).
    package static let cursor = CharacterFlags(rawValue: 8)
}

/// Unicode's line breaking for text of printable ASCII, tabs and line feeds, as Pango 1.50's
/// `pango_default_break` decides it (the same rules in the same order, for the classes ASCII
/// holds: UAX #14 with its example 7 customization of LB25 for numbers): most paragraphs of
/// most documents, without Pango's UTF-8 decoding and Unicode tables for every character (a
/// tenth of the paragraph engine's time went there). `ParagraphEngineTests` checks it
/// against Pango on the corpus.
package enum ASCIIBreaks {
    /// The line-break classes printable ASCII holds (UAX #14's LineBreak.txt).
    package enum Class: UInt8 { case al, nu, sp, ba, hy, op, cp, cl, qu, ex, `is`, sy, pr, po, lf, cr, bk, unknown }

    /// Whether `bytes` are all characters the rules here cover: printable ASCII, tabs, line
    /// feeds and carriage returns.
    package static func covers(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for b in bytes where b >= 0x7F || (b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D) { return false }
        return true
    }

    package static func `class`(_ b: UInt8) -> Class {
        switch b {
        case 0x30...0x39: return .nu
        case 0x41...0x5A, 0x61...0x7A: return .al
        case 0x20: return .sp
        case 0x09, 0x7C: return .ba  // tab, |
        case 0x2D: return .hy
        case 0x28, 0x5B, 0x7B: return .op
        case 0x29, 0x5D: return .cp
        case 0x7D: return .cl
        case 0x22, 0x27: return .qu
        case 0x21, 0x3F: return .ex
        case 0x2C, 0x2E, 0x3A, 0x3B: return .is
        case 0x2F: return .sy
        case 0x24, 0x2B, 0x5C: return .pr
        case 0x25: return .po
        case 0x0A: return .lf
        case 0x0D: return .cr
        default: return .al  // # & * < = > @ ^ _ ` ~
        }
    }

    private enum NumberState { case other, numeric, numericClose }

    /// Whether the rules decide `cls` after `prev` without the chain: a letter or digit after
    /// a letter (LB28, LB23: no break) or after a space that follows a letter, a digit or a
    /// stop (LB18: a break; nothing after such a space holds it back), or a space after a
    /// letter, a digit or a stop (LB7: no break).
    private static func isPlain(_ prev: Class, _ prevPrev: Class, _ cls: Class) -> Bool {
        switch (prev, cls) {
        case (.al, .al), (.al, .sp), (.nu, .sp), (.is, .sp): return true
        case (.sp, .al), (.sp, .nu): return prevPrev == .al || prevPrev == .nu || prevPrev == .is
        default: return false
        }
    }

    /// The flags of each character of `bytes` (all `covers`) and one past the last.
    package static func flags(_ bytes: UnsafeBufferPointer<UInt8>) -> [CharacterFlags] {
        let n = bytes.count
        var flags = [CharacterFlags](repeating: [], count: n + 1)
        var prev = Class.unknown, prevPrev = Class.unknown
        var number = NumberState.other
        for i in 0...n {
            let cls: Class = i < n ? Self.class(bytes[i]) : .bk
            let next: Class = i + 1 < n ? Self.class(bytes[i + 1]) : (i + 1 == n ? .bk : .unknown)
            var f: CharacterFlags = []
            if i < n, cls == .sp || cls == .lf || cls == .cr || cls == .ba && bytes[i] == 0x09 { f.insert(.white) }
            let cursor = !(i > 0 && i < n && bytes[i - 1] == 0x0D && bytes[i] == 0x0A)
            if cursor, Self.isPlain(prev, prevPrev, cls) {
                // Inside a word, or a space not after a hard break: what the rules give these.
                f.insert(.cursor)
                if cls == .nu || cls == .al, prev == .sp { f.insert(.lineBreak) }
                number = cls == .nu ? .numeric : .other
            } else if cursor {
                f.insert(.cursor)
                var row = prev == .sp ? prevPrev : prev
                if row == .unknown { row = .al }
                var state = NumberState.other
                if cls == .nu { state = .numeric }
                if cls == .cl || cls == .cp { state = number == .numeric ? .numericClose : .other }
                var breaks: Bool? = nil  // nil: allowed by LB31
                // The rules from the lowest priority up, as Pango applies them.
                if (prev == .al || prev == .nu) && cls == .op { breaks = false }  // LB30
                if prev == .cp && (cls == .al || cls == .nu) { breaks = false }
                if prev == .is && cls == .al { breaks = false }  // LB29
                if prev == .al && cls == .al { breaks = false }  // LB28
                if (prev == .pr || prev == .po) && cls == .nu { breaks = false }  // LB25
                if (prev == .pr || prev == .po) && (cls == .op || cls == .hy) && next == .nu { breaks = false }
                if (prev == .op || prev == .hy) && cls == .nu { breaks = false }
                if prev == .nu && (cls == .nu || cls == .sy || cls == .is) { breaks = false }
                if number == .numeric && (cls == .nu || cls == .sy || cls == .is || cls == .cl || cls == .cp) { breaks = false }
                if (number == .numeric || number == .numericClose) && (cls == .po || cls == .pr) { breaks = false }
                if (prev == .pr || prev == .po) && cls == .al { breaks = false }  // LB24
                if prev == .al && (cls == .pr || cls == .po) { breaks = false }
                if prev == .al && cls == .nu { breaks = false }  // LB23
                if prev == .nu && cls == .al { breaks = false }
                if cls == .ba || cls == .hy { breaks = false }  // LB21
                if prev == .qu || cls == .qu { breaks = false }  // LB19
                if prev == .sp { breaks = true }  // LB18
                if row == .qu && cls == .op { breaks = false }  // LB15
                if row == .op { breaks = false }  // LB14
                if cls == .ex { breaks = false }  // LB13, example 7
                if prev != .nu && (cls == .cl || cls == .cp || cls == .is || cls == .sy) { breaks = false }
                if cls == .sp { breaks = false }  // LB7
                if cls == .bk || cls == .cr || cls == .lf { breaks = false }  // LB6
                if prev == .bk || (prev == .cr && (i == n || bytes[i] != 0x0A)) || prev == .lf {  // LB4, LB5
                    f.insert(.mandatoryBreak)
                    breaks = true
                }
                if breaks ?? true { f.insert(.lineBreak) }
                if cls == .nu || cls == .sy || cls == .is {
                    if number != .numeric { number = state }
                } else {
                    number = state
                }
            }
            if cls != .sp {
                prevPrev = prev
                prev = cls
            } else if prev != .sp {
                prevPrev = prev
                prev = .sp
            }
            flags[i] = f
        }
        flags[0].remove(.lineBreak)  // LB2
        flags[n].formUnion([.lineBreak, .mandatoryBreak, .cursor, .white])  // LB3, GB2 (a paragraph separator past the end)
        flags[0].insert(.cursor)
        return flags
    }
}
