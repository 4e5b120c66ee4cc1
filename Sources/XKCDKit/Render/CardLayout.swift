/// A comic's card laid out for the terminal's width: wide terminals (60 columns and more) get
/// a header line and text with a margin, kept to a readable measure; narrow ones a compact
/// card without margin or spacer lines.
package struct CardLayout: Sendable {
    /// Terminal width in columns.
    package var width: Int
    /// Colour and bold.
    package var style: Style
    /// Whether addresses are written as OSC 8 hyperlinks.
    package var hyperlinks: Bool

    /// The width from which a card gets a margin and spacer lines.
    package static let wideFrom = 60
    /// The longest line of prose on a wide terminal: longer lines are hard to read.
    package static let measure = 100

    /// A layout for `width` columns.
    package init(width: Int, style: Style, hyperlinks: Bool) {
        self.width = max(20, width)
        self.style = style
        self.hyperlinks = hyperlinks && style.enabled
    }

    private var isWide: Bool { width >= Self.wideFrom }
    private var margin: String { isWide ? "  " : "" }
    private var textWidth: Int { min(width, Self.measure + margin.count) }

    /// The card's lines.
    package func lines(_ comic: DisplayComic) -> [String] {
        var lines = header(comic)
        if isWide { lines.append("") }
        if !comic.alt.isEmpty {
            lines += TextWrapper.wrap(comic.alt, width: textWidth, indent: margin)
            lines.append("")
        }
        lines.append(address(comic.pageURL, label: nil))
        if !comic.imageURL.isEmpty {
            lines.append(address(comic.imageURL, label: "image: "))
        }
        if comic.isInteractive {
            let note =
                comic.imageURL.isEmpty
                ? "interactive comic — no image; 'open' shows it in the browser"
                : "interactive comic — the image is a still; 'open' shows the comic in the browser"
            lines += TextWrapper.wrap(note, width: textWidth, indent: margin).map { style.notice($0) }
        }
        if !comic.link.isEmpty {
            lines.append(address(comic.link, label: "link: "))
        }
        if !comic.news.isEmpty {
            lines += TextWrapper.wrap("news: " + comic.news, width: textWidth, indent: margin).map { style.dim($0) }
        }
        return lines
    }

    // `#353 · Python · 2007-12-05` on one line when it fits; otherwise number and date, then
    // the title wrapped.
    private func header(_ comic: DisplayComic) -> [String] {
        if DisplayWidth.of("#\(comic.num) · \(comic.title) · \(comic.date)") <= width {
            return ["\(style.accent("#\(comic.num)")) · \(style.bold(comic.title)) · \(comic.date)"]
        }
        return ["\(style.accent("#\(comic.num)")) · \(comic.date)"]
            + TextWrapper.wrap(comic.title, width: width).map { style.bold($0) }
    }

    // An address on its own line. As a hyperlink it is shortened to fit; as plain text it is
    // printed whole, so the terminal's soft wrap keeps it one address it can recognise.
    private func address(_ url: String, label: String?) -> String {
        let prefix = margin + (label.map { style.dim($0) } ?? "")
        guard hyperlinks, let safe = Hyperlink.safeURL(url) else { return prefix + url }
        let room = max(8, width - DisplayWidth.of(margin + (label ?? "")))
        return prefix + style.link(Self.shortened(url, to: room), to: safe)
    }

    /// `url` without its scheme and cut to `columns` with an ellipsis.
    static func shortened(_ url: String, to columns: Int) -> String {
        var shown = Substring(url)
        for scheme in ["https://", "http://"] where shown.lowercased().hasPrefix(scheme) {
            shown = shown.dropFirst(scheme.count)
        }
        guard DisplayWidth.of(shown) > columns else { return String(shown) }
        return TextWrapper.pieces(shown, first: columns - 1, rest: columns).first.map { $0 + "…" } ?? ""
    }
}
