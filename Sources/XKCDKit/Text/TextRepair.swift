/// The one repair-and-sanitize step every server string goes through before display.
package enum TextRepair {
    /// A single-line field from HTML (addresses): markup stripped, entities decoded, mojibake
    /// repaired, controls removed, whitespace collapsed.
    package static func line(_ raw: String) -> String {
        collapseSpaces(TerminalSanitizer.sanitize(MojibakeRepair.repair(HTMLText.plainText(raw)), multiline: false))
    }

    /// Community-written multi-line text (transcripts): entities decoded, mojibake repaired
    /// (some transcripts hold real double-encoding), controls removed; newlines kept. Markup is
    /// left alone because transcripts use `<<sound>>` notation.
    package static func text(_ raw: String) -> String {
        if CleanTextCheck.needsNoRepair(raw) { return raw }
        let cleaned = TerminalSanitizer.sanitize(MojibakeRepair.repair(HTMLEntities.decode(raw)), multiline: true)
        return trimLines(cleaned)
    }

    /// An HTML fragment (news): tags removed, `<br>` as newlines, then as ``text(_:)``.
    package static func html(_ raw: String) -> String {
        let cleaned = TerminalSanitizer.sanitize(MojibakeRepair.repair(HTMLText.plainText(raw)), multiline: true)
        return trimLines(cleaned)
    }

    /// The title to show, as xkcd.com shows it: from `title` (the real title; `safe_title` is
    /// mangled where the title holds `&` or `<…>`), with real markup removed, entities decoded,
    /// controls removed and spaces collapsed. Text that only looks like a tag (`<City>`) stays,
    /// and nothing is repaired: titles are served as clean UTF-8. `safeTitle` stands in only
    /// for an empty title.
    package static func displayTitle(title: String, safeTitle: String) -> String {
        let shown = authorLine(HTMLText.withoutMarkup(title))
        return shown.isEmpty ? authorLine(HTMLText.withoutMarkup(safeTitle)) : shown
    }

    /// Alt text, as xkcd.com shows it: plain text with entities (`&nbsp;`) decoded; angle
    /// brackets are the author's words, and mojibake is the author's joke (#1683), so neither
    /// markup nor repair touches it. Controls are removed; newlines kept.
    package static func alt(_ raw: String) -> String {
        if CleanTextCheck.needsNoRepair(raw) { return raw }
        return trimLines(TerminalSanitizer.sanitize(HTMLEntities.decode(raw), multiline: true))
    }

    private static func authorLine(_ text: String) -> String {
        collapseSpaces(TerminalSanitizer.sanitize(HTMLEntities.decode(text), multiline: false))
    }

    private static func collapseSpaces(_ s: String) -> String {
        // Already collapsed: no no-break space (C2 A0), no space at either end or after another.
        var tidy = s.utf8.first != 0x20 && s.utf8.last != 0x20
        var previous: UInt8 = 0
        var bytes = s.utf8.makeIterator()
        while tidy, let byte = bytes.next() {
            tidy = !(byte == 0x20 && previous == 0x20 || byte == 0xA0 && previous == 0xC2)
            previous = byte
        }
        if tidy { return s }
        return s.split(whereSeparator: { $0 == " " || $0 == "\u{A0}" }).joined(separator: " ")
    }

    // Drops spaces at line ends and blank lines at both ends, working on UTF-8 bytes.
    private static func trimLines(_ s: String) -> String {
        var s = s
        return s.withUTF8 { bytes -> String? in
            var previous: UInt8 = 0
            var needsWork = bytes.first == 0x0A || bytes.last == 0x0A || bytes.last == 0x20
            var i = 0
            while !needsWork, i < bytes.count {
                needsWork = bytes[i] == 0x0A && previous == 0x20
                previous = bytes[i]
                i += 1
            }
            guard needsWork else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var pendingSpaces = 0
            for byte in bytes {
                switch byte {
                case 0x20:
                    pendingSpaces += 1
                case 0x0A:
                    pendingSpaces = 0
                    if !out.isEmpty { out.append(byte) }
                default:
                    if pendingSpaces > 0 {
                        out.append(contentsOf: repeatElement(0x20, count: pendingSpaces))
                        pendingSpaces = 0
                    }
                    out.append(byte)
                }
            }
            while out.last == 0x0A { out.removeLast() }
            return String(decoding: out, as: UTF8.self)
        } ?? s
    }
}
