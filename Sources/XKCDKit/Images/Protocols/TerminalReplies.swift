/// What the terminal's input holds while the program waits for an answer to a question it
/// asked: the answers, and the keys the user typed meanwhile, which belong to the next prompt.
///
/// An answer is what no key sends: a string (OSC `ESC ]`, DCS `ESC P`, APC `ESC _`, up to
/// `ESC \` or BEL), a CSI with a private `?` parameter (device attributes, XTSMGRAPHICS), or a
/// cursor position report (`ESC [ row ; column R`). Everything else is typed: letters, Enter,
/// Escape, arrows and function keys.
package struct TerminalReplies: Sendable, Equatable {
    /// The answers, one after another as they came.
    package private(set) var answers: [UInt8] = []
    /// The typed bytes, in order.
    package private(set) var typed: [UInt8] = []
    // The start of a sequence still arriving, told apart once the rest comes.
    private var pending: [UInt8] = []

    private static let escape: UInt8 = 0x1B

    /// Nothing read yet.
    package init() {}

    /// Takes in `bytes`, the next ones read.
    package mutating func take(_ bytes: some Sequence<UInt8>) {
        pending += bytes
        var start = 0
        while start < pending.count {
            guard pending[start] == Self.escape else {
                typed.append(pending[start])
                start += 1
                continue
            }
            switch Self.sequence(in: pending[start...]) {
            case let .answer(length):
                answers += pending[start..<start + length]
                start += length
            case let .keys(length):
                typed += pending[start..<start + length]
                start += length
            case .unfinished:
                pending.removeFirst(start)
                return
            }
        }
        pending.removeAll()
    }

    /// Whether what was read so far stops inside something: an escape sequence, or a typed
    /// character of several bytes, whose rest is still on its way.
    package var isCutShort: Bool {
        if !pending.isEmpty { return true }
        // The last lead byte of UTF-8 and how many bytes it needs.
        guard let lead = typed.lastIndex(where: { $0 & 0xC0 != 0x80 }) else { return false }
        let byte = typed[lead]
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        return typed.count - lead < length
    }

    /// Ends the reading: the start of a sequence that never finished is dropped, as it can
    /// only be an answer cut short, but for Escape alone (or `ESC O`), which is a key.
    package mutating func finish() {
        if !pending.isEmpty, Self.mayBeKey(pending[...]) { typed += pending }
        pending.removeAll()
    }

    private enum Piece {
        case answer(Int)
        case keys(Int)
        case unfinished
    }

    // What the escape sequence at the start of `bytes` is, and how long.
    private static func sequence(in bytes: ArraySlice<UInt8>) -> Piece {
        let start = bytes.startIndex
        guard bytes.count > 1 else { return .unfinished }
        let kind = bytes[start + 1]
        switch kind {
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"):
            var i = start + 2
            while i < bytes.endIndex {
                if bytes[i] == 0x07 { return .answer(i + 1 - start) }
                if bytes[i] == escape {
                    guard i + 1 < bytes.endIndex else { return .unfinished }
                    return bytes[i + 1] == UInt8(ascii: "\\") ? .answer(i + 2 - start) : .answer(i - start)
                }
                i += 1
            }
            return .unfinished
        case UInt8(ascii: "["):
            var i = start + 2
            // Parameters and intermediates, then a final byte in @…~.
            while i < bytes.endIndex, (0x20...0x3F).contains(bytes[i]) { i += 1 }
            guard i < bytes.endIndex else { return .unfinished }
            guard (0x40...0x7E).contains(bytes[i]) else { return .keys(i - start) }
            let parameters = bytes[(start + 2)..<i]
            let length = i + 1 - start
            if parameters.first == UInt8(ascii: "?") { return .answer(length) }
            if bytes[i] == UInt8(ascii: "R"), isPosition(parameters) { return .answer(length) }
            return .keys(length)
        case UInt8(ascii: "O"):
            // SS3: a function or keypad key, one byte after it.
            return bytes.count > 2 ? .keys(3) : .unfinished
        default:
            // Escape, or Alt with a key.
            return .keys(kind == escape ? 1 : 2)
        }
    }

    // `row ; column`, as a cursor position report has them; a key with modifiers
    // (`ESC [ 1 ; 5 R`, Ctrl-F3) is not told apart, and no program asks for both.
    private static func isPosition(_ parameters: ArraySlice<UInt8>) -> Bool {
        let parts = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { (0x30...0x39).contains($0) } }
    }

    // Whether an unfinished sequence is a key: Escape pressed last, or a function key's SS3.
    // A cut CSI (`ESC [ 1 2 ;`) is far likelier a cursor report whose rest comes late than a
    // key cut at the very moment the wait ended.
    private static func mayBeKey(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.count == 1 || bytes[bytes.startIndex + 1] == UInt8(ascii: "O")
    }
}
