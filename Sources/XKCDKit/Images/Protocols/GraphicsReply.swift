/// What a terminal answers about its graphics: sixel support in its primary device
/// attributes (`ESC [ ? … c`), and with XTSMGRAPHICS (`ESC [ ? Pi ; 0 ; … S`) its colour
/// registers and largest sixel image; with OSC 11 its background colour.
package struct GraphicsReply: Sendable, Equatable {
    /// Whether the terminal draws sixel.
    package var sixel = false
    /// Its colour registers, when it said.
    package var colorRegisters: Int?
    /// The widest sixel image, in pixels, when it said.
    package var maxWidth: Int?
    /// The tallest sixel image, in pixels, when it said.
    package var maxHeight: Int?
    /// Its background colour, when it answered OSC 11.
    package var background: TerminalBackground?

    /// No answer: no sixel, nothing known.
    package init() {}

    /// Whether `reply` holds the device attributes, the answer that comes last.
    package static func isComplete(_ reply: [UInt8]) -> Bool {
        replies(in: reply).contains { $0.final == UInt8(ascii: "c") }
    }

    /// What `reply` (the terminal's answers, in any order, among other bytes) says.
    package init(parsing reply: [UInt8]) {
        background = TerminalBackground(osc11: reply)
        for (parameters, final) in Self.replies(in: reply) {
            if final == UInt8(ascii: "c") {
                // The first number is the terminal's class; 4 among the rest is sixel.
                sixel = parameters.dropFirst().contains(4)
            } else if final == UInt8(ascii: "S"), parameters.count >= 3, parameters[1] == 0 {
                if parameters[0] == 1 {
                    colorRegisters = parameters[2]
                } else if parameters[0] == 2, parameters.count >= 4 {
                    maxWidth = parameters[2]
                    maxHeight = parameters[3]
                }
            }
        }
    }

    // Every `ESC [ ? n ; n … X` in `bytes`: its numbers and final byte.
    private static func replies(in bytes: [UInt8]) -> [(parameters: [Int], final: UInt8)] {
        var found: [([Int], UInt8)] = []
        var i = 0
        while i + 2 < bytes.count {
            guard bytes[i] == 0x1B, bytes[i + 1] == UInt8(ascii: "["), bytes[i + 2] == UInt8(ascii: "?") else {
                i += 1
                continue
            }
            var j = i + 3
            var numbers: [Int] = []
            var current = 0
            while j < bytes.count, bytes[j] == UInt8(ascii: ";") || (0x30...0x39).contains(bytes[j]) {
                if bytes[j] == UInt8(ascii: ";") {
                    numbers.append(current)
                    current = 0
                } else {
                    current = min(current * 10 + Int(bytes[j] - 0x30), 1_000_000)
                }
                j += 1
            }
            guard j < bytes.count else { break }
            numbers.append(current)
            found.append((numbers, bytes[j]))
            i = j + 1
        }
        return found
    }
}
