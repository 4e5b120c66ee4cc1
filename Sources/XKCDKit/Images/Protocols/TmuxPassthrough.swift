/// Sends escapes through tmux to the terminal outside it, for the graphics tmux itself does
/// not understand (it needs `set -g allow-passthrough on`, tmux 3.3 and later).
public enum TmuxPassthrough {
    private static let escape: UInt8 = 0x1B

    /// `sequence` with each escape sequence in it wrapped on its own as
    /// `ESC Ptmux;` … `ESC \`, its escapes doubled; text between them passes unchanged.
    /// Wrapping one sequence at a time keeps each passthrough short, so a multi-chunk
    /// kitty image stays within what tmux accepts in one.
    public static func wrap(_ sequence: String) -> String {
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
            for byte in bytes[i..<end] {
                if byte == escape { out.append(escape) }
                out.append(byte)
            }
            out.append("\u{1B}\\")
            i = end
        }
        return out.string
    }

    /// A picture `drawn` (its escapes, then a newline) for the terminal outside tmux, taking
    /// `rows` rows. tmux does not know the picture is there: left alone, its cursor would stay
    /// on the picture's first row and the next line would be written over it. So the rows are
    /// made first with newlines (scrolling the pane as need be, so the picture never scrolls
    /// the terminal itself), the cursor goes back up, the picture is drawn with the terminal's
    /// cursor saved and restored around it, and newlines take both cursors below it.
    public static func picture(_ drawn: String, rows: Int) -> String {
        let rows = max(1, rows)
        let newlines = String(repeating: "\n", count: rows)
        let image = drawn.hasSuffix("\n") ? String(drawn.dropLast()) : drawn
        return newlines + "\u{1B}[\(rows)A" + wrap("\u{1B}7" + image + "\u{1B}8") + newlines
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
