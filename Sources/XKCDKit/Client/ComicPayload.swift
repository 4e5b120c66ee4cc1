#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Decodes one `info.0.json` body into a ``Comic``, checking its shape.
package enum ComicPayload {
    /// The largest body accepted as comic metadata.
    static let maxBytes = 1 << 20

    /// Parses `data`; `expected` is the number asked for (nil for the newest).
    package static func decode(_ data: Data, expected: Int?) throws -> Comic {
        guard data.count <= maxBytes else { throw XKCDError.badData("comic data too large (\(data.count) bytes)") }
        let fields: JSONValue
        do {
            fields = try JSONReader.parse(data)
        } catch {
            throw XKCDError.badData("the server sent something that is not JSON")
        }
        guard case .object = fields else {
            throw XKCDError.badData("the server sent JSON that is not a comic")
        }
        // Bounded like the numbers a user can type, so no loop over the archive runs away.
        guard let num = integer(fields["num"]), (1...CommandParser.maxComicNumber).contains(num) else {
            throw XKCDError.badData("the server sent a comic without a valid number")
        }
        if let expected, num != expected {
            throw XKCDError.badData("asked for #\(expected), the server sent #\(num)")
        }
        guard let year = integer(fields["year"]), (1900...9999).contains(year),
            let month = integer(fields["month"]), (1...12).contains(month),
            let day = integer(fields["day"]), (1...31).contains(day)
        else {
            throw XKCDError.badData("the server sent #\(num) without a valid date")
        }
        let title = string(fields["title"]) ?? ""
        let safeTitle = string(fields["safe_title"]) ?? ""
        guard !(title.isEmpty && safeTitle.isEmpty) else {
            throw XKCDError.badData("the server sent #\(num) without a title")
        }
        return Comic(
            num: num,
            title: title.isEmpty ? safeTitle : title,
            safeTitle: safeTitle.isEmpty ? title : safeTitle,
            alt: string(fields["alt"]) ?? "",
            img: string(fields["img"]) ?? "",
            link: string(fields["link"]) ?? "",
            news: string(fields["news"]) ?? "",
            transcript: string(fields["transcript"]) ?? "",
            year: year, month: month, day: day,
            extraParts: fields["extra_parts"].map { $0 != .null } ?? false
        )
    }

    // The live API sends month/day/year as strings and num as a number; accept either.
    private static func integer(_ value: JSONValue?) -> Int? {
        switch value {
        case let .string(s)?: Int(s) ?? Int(s.trimmingSpaces())
        case let number?: number.integer
        case nil: nil
        }
    }

    private static func string(_ value: JSONValue?) -> String? {
        value?.string.map(withoutNUL)
    }

    /// `text` without U+0000: SQLite reads text back only up to a NUL, so whatever followed it
    /// would be lost once stored.
    static func withoutNUL(_ text: String) -> String {
        text.containsUTF8(0) ? String(text.unicodeScalars.filter { $0 != "\u{0}" }.map(Character.init)) : text
    }
}
