/// A source of command lines.
package protocol LineReader: AnyObject {
    /// Shows `prompt` (where the reader has a screen) and blocks until a line, an interrupt or the end of input.
    func read(prompt: String) -> LineEvent
    /// Records an entered line in history (no-op for plain readers).
    func addHistory(_ line: String)
    /// Persists history and restores the terminal.
    func close()
}
