import Foundation

/// The fields of one comic's `info.0.json` that an explainxkcd page is built from.
struct ExplainComicFields: Sendable {
    /// The title as explainxkcd names the page (see ``displayTitle(title:safeTitle:)``).
    var title: String
    /// The alt (title) text.
    var alt: String
    /// xkcd's transcript; empty for most comics after about #1677.
    var transcript: String
    /// The image address.
    var img: String
    /// `Month D, YYYY`, or empty when the JSON has no valid date.
    var date: String

    /// Reads `json`; fields it lacks (or JSON it is not) are empty, and the title `Comic N`.
    init(num: Int, json: Data) {
        let object = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any] ?? [:]
        func text(_ key: String) -> String {
            object[key] as? String ?? (object[key] as? NSNumber)?.stringValue ?? ""
        }
        let title = Self.displayTitle(title: text("title"), safeTitle: text("safe_title"))
        self.title = title.isEmpty ? "Comic \(num)" : title
        alt = text("alt")
        transcript = text("transcript")
        img = text("img")
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        if let year = Int(text("year")), let month = Int(text("month")), let day = Int(text("day")),
            (1...12).contains(month)
        {
            date = "\(months[month - 1]) \(day), \(year)"
        } else {
            date = ""
        }
    }

    /// The title a reader sees: `safeTitle` when `title` holds markup (a closing tag such as
    /// #472's `</span>`), otherwise `title` with its HTML entities decoded (#259's `&eacute;`).
    /// Text that merely looks like a tag (`<City`) stays.
    static func displayTitle(title: String, safeTitle: String) -> String {
        if title.contains("</") || title.isEmpty { return safeTitle }
        return decodingEntities(title)
    }

    /// `text` with `&name;`, `&#N;` and `&#xH;` references decoded; unknown ones stay as written.
    static func decodingEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            out += rest[..<ampersand]
            let tail = rest[ampersand...]
            if let semicolon = tail.prefix(12).firstIndex(of: ";"),
                let scalar = entity(tail[tail.index(after: ampersand)..<semicolon])
            {
                out.unicodeScalars.append(scalar)
                rest = tail[tail.index(after: semicolon)...]
            } else {
                out += "&"
                rest = tail.dropFirst()
            }
        }
        return out + rest
    }

    private static let namedEntities: [Substring: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "eacute": "\u{E9}",
        "egrave": "\u{E8}", "aacute": "\u{E1}", "auml": "\u{E4}", "ouml": "\u{F6}", "uuml": "\u{FC}",
        "ntilde": "\u{F1}", "ccedil": "\u{E7}", "ndash": "\u{2013}", "mdash": "\u{2014}", "hellip": "\u{2026}",
    ]

    private static func entity(_ name: Substring) -> Unicode.Scalar? {
        guard name.first == "#" else { return namedEntities[name] }
        let digits = name.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        return value.flatMap(Unicode.Scalar.init)
    }
}
