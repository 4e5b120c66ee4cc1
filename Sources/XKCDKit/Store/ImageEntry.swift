/// A stored image's bookkeeping row.
package struct ImageEntry: Sendable, Equatable {
    /// The comic.
    package var num: Int
    /// The file name under the image directory.
    package var file: String
    /// Its size.
    package var bytes: Int
    /// Its format.
    package var kind: ImageKind
    /// Whether it is the double-resolution (`_2x`) image.
    package var doubled = false
}
