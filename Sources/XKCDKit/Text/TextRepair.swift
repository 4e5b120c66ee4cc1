#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

/// Finds text that ``TextRepair/text(_:)`` would return unchanged, eight bytes at a time: most
/// alt texts and transcripts are plain, and a sync repairs 1.6 MB of them.
enum CleanTextCheck {
    /// True when `text` is printable ASCII and line breaks with no `&`, no space before a line
    /// break, no line break first or last and no space last: no repair pass changes it.
    static func needsNoRepair(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { needsNoRepair($0) } ?? false
    }

    static func needsNoRepair(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, let first = bytes.first, let last = bytes.last else { return true }
        if first == 0x0A || last == 0x0A || last == 0x20 { return false }
        let raw = UnsafeRawPointer(base)
        var previous: UInt8 = 0
        var i = 0
        while i + 8 <= bytes.count {
            let word = ByteWord(raw, at: i)
            if word.nonASCII != 0 || word.equal(to: 0x26) != 0 || word.equal(to: 0x7F) != 0 { return false }
            // A byte below 0x20: only a line break is allowed, and not after a space.
            if word.below(0x20) != 0 {
                for k in i..<(i + 8) where !allowed(bytes[k], after: k == 0 ? 0 : bytes[k - 1]) { return false }
            }
            previous = word.last
            i += 8
        }
        while i < bytes.count {
            let byte = bytes[i]
            if byte >= 0x7F || byte == 0x26 || !allowed(byte, after: previous) { return false }
            previous = byte
            i += 1
        }
        return true
    }

    private static func allowed(_ byte: UInt8, after previous: UInt8) -> Bool {
        byte >= 0x20 || byte == 0x0A && previous != 0x20
    }
}

/// Repairs UTF-8 that was decoded as Latin-1 or Windows-1252 (`ErdÅ\u{91}s` → `Erdős`,
/// `â€œ` → `“`), and lone C1 controls that were Windows-1252 punctuation (U+0085 → `…`).
package enum MojibakeRepair {
    /// Returns `text` with every byte-like sequence that spells valid multi-byte UTF-8 decoded.
    /// Runs up to three rounds, for text encoded twice or three times.
    package static func repair(_ text: String) -> String {
        var current = text
        for _ in 0..<3 {
            guard let repaired = repairOnce(&current) else { break }
            current = repaired
        }
        return mapLoneC1(&current) ?? current
    }

    // One pass over the UTF-8 bytes; nil when nothing changed. A candidate starts at a
    // scalar U+00C2…U+00F4 (bytes C3 82…C3 B4), which could be a UTF-8 lead byte read as Latin-1.
    private static func repairOnce(_ text: inout String) -> String? {
        text.withUTF8 { bytes -> String? in
            guard var i = firstPair(in: bytes, lead: 0xC3, next: 0x82...0xB4) else { return nil }
            var out = copy(bytes, prefix: i)
            var changed = false
            while i < bytes.count {
                let (lead, leadLength) = UTF8Bytes.scalar(in: bytes, at: i)
                if let (decoded, end) = mojibake(in: bytes, lead: lead, after: i + leadLength) {
                    UTF8.encode(decoded) { out.append($0) }
                    changed = true
                    i = end
                } else {
                    out.append(contentsOf: bytes[i..<(i + leadLength)])
                    i += leadLength
                }
            }
            return changed ? String(decoding: out, as: UTF8.self) : nil
        }
    }

    // When `lead` (as a byte) and the scalars from `start` (as bytes) spell one multi-byte
    // UTF-8 sequence, its scalar and where the sequence ends.
    private static func mojibake(in bytes: UnsafeBufferPointer<UInt8>, lead: UInt32, after start: Int) -> (
        Unicode.Scalar, Int
    )? {
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return nil
        }
        var sequence: [UInt8] = [UInt8(lead)]
        var j = start
        while sequence.count < length {
            guard j < bytes.count else { return nil }
            let (next, nextLength) = UTF8Bytes.scalar(in: bytes, at: j)
            guard let byte = byte(for: next), (0x80...0xBF).contains(byte) else { return nil }
            sequence.append(byte)
            j += nextLength
        }
        guard let decoded = decode(sequence) else { return nil }
        return (decoded, j)
    }

    // Where `lead` is first followed by a byte in `next`.
    private static func firstPair(in bytes: UnsafeBufferPointer<UInt8>, lead: UInt8, next: ClosedRange<UInt8>) -> Int? {
        var i = 0
        while i + 1 < bytes.count {
            if bytes[i] == lead, next.contains(bytes[i + 1]) { return i }
            i += 1
        }
        return nil
    }

    // The first `count` bytes, in a buffer with room for the rest.
    private static func copy(_ bytes: UnsafeBufferPointer<UInt8>, prefix count: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        out.append(contentsOf: bytes[..<count])
        return out
    }

    private static func byte(for scalar: UInt32) -> UInt8? {
        if scalar <= 0xFF { return UInt8(scalar) }
        return windows1252Bytes[scalar]
    }

    private static func decode(_ bytes: [UInt8]) -> Unicode.Scalar? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        guard case let .scalarValue(scalar) = decoder.decode(&iterator) else { return nil }
        guard case .emptyInput = decoder.decode(&iterator) else { return nil }
        // Only multi-byte results: an ASCII "decode" would mean the bytes were not mojibake.
        return scalar.value >= 0x80 ? scalar : nil
    }

    // Lone C1 scalars (bytes C2 80…C2 9F) that Windows-1252 maps to punctuation; nil when none.
    private static func mapLoneC1(_ text: inout String) -> String? {
        text.withUTF8 { bytes -> String? in
            guard var i = firstPair(in: bytes, lead: 0xC2, next: 0x80...0x9F) else { return nil }
            var out = copy(bytes, prefix: i)
            while i < bytes.count {
                if i + 1 < bytes.count, bytes[i] == 0xC2, let mapped = windows1252Characters[bytes[i + 1]] {
                    UTF8.encode(mapped) { out.append($0) }
                    i += 2
                } else {
                    out.append(bytes[i])
                    i += 1
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    private static let windows1252Characters: [UInt8: Unicode.Scalar] = [
        0x80: "€", 0x82: "‚", 0x83: "ƒ", 0x84: "„", 0x85: "…", 0x86: "†", 0x87: "‡", 0x88: "ˆ",
        0x89: "‰", 0x8A: "Š", 0x8B: "‹", 0x8C: "Œ", 0x8E: "Ž", 0x91: "‘", 0x92: "’", 0x93: "“",
        0x94: "”", 0x95: "•", 0x96: "–", 0x97: "—", 0x98: "˜", 0x99: "™", 0x9A: "š", 0x9B: "›",
        0x9C: "œ", 0x9E: "ž", 0x9F: "Ÿ",
    ]

    private static let windows1252Bytes: [UInt32: UInt8] = Dictionary(
        uniqueKeysWithValues: windows1252Characters.map { ($0.value.value, $0.key) }
    )
}

/// Turns the small HTML fragments xkcd serves (titles, news) into plain text.
package enum HTMLText {
    /// Removes tags, turning `<br>` and block ends into newlines, then decodes entities.
    package static func plainText(_ html: String) -> String {
        guard html.containsUTF8(UInt8(ascii: "<")) else { return HTMLEntities.decode(html) }
        var out = ""
        var index = html.startIndex
        while index < html.endIndex {
            let c = html[index]
            if c == "<", let close = tagEnd(in: html, from: index) {
                let tag = html[html.index(after: index)..<close].lowercased()
                let name = tag.drop(while: { $0 == "/" }).prefix(while: { $0.isLetter || $0.isNumber })
                if name == "br" || (tag.hasPrefix("/") && ["p", "div", "li"].contains(String(name))) {
                    out.append("\n")
                }
                index = html.index(after: close)
            } else {
                out.append(c)
                index = html.index(after: index)
            }
        }
        return HTMLEntities.decode(out)
    }

    /// `text` without its real markup: tags of HTML elements (`<span style=…>`, `</span>`,
    /// `<br/>`) and comments go, and what only looks like a tag (`<City>`, `<3`) stays.
    /// Entities are left as they are.
    package static func withoutMarkup(_ text: String) -> String {
        guard text.containsUTF8(UInt8(ascii: "<")) else { return text }
        var out = ""
        var index = text.startIndex
        while index < text.endIndex {
            let c = text[index]
            if c == "<", let close = tagEnd(in: text, from: index) {
                let tag = text[text.index(after: index)..<close].lowercased()
                let name = tag.drop(while: { $0 == "/" }).prefix(while: { $0.isLetter || $0.isNumber })
                if tag.hasPrefix("!--") || elementNames.contains(String(name)) {
                    index = text.index(after: close)
                    continue
                }
            }
            out.append(c)
            index = text.index(after: index)
        }
        return out
    }

    // The elements a title's markup uses, and their neighbours: a word in angle brackets that
    // is none of these is the author's text.
    private static let elementNames: Set<String> = [
        "a", "abbr", "b", "big", "blink", "br", "cite", "code", "del", "dfn", "div", "em", "font", "h1", "h2", "h3",
        "h4", "h5", "h6", "hr", "i", "img", "ins", "kbd", "mark", "p", "q", "s", "samp", "small", "span", "strike",
        "strong", "sub", "sup", "tt", "u", "var", "wbr",
    ]

    // A tag starts with a letter, `/` or `!`; a lone `<` (as in "a < b") is text.
    private static func tagEnd(in html: String, from start: String.Index) -> String.Index? {
        let next = html.index(after: start)
        guard next < html.endIndex else { return nil }
        let first = html[next]
        guard first.isASCII, first.isLetter || first == "/" || first == "!" else { return nil }
        return html[next...].firstIndex(of: ">")
    }
}

/// Decodes HTML character references (`&eacute;`, `&#233;`, `&#xE9;`).
enum HTMLEntities {
    /// Returns `text` with every recognised character reference replaced; unknown ones stay as written.
    static func decode(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard var i = bytes.firstIndex(of: UInt8(ascii: "&")) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            out.append(contentsOf: bytes[..<i])
            while i < bytes.count {
                if bytes[i] == UInt8(ascii: "&"), let (decoded, length) = reference(in: bytes, at: i) {
                    UTF8.encode(decoded) { out.append($0) }
                    i += length
                } else {
                    out.append(bytes[i])
                    i += 1
                }
            }
            return String(decoding: out, as: UTF8.self)
        } ?? text
    }

    // Entity names are at most 10 bytes here, so the scan stays bounded on hostile input.
    private static func reference(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (Unicode.Scalar, Int)? {
        var j = start + 1
        while j < bytes.count, j - start <= 12, bytes[j] != UInt8(ascii: ";") {
            switch bytes[j] {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "#"):
                j += 1
            default:
                return nil
            }
        }
        guard j < bytes.count, bytes[j] == UInt8(ascii: ";"), j > start + 1 else { return nil }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<j]), as: UTF8.self)
        let length = j - start + 1
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value: UInt32?
            if digits.hasPrefix("x") || digits.hasPrefix("X") {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits, radix: 10)
            }
            guard let value, let scalar = Unicode.Scalar(value) else { return nil }
            return (scalar, length)
        }
        guard let decoded = named[name] else { return nil }
        return (decoded, length)
    }

    private static let named: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
        "eacute": "é", "Eacute": "É", "egrave": "è", "Egrave": "È", "ecirc": "ê", "euml": "ë",
        "aacute": "á", "Aacute": "Á", "agrave": "à", "Agrave": "À", "acirc": "â", "auml": "ä", "Auml": "Ä",
        "aring": "å", "Aring": "Å", "atilde": "ã", "aelig": "æ", "AElig": "Æ",
        "iacute": "í", "igrave": "ì", "icirc": "î", "iuml": "ï",
        "oacute": "ó", "ograve": "ò", "ocirc": "ô", "ouml": "ö", "Ouml": "Ö", "otilde": "õ", "oslash": "ø",
        "Oslash": "Ø",
        "uacute": "ú", "ugrave": "ù", "ucirc": "û", "uuml": "ü", "Uuml": "Ü",
        "ntilde": "ñ", "Ntilde": "Ñ", "ccedil": "ç", "Ccedil": "Ç", "szlig": "ß", "yacute": "ý", "yuml": "ÿ",
        "copy": "©", "reg": "®", "trade": "™", "deg": "°", "plusmn": "±", "times": "×", "divide": "÷",
        "micro": "µ", "middot": "·", "para": "¶", "sect": "§", "laquo": "«", "raquo": "»",
        "iexcl": "¡", "iquest": "¿", "cent": "¢", "pound": "£", "euro": "€", "yen": "¥",
        "frac12": "½", "frac14": "¼", "frac34": "¾", "sup2": "²", "sup3": "³", "sup1": "¹",
        "hellip": "…", "mdash": "—", "ndash": "–", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”",
        "sbquo": "‚", "bdquo": "„", "bull": "•", "dagger": "†", "Dagger": "‡", "prime": "′", "Prime": "″",
        "larr": "←", "rarr": "→", "uarr": "↑", "darr": "↓", "harr": "↔", "rArr": "⇒", "lArr": "⇐", "hArr": "⇔",
        "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "theta": "θ", "lambda": "λ",
        "mu": "μ", "pi": "π", "sigma": "σ", "tau": "τ", "phi": "φ", "omega": "ω", "Delta": "Δ", "Sigma": "Σ",
        "Omega": "Ω", "Pi": "Π", "infin": "∞", "ne": "≠", "le": "≤", "ge": "≥", "asymp": "≈", "equiv": "≡",
        "minus": "−", "radic": "√", "sum": "∑", "prod": "∏", "part": "∂", "int": "∫", "nabla": "∇",
        "isin": "∈", "notin": "∉", "forall": "∀", "exist": "∃", "empty": "∅", "and": "∧", "or": "∨",
        "cap": "∩", "cup": "∪", "sub": "⊂", "sup": "⊃", "hearts": "♥", "spades": "♠", "clubs": "♣", "diams": "♦",
        "ensp": " ", "emsp": " ", "thinsp": " ", "zwnj": "\u{200C}", "zwj": "\u{200D}", "shy": "\u{AD}",
    ]
}

/// Makes server text safe to print: nothing it holds can move the cursor, change the
/// terminal or reorder the screen.
package enum TerminalSanitizer {
    /// Most combining marks kept on one base character; floods beyond it are dropped.
    static let maxCombiningMarks = 4

    /// `text` sanitized to one line and cut to `limit` characters, for quoting what a user typed.
    package static func brief(_ text: String, limit: Int = 40) -> String {
        let clean = sanitize(text, multiline: false)
        return clean.count > limit ? String(clean.prefix(limit)) + "…" : clean
    }

    /// A path (or a name from a file) sanitized to one line for a message, its middle cut out
    /// when it is longer than `limit` characters, so both where it starts and its name show.
    static func path(_ path: String, limit: Int = 160) -> String {
        let clean = sanitize(path, multiline: false)
        guard clean.count > limit else { return clean }
        return String(clean.prefix(limit / 2)) + "…" + String(clean.suffix(limit - limit / 2))
    }

    /// Drops C0/C1 controls (keeping newlines when `multiline`), bidirectional controls and
    /// invisible format characters, turns tabs into spaces and caps combining-mark runs.
    package static func sanitize(_ text: String, multiline: Bool) -> String {
        var text = text
        return text.withUTF8 { bytes in
            // Most text is printable ASCII (and newlines): nothing to do.
            var clean = 0
            while clean < bytes.count, bytes[clean] >= 0x20 && bytes[clean] < 0x7F || bytes[clean] == 0x0A && multiline
            {
                clean += 1
            }
            if clean == bytes.count { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            out.append(contentsOf: bytes[0..<clean])
            var combining = 0
            var i = clean
            while i < bytes.count {
                let lead = bytes[i]
                if lead < 0x80 {
                    i += 1
                    switch lead {
                    case 0x20..<0x7F: out.append(lead)
                    case 0x0A: out.append(multiline ? 0x0A : 0x20)
                    case 0x09: out.append(0x20)
                    default: continue
                    }
                    combining = 0
                    continue
                }
                let (value, length) = UTF8Bytes.scalar(in: bytes, at: i)
                let sequence = bytes[i..<(i + length)]
                i += length
                switch value {
                case 0x2028, 0x2029:
                    out.append(multiline ? 0x0A : 0x20)
                    combining = 0
                    continue
                case 0x80...0x9F, 0x200B, 0x200C, 0x200E, 0x200F, 0x202A...0x202E, 0x2060...0x206F, 0x061C, 0xFEFF,
                    0xFFF9...0xFFFB, 0xE0000...0xE007F:
                    continue
                default:
                    break
                }
                let category = Unicode.Scalar(value)?.properties.generalCategory
                if category == .nonspacingMark || category == .enclosingMark {
                    combining += 1
                    if combining > maxCombiningMarks { continue }
                } else {
                    combining = 0
                }
                out.append(contentsOf: sequence)
            }
            return String(decoding: out, as: UTF8.self)
        } ?? text
    }
}

/// Eight bytes read as one word, for scans that test a whole word at a time (the classic
/// zero-byte tests). Each test sets the high bit of every byte that passes; the lowest such bit
/// is exact (borrows can only set bits above it), so `trailingZeroBitCount / 8` is the index of
/// the first byte that passes.
struct ByteWord {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The word, first byte lowest.
    let bits: UInt64

    /// The eight bytes at `offset` from `base`, which need no alignment.
    init(_ base: UnsafeRawPointer, at offset: Int) {
        bits = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The bytes equal to `byte`.
    func equal(to byte: UInt8) -> UInt64 {
        let v = bits ^ (UInt64(byte) &* Self.ones)
        return (v &- Self.ones) & ~v & Self.highBits
    }

    /// The bytes below `byte`, which must be at most 0x80.
    func below(_ byte: UInt8) -> UInt64 {
        (bits &- UInt64(byte) &* Self.ones) & ~bits & Self.highBits
    }

    /// The bytes of 0x80 and above.
    var nonASCII: UInt64 { bits & Self.highBits }

    /// The eighth byte.
    var last: UInt8 { UInt8(truncatingIfNeeded: bits >> 56) }
}

/// Reading a String's UTF-8 bytes directly, for the text passes that run over every comic.
enum UTF8Bytes {
    /// The scalar whose encoding starts at `i`, and its length in bytes. The bytes must be
    /// valid UTF-8 (as a String's are), so the lead byte alone gives the length.
    static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (value: UInt32, length: Int) {
        let lead = bytes[i]
        if lead < 0x80 { return (UInt32(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for k in 1..<length { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
        return (value, length)
    }
}

extension String {
    /// Whether the UTF-8 encoding holds `byte`, scanning contiguous storage with `memchr`
    /// rather than byte by byte.
    func containsUTF8(_ byte: UInt8) -> Bool {
        utf8.withContiguousStorageIfAvailable { bytes in
            bytes.baseAddress.map { memchr($0, Int32(byte), bytes.count) != nil } ?? false
        } ?? utf8.contains(byte)
    }
}

/// ASCII letters' case, byte by byte, for markers looked for in text without decoding it.
enum ASCIICase {
    /// `byte` lowercased when it is an ASCII capital letter, else as it is.
    static func fold(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// Where `marker` (lowercase ASCII) first starts in `bytes`, in any case; from the end
    /// when `last`.
    static func offset(of marker: String, in bytes: [UInt8], last: Bool = false) -> Int? {
        let pattern = Array(marker.utf8)
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return nil }
        let starts = 0...(bytes.count - pattern.count)
        let matches: (Int) -> Bool = { start in
            fold(bytes[start]) == pattern[0]
                && bytes[start..<(start + pattern.count)].elementsEqual(pattern) { fold($0) == $1 }
        }
        return last ? starts.reversed().first(where: matches) : starts.first(where: matches)
    }
}
