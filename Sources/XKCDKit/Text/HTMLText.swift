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
