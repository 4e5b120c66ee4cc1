/// Sends escapes through tmux to the terminal outside it, for the graphics tmux itself does
/// not understand (it needs `set -g allow-passthrough on`, tmux 3.3 and later).
package enum TmuxPassthrough {
    private static let escape: UInt8 = 0x1B

    /// `sequence` with each escape sequence in it wrapped on its own as
    /// `ESC Ptmux;` … `ESC \`, its escapes doubled and `leading` before it; text between them
    /// passes unchanged.
    /// Wrapping one sequence at a time keeps each passthrough short, so a multi-chunk
    /// kitty image stays within what tmux accepts in one.
    package static func wrap(_ sequence: String, leading: String = "") -> String {
        let bytes = Array(sequence.utf8)
        var out = ByteBuffer(capacity: bytes.count + bytes.count / 64 + 16)
        var i = 0
        while i < bytes.count {
            guard bytes[i] == escape else {
                out.append(bytes[i])
                i += 1
                continue
            }
            let end = endOfSequence(in: bytes, at: i)
            out.append("\u{1B}Ptmux;")
            for byte in Array(leading.utf8) + bytes[i..<end] {
                if byte == escape { out.append(escape) }
                out.append(byte)
            }
            out.append("\u{1B}\\")
            i = end
        }
        return out.string
    }

    /// Where a tmux pane is on the terminal outside (its client's screen, status lines
    /// included), its cursor (in cells from 0), and the outside terminal's cell size in pixels
    /// when tmux knows it.
    package struct Pane: Sendable, Equatable {
        var top: Int
        var left: Int
        var height: Int
        var cursorRow: Int
        package var cellWidth: Int?
        package var cellHeight: Int?

        /// The format `tmux display -p` is asked to print for ``init(display:)``: the pane in
        /// its window, the cell size, and the status lines, which sit above the window when
        /// `status-position` is top.
        package static let format =
            "#{pane_top},#{pane_left},#{pane_height},#{cursor_y},#{client_cell_width},#{client_cell_height},"
            + "#{status},#{status-position}"

        init(top: Int, left: Int, height: Int, cursorRow: Int, cellWidth: Int? = nil, cellHeight: Int? = nil) {
            (self.top, self.left, self.height, self.cursorRow) = (top, left, height, cursorRow)
            (self.cellWidth, self.cellHeight) = (cellWidth, cellHeight)
        }

        /// The pane as `tmux display -p` prints ``format`` (a tmux without the cell size
        /// prints nothing for it).
        package init?(display: String) {
            let fields = display.trimmingSpacesAndNewlines().split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count >= 4 else { return nil }
            let numbers = fields.prefix(4).compactMap { Int($0) }
            guard numbers.count == 4, numbers.allSatisfy({ $0 >= 0 }), numbers[2] > 0 else { return nil }
            let cell = fields.count >= 6 ? (Int(fields[4]) ?? 0, Int(fields[5]) ?? 0) : (0, 0)
            // `status` is off, on, or the number of lines (2 to 5).
            let statusLines: Int =
                switch fields.count >= 7 ? fields[6] : "off" {
                case "on": 1
                case let lines: Int(lines).map { min(max($0, 0), 5) } ?? 0
                }
            let above = fields.count >= 8 && fields[7] == "top" ? statusLines : 0
            self.init(
                top: above + numbers[0], left: numbers[1], height: numbers[2], cursorRow: numbers[3],
                cellWidth: cell.0 > 0 && cell.1 > 0 ? cell.0 : nil, cellHeight: cell.0 > 0 && cell.1 > 0 ? cell.1 : nil)
        }
    }

    /// A picture `drawn` (its escapes, then a newline) for the terminal outside tmux, taking
    /// `rows` rows from the start of a line `after` lines below the pane's cursor. tmux does
    /// not know the picture is there: left alone, its cursor would stay on the picture's first
    /// row and the next line would be written over it. So the rows are made first with
    /// newlines (scrolling the pane as need be, so the picture never scrolls the terminal
    /// itself) and the cursor goes back up; then the picture is passed through, each piece led
    /// by the terminal's cursor put on the picture's first cell (tmux writes the text it holds
    /// later than what it passes through, and moves the cursor after each), and newlines take
    /// tmux's cursor below it. Without `pane`, the picture is passed through where the
    /// terminal's cursor happens to be.
    /// tmux writes a pane's scroll to the terminal outside after a passthrough that came
    /// with it, which would move the picture up with the text; so ``settle`` follows the
    /// newlines that make its rows, before the picture is passed through.
    static func picture(_ drawn: String, rows: Int, pane: Pane?, after: Int = 0) -> String {
        guard let pane else { return ImageComposer.inReservedRows(rows, drawn) { settle + wrap($0) } }
        let start = min(pane.cursorRow + after, pane.height - 1)
        let top = max(0, min(start + max(1, rows), pane.height - 1) - max(1, rows))
        let origin = "\u{1B}[\(pane.top + top + 1);\(pane.left + 1)H"
        return ImageComposer.inReservedRows(rows, drawn) { settle + wrap($0, leading: origin) }
    }

    /// The format `tmux display -p` is asked to print for ``colourNote(display:colours:)``:
    /// the client's terminal and the features tmux knows it has.
    package static let clientColours = "#{client_termname},#{client_termfeatures}"

    /// The client's terminal name in what ``clientColours`` printed; nil where there is none.
    package static func clientTerminal(display: String) -> String? {
        let name = display.trimmingSpacesAndNewlines().prefix { $0 != "," }
        return name.isEmpty || !display.contains(",") ? nil : String(name)
    }

    /// A one-line note where tmux draws its client's terminal in fewer than 256 colours: its
    /// terminfo names `colours` of them (mlterm's says 8, though mlterm draws millions) and no
    /// `RGB` feature was set for it, so a picture in half blocks comes out in a few flat
    /// colours. nil where it knows more, or says nothing.
    package static func colourNote(display: String, colours: Int?) -> String? {
        guard let name = clientTerminal(display: display), let colours, colours < 256 else { return nil }
        let features = display.trimmingSpacesAndNewlines().split(separator: ",").dropFirst()
        guard !features.contains("RGB") else { return nil }
        let pattern = name.split(separator: "-").first.map(String.init) ?? name
        return "note: tmux knows this terminal (\(name)) for \(colours) colours only, and pictures come out flat; "
            + "add \"set -as terminal-features ',\(pattern)*:RGB'\" to ~/.tmux.conf and attach again"
    }

    /// Where the writer waits for tmux to have drawn what came before it: the question for
    /// the cursor's position (CSI 6n), which tmux answers once it has taken in all before it.
    /// On a terminal the writer asks it and reads the answer; elsewhere it leaves it out.
    package static let settle = "\u{1B}[6n"

    /// Whether `reply` holds a cursor-position report (`ESC [ row ; column R`).
    package static func isCursorReport(_ reply: [UInt8]) -> Bool {
        guard let start = reply.lastIndex(of: escape) else { return false }
        let report = reply[start...].dropFirst()
        guard report.first == UInt8(ascii: "["), report.last == UInt8(ascii: "R") else { return false }
        let body = report.dropFirst().dropLast()
        return body.contains(UInt8(ascii: ";"))
            && body.allSatisfy { $0 == UInt8(ascii: ";") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// Where the escape sequence starting at `start` ends (one past its last byte).
    private static func endOfSequence(in bytes: [UInt8], at start: Int) -> Int {
        var i = start + 1
        guard i < bytes.count else { return i }
        let kind = bytes[i]
        i += 1
        switch kind {
        case UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "]"), UInt8(ascii: "^"), UInt8(ascii: "X"):
            // A string (DCS, APC, OSC, PM, SOS): up to ST, or BEL for OSC.
            while i < bytes.count {
                if bytes[i] == escape, i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\\") { return i + 2 }
                if bytes[i] == 0x07 && kind == UInt8(ascii: "]") { return i + 1 }
                i += 1
            }
            return i
        case UInt8(ascii: "["):
            // CSI: parameters and intermediates up to a final byte in @…~.
            while i < bytes.count, !(0x40...0x7E).contains(bytes[i]) { i += 1 }
            return min(i + 1, bytes.count)
        default:
            // Two bytes, or intermediates (space…/) and then a final byte, as in ESC ( B.
            var end = i - 1
            while end < bytes.count, (0x20...0x2F).contains(bytes[end]) { end += 1 }
            return min(end + 1, bytes.count)
        }
    }
}
