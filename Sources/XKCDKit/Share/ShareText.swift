#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What `share` writes: pure functions from a comic to text, a `mailto:` URL or Markdown.
enum ShareText {
    /// `xkcd #353: Python`.
    static func subject(_ comic: DisplayComic) -> String {
        "xkcd #\(comic.num): \(comic.title)"
    }

    /// The message-ready block: subject, page (its public page on xkcd.com, whatever server the
    /// comic came from), image (when there is one) and alt text, one per line.
    static func text(_ comic: DisplayComic) -> String {
        var lines = [subject(comic), comic.pageURL]
        if let image = imageURL(comic) { lines.append(image) }
        if !comic.alt.isEmpty { lines.append(comic.alt) }
        return lines.joined(separator: "\n")
    }

    /// An RFC 6068 URL: `mailto:[to]?subject=…&body=…`, the body being ``text(_:)`` with
    /// CRLF line ends, every character but the unreserved ones percent-encoded.
    static func mailto(_ comic: DisplayComic, to: String?) -> String {
        let body = text(comic).replacingEvery("\n", with: "\r\n")
        let address = to.map { encode($0, keeping: addressCharacters) } ?? ""
        return "mailto:\(address)?subject=\(encode(subject(comic)))&body=\(encode(body))"
    }

    /// `[xkcd #353: Python](page)` and the image as `![alt](image)`.
    static func markdown(_ comic: DisplayComic) -> String {
        var lines = ["[\(escapeMarkdown(subject(comic)))](\(markdownURL(comic.pageURL)))"]
        if let image = imageURL(comic) {
            let alt = escapeMarkdown(comic.alt.isEmpty ? comic.title : comic.alt)
            lines.append("![\(alt)](\(markdownURL(image)))")
        }
        return lines.joined(separator: "\n")
    }

    /// Whether `address` is a plain `local@domain` e-mail address (no display name, no list).
    static func isValidAddress(_ address: String) -> Bool {
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].count <= 64, address.count <= 254 else { return false }
        let localAllowed = Set(
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+/=?^_`{|}~-.".unicodeScalars)
        guard parts[0].unicodeScalars.allSatisfy(localAllowed.contains), !parts[0].hasPrefix("."),
            !parts[0].hasSuffix("."),
            !parts[0].contains("..")
        else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return false }
        return labels.allSatisfy { label in
            !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.unicodeScalars.allSatisfy {
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
                }
        }
    }

    // The image address when the comic has one worth sharing (interactive comics do not).
    private static func imageURL(_ comic: DisplayComic) -> String? {
        comic.imageURL.isEmpty ? nil : comic.imageURL
    }

    private static let unreserved = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~".utf8)
    // RFC 6068 lets "@" and these sub-delims stand in an address; "%" itself is always encoded.
    private static let addressCharacters = unreserved.union("@!$'()*+,;:".utf8)

    private static func encode(_ text: String, keeping allowed: Set<UInt8> = unreserved) -> String {
        var out = ""
        for byte in text.utf8 {
            if allowed.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + NumberText.hexByte(byte)
            }
        }
        return out
    }

    private static func escapeMarkdown(_ text: String) -> String {
        var out = ""
        for character in text {
            if "\\[]()*_`<>|".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out.replacingEvery("\n", with: " ")
    }

    private static func markdownURL(_ url: String) -> String {
        url.replacingEvery("(", with: "%28").replacingEvery(")", with: "%29").replacingEvery(" ", with: "%20")
    }
}
