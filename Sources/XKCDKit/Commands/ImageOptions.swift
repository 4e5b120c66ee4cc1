/// How `image` (and `show --image`) draws a comic: which terminal protocol, and how wide.
public struct ImageOptions: Sendable, Equatable {
    /// The protocol to use whatever the terminal says; nil: chosen from the terminal.
    public var renderer: ImageProtocol?
    /// The width in columns; nil: fit the terminal.
    public var width: Int?

    /// Options as given.
    public init(renderer: ImageProtocol? = nil, width: Int? = nil) {
        self.renderer = renderer
        self.width = width
    }
}
