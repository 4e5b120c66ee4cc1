import Foundation

/// Writes comics exactly as `https://xkcd.com/N/info.0.json` serves them, which is what
/// Python's `json.dumps` produces with its defaults (and what scripts/make-fixtures.py writes):
/// one line, `", "` and `": "` separators, every character outside printable ASCII escaped as
/// lowercase `\uXXXX` (surrogate pairs above U+FFFF), `/` left alone.
enum LiveAPIJSON {
    /// The fields of one comic, in the order the live API sends them.
    static func body(
        num: Int, link: String, news: String, safeTitle: String, transcript: String,
        alt: String, img: String, title: String, year: Int, month: Int, day: Int
    ) -> Data {
        var out = "{"
        out += "\"month\": " + quoted(String(month))
        out += ", \"num\": " + String(num)
        out += ", \"link\": " + quoted(link)
        out += ", \"year\": " + quoted(String(year))
        out += ", \"news\": " + quoted(news)
        out += ", \"safe_title\": " + quoted(safeTitle)
        out += ", \"transcript\": " + quoted(transcript)
        out += ", \"alt\": " + quoted(alt)
        out += ", \"img\": " + quoted(img)
        out += ", \"title\": " + quoted(title)
        out += ", \"day\": " + quoted(String(day))
        out += "}"
        return Data(out.utf8)
    }

    /// A JSON string literal escaped like Python's `json.dumps(..., ensure_ascii=True)`.
    static func quoted(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                let value = scalar.value
                if value >= 0x20 && value <= 0x7E {
                    out.unicodeScalars.append(scalar)
                } else if value > 0xFFFF {
                    let offset = value - 0x10000
                    out += escape(0xD800 + (offset >> 10))
                    out += escape(0xDC00 + (offset & 0x3FF))
                } else {
                    out += escape(value)
                }
            }
        }
        out += "\""
        return out
    }

    private static func escape(_ unit: UInt32) -> String {
        let hex = String(unit, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
