/// How an image reaches the terminal.
package enum ImageProtocol: String, CaseIterable, Sendable {
    /// The kitty graphics protocol (kitty, WezTerm, ghostty): the PNG file itself.
    case kitty
    /// iTerm2's inline images (OSC 1337): the file itself.
    case iterm
    /// DEC sixel graphics: pixels quantised to the terminal's colour registers.
    case sixel
    /// Unicode upper half blocks, two pixels a cell, coloured with SGR escapes.
    case blocks
    /// Plain characters shaded by darkness, no escapes at all.
    case ascii

    /// Whether the terminal draws the image's pixels (kitty, iTerm2, sixel) rather than text.
    package var drawsPixels: Bool {
        switch self {
        case .kitty, .iterm, .sixel: true
        case .blocks, .ascii: false
        }
    }
}
