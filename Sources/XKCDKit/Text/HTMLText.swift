/// Turns the small HTML fragments xkcd serves (titles, news) into plain text.
public enum HTMLText {
    /// Removes tags, turning `<br>` and block ends into newlines, then decodes entities.
    public static func plainText(_ html: String) -> String {
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

    // A tag starts with a letter, `/` or `!`; a lone `<` (as in "a < b") is text.
    private static func tagEnd(in html: String, from start: String.Index) -> String.Index? {
        let next = html.index(after: start)
        guard next < html.endIndex else { return nil }
        let first = html[next]
        guard first.isASCII, first.isLetter || first == "/" || first == "!" else { return nil }
        return html[next...].firstIndex(of: ">")
    }
}
