/// How `image` (and `show --image`) draws a comic: which terminal protocol, and how wide.
package struct ImageOptions: Sendable, Equatable {
    /// The protocol to use whatever the terminal says; nil: chosen from the terminal.
    package var renderer: ImageProtocol?
    /// The width in columns; nil: fit the terminal.
    package var width: Int?
    /// Whether the image goes to a terminal that draws pixels (kitty, iTerm2, sixel), which
    /// gets the `_2x` image where there is one. Not typed: the program sets it from the terminal.
    package var highResolution = false

    /// Options as given.
    package init(renderer: ImageProtocol? = nil, width: Int? = nil) {
        self.renderer = renderer
        self.width = width
    }
}

extension ImageOptions {
    /// The options as scanned (their values already checked against their declarations).
    init(_ input: CommandInput) {
        self.init(
            renderer: input.value("--renderer").flatMap(ImageProtocol.init(rawValue:)),
            width: input.value("--width").flatMap { Int($0) })
    }
}
