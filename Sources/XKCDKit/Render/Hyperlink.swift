/// OSC 8 hyperlinks: text a terminal shows as a link to an address it does not print. The
/// escapes are written by ``Style/link(_:to:)``.
package enum Hyperlink {
    /// `url` when it is safe to put in an escape sequence and worth following: http(s),
    /// ftp or mailto, printable ASCII only. Protocol-relative addresses get `https:`.
    package static func safeURL(_ url: String) -> String? {
        let full = url.hasPrefix("//") ? "https:" + url : url
        let lower = full.lowercased()
        guard ["http://", "https://", "ftp://", "mailto:"].contains(where: { lower.hasPrefix($0) }),
            full.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
        else { return nil }
        return full
    }
}
