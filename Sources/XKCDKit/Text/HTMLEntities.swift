/// Decodes HTML character references (`&eacute;`, `&#233;`, `&#xE9;`).
public enum HTMLEntities {
    /// Returns `text` with every recognised character reference replaced; unknown ones stay as written.
    public static func decode(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var out = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if c == "&", let (decoded, length) = reference(in: scalars, at: i) {
                out.append(contentsOf: decoded.unicodeScalars)
                i += length
            } else {
                out.append(c)
                i += 1
            }
        }
        return String(out)
    }

    // Entity names are at most 10 scalars here, so the scan stays bounded on hostile input.
    private static func reference(in s: [Unicode.Scalar], at start: Int) -> (String, Int)? {
        var j = start + 1
        var name = ""
        while j < s.count, j - start <= 12 {
            let c = s[j]
            if c == ";" { break }
            guard c.isASCII, c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "#" else { return nil }
            name.unicodeScalars.append(c)
            j += 1
        }
        guard j < s.count, s[j] == ";", !name.isEmpty else { return nil }
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
            return (String(Character(scalar)), length)
        }
        guard let decoded = named[name] else { return nil }
        return (decoded, length)
    }

    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
        "eacute": "é", "Eacute": "É", "egrave": "è", "Egrave": "È", "ecirc": "ê", "euml": "ë",
        "aacute": "á", "Aacute": "Á", "agrave": "à", "Agrave": "À", "acirc": "â", "auml": "ä", "Auml": "Ä",
        "aring": "å", "Aring": "Å", "atilde": "ã", "aelig": "æ", "AElig": "Æ",
        "iacute": "í", "igrave": "ì", "icirc": "î", "iuml": "ï",
        "oacute": "ó", "ograve": "ò", "ocirc": "ô", "ouml": "ö", "Ouml": "Ö", "otilde": "õ", "oslash": "ø", "Oslash": "Ø",
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
