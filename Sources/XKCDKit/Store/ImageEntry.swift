/// A stored image's bookkeeping row.
public struct ImageEntry: Sendable, Equatable {
    /// The comic.
    public var num: Int
    /// The file name under the image directory.
    public var file: String
    /// Its size.
    public var bytes: Int
    /// Its format.
    public var kind: ImageKind
    /// Whether it is the double-resolution (`_2x`) image.
    public var doubled = false
}
