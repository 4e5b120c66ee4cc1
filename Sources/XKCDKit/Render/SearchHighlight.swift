/// The marks around matched words in search excerpts (``SearchHit/highlightStart`` and
/// ``SearchHit/highlightEnd``): bold on a colour terminal, and never on the screen or in JSON.
enum SearchHighlight {
    private static let start = SearchHit.highlightStart.unicodeScalars.first!
    private static let end = SearchHit.highlightEnd.unicodeScalars.first!

    /// `line` with its matched words in bold, or without the marks when `style` writes no escapes.
    static func styled(_ line: String, style: Style) -> String {
        style.enabled ? style.bold(spansOf: line, from: start, to: end) : removed(from: line)
    }

    /// `text` without the marks.
    static func removed(from text: String) -> String {
        // The marks are EE 80 80 and EE 80 81 in UTF-8; most text has no 0xEE byte at all.
        let bytes = Array(text.utf8)
        guard bytes.contains(0xEE) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0xEE, i + 2 < bytes.count, bytes[i + 1] == 0x80,
                bytes[i + 2] == 0x80 || bytes[i + 2] == 0x81
            {
                i += 3
                continue
            }
            out.append(bytes[i])
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
