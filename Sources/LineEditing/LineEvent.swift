/// What one read from the terminal produced.
package enum LineEvent: Equatable, Sendable {
    /// A line the user entered, without its trailing newline.
    case line(String)
    /// Ctrl-C while typing: the line was abandoned.
    case interrupt
    /// Ctrl-D on an empty line, or the end of input.
    case endOfFile
}
