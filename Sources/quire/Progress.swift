import Foundation
import Quire

extension CLI {
    /// Progress of a batch on standard error: on a terminal, one status line redrawn in place,
    /// as wide as the terminal (warnings and failures printed above it, the line cleared before
    /// the summary); otherwise one plain line per file.
    final class Progress: @unchecked Sendable {  // its reports are serialised by Results' lock
        let total: Int
        let quiet: Bool
        let started: Date
        let terminal = isatty(2) != 0
        /// The terminal's width in columns, asked once.
        let columns: Int

        /// What a warning's file name starts with: the input folder as typed ("in/"), so that
        /// `in/features.md:89` opens from where the command ran; "" when not one folder.
        var shownPrefix = ""

        init(total: Int, quiet: Bool, started: Date) {
            self.total = total; self.quiet = quiet; self.started = started
            columns = Self.terminalColumns()
        }

        /// `COLUMNS` when set, else what the terminal says, else 80.
        static func terminalColumns() -> Int {
            if let value = ProcessInfo.processInfo.environment["COLUMNS"], let n = Int(value), n > 0 { return n }
            var size = winsize()
            if ioctl(2, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
            return 80
        }

        /// Reports a finished job (`done` jobs so far).
        func report(_ done: Int, _ job: Batch.Job, _ outcome: Batch.Outcome) {
            guard !quiet else { return }
            var lines: [String] = []
            switch outcome {
            case .rendered(let warnings, _, _, _, _, _):
                lines = warnings.map { warningLine($0, file: shownPrefix + job.relativePath) }
                if !terminal { lines.append("rendered \(job.relativePath)") }
            case .skipped:
                if !terminal { lines.append("skipped \(job.relativePath) (up to date)") }
            case .failed(let reason):
                lines.append("failed \(job.relativePath): \(reason)")
            }
            guard terminal else {
                for line in lines { printError(line) }
                return
            }
            for line in lines { printError(Self.clear + line) }
            let elapsed = max(Date().timeIntervalSince(started), 0.001)
            let rate = Double(done) / elapsed
            let left = rate > 0 ? Double(total - done) / rate : 0
            var text = Self.clear + Self.statusLine(done: done, total: total, name: job.relativePath,
                                                    rate: rate, secondsLeft: Int(left), width: columns)
            text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
        }

        /// Clears the status line before the summary.
        func finish() {
            guard terminal && !quiet else { return }
            var clear = Self.clear
            clear.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
        }

        /// Back to the line's start, and the line erased.
        static let clear = "\r\u{1B}[2K"

        /// "███░░ 12/300  docs/guide.md  9.5 files/s, 0:31 left" in at most `width - 1` columns
        /// (the last column would make some terminals wrap): the file name is shortened first
        /// (its end kept, after "…"), then the rate and time left go, then the bar narrows and
        /// goes, then the name; the count always stays. O(width).
        static func statusLine(done: Int, total: Int, name: String, rate: Double, secondsLeft: Int, width: Int) -> String {
            let room = max(1, width - 1)
            let count = "\(done)/\(total)"
            let speed = String(format: "%.1f files/s, %d:%02d left", rate, secondsLeft / 60, secondsLeft % 60)
            func bar(_ cells: Int) -> String {
                let filled = total == 0 ? cells : cells * done / total
                return String(repeating: "█", count: filled) + String(repeating: "░", count: cells - filled)
            }
            func shortened(_ name: String, to length: Int) -> String {
                name.count <= length ? name : "…" + name.suffix(max(0, length - 1))
            }
            // Bar, count, name, speed; then without the speed; then a narrower bar; then no bar.
            for (cells, withSpeed) in [(24, true), (24, false), (12, false), (0, false)] {
                let fixed = (cells > 0 ? cells + 1 : 0) + count.count + (withSpeed ? 2 + speed.count : 0)
                let nameRoom = room - fixed - 2
                guard nameRoom >= min(12, name.count) else { continue }
                var line = (cells > 0 ? bar(cells) + " " : "") + count + "  " + shortened(name, to: nameRoom)
                if withSpeed { line += "  " + speed }
                return line
            }
            return String(count.prefix(room))
        }
    }
}
