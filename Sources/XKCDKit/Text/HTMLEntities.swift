/// Decodes HTML character references (`&eacute;`, `&#233;`, `&#xE9;`).
package enum HTMLEntities {
    /// Returns `text` with every recognised character reference replaced; unknown ones stay as written.
    package static func decode(_ text: String) -> String {
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
