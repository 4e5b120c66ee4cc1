/// Turns outcomes into what is printed on stdout: human text, or one JSON document.
package struct Renderer: Sendable {
    /// Terminal width in columns.
    package var width: Int
    /// Colour and bold.
    package var style: Style
    /// JSON instead of human text.
    package var json: Bool
    /// Whether the terminal shows OSC 8 hyperlinks.
    package var hyperlinks = false
    /// Whether the program's own sentences (reports, notes, headings of lists) are wrapped to
    /// `width`: on a terminal; a pipe gets one line a sentence, for grep. Help is always fitted.
    package var wrapsMessages = false
    /// What a command named in a hint starts with: `xkcd ` where the command was one-shot,
    /// nothing where commands are typed without it (the REPL, `-c`, scripts).
    package var commandPrefix = ""
    /// Whether the next command is typed at a prompt (the REPL): hints name `more` there, and
    /// the shell's command line elsewhere.
    package var atAPrompt = false

    package init(width: Int, color: Bool, json: Bool) {
        self.width = max(20, width)
        style = Style(enabled: color && !json)
        self.json = json
    }

    /// The text for `outcome`, ending with a newline, or empty when there is nothing to print.
    package func render(_ outcome: Outcome) -> String {
        if json { return JSONRenderer.render(outcome) }
        switch outcome {
        case let .comic(comic):
            return card(comic)
        case let .card(comic, note):
            return card(comic) + block(sentence(note).map { style.notice($0) })
        case let .alt(comic):
            return prose(comic.alt.isEmpty ? "(#\(comic.num) has no alt text)" : comic.alt)
        case let .transcript(view):
            guard !view.text.isEmpty else { return "(#\(view.num) has no transcript)\n" }
            guard let document = view.document else { return prose(view.text) }
            return block(wikiLayout.lines(document))
        case let .history(entries, total):
            guard !entries.isEmpty else { return total > 0 ? "" : "(no comics visited yet)\n" }
            let more = total - entries.count
            let hint = more > 0 ? [style.dim("… \(more) more: history \(total) or history --all")] : []
            return block(entries.map(entryLine) + hint)
        case let .choices(query, entries):
            return choicesText(query: query, entries: entries)
        case let .favoriteAdded(entry, isNew, imageBytes, storedNow):
            let number = "#\(entry.num) "
            guard isNew else {
                let parts = storedNow.names
                let now = parts.isEmpty ? "" : "; stored its \(parts.joined(separator: " and ")) now"
                return block(
                    sentence(
                        "\(entry.title ?? "") is already a favorite\(now)", after: number, styled: accented(number)))
            }
            let image = imageBytes.map { "image stored, \(Self.unbroken(ByteCount.format($0)))" } ?? "no image stored"
            return block(
                sentence(
                    "\(entry.title ?? "") is a favorite now (\(image))", after: "★ " + number,
                    styled: "★ " + accented(number), indent: 2))
        case let .favoriteRemoved(entry):
            let number = "#\(entry.num) "
            return block(
                sentence("\(entry.title ?? "") is no longer a favorite", after: number, styled: accented(number)))
        case let .favorites(entries):
            guard !entries.isEmpty else {
                return block(sentence("no favorites yet — add the current comic with 'fav')", after: "(", indent: 1))
            }
            return block(entries.map(favoriteLine))
        case let .imported(added, already):
            let plural = added == 1 ? "favorite" : "favorites"
            return block(sentence("imported \(added) \(plural)" + (already > 0 ? " (\(already) already there)" : "")))
        case let .image(image):
            return imageText(image)
        case let .saved(path, bytes):
            return block(
                sentence(
                    "\(TerminalSanitizer.sanitize(path, multiline: false)) (\(Self.unbroken(ByteCount.format(bytes))))",
                    after: "saved "))
        case let .cacheStats(stats):
            return statsText(stats)
        case let .cacheCleared(cleared):
            return clearedText(cleared)
        case let .synced(summary):
            return syncText(summary)
        case let .searchResults(query, hits, total, spelling, options):
            let note = spellingNote(spelling).map { sentence($0).map(style.dim) } ?? []
            guard !hits.isEmpty else { return block(note + noMatchSentence(query)) }
            return (note.isEmpty ? "" : block(note)) + searchText(hits, total: total, query: query, options: options)
        case let .moreHits(query, hits, offset, total, options):
            guard total > 0 else { return noMatch(query) }
            guard !hits.isEmpty else {
                let shown = total == 1 ? "its one hit was shown" : "all \(total) were shown"
                return block(sentence("no more hits for '\(TerminalSanitizer.brief(query))': \(shown)"))
            }
            return searchText(hits, shownBefore: offset, total: total, query: query, options: options)
        case let .explanation(view):
            let body = wikiLayout.lines(view.document)
            return block(explanationHeader(view) + [""] + (body.isEmpty ? ["(the page has no text yet)"] : body))
        case let .shared(result):
            // Text on a terminal is wrapped at words, its address left whole; the clipboard and
            // the opener get it unwrapped, and a `mailto:` or Markdown link is one to copy whole.
            guard wrapsMessages, result.format == .text else { return result.text + "\n" }
            let lines = result.text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
                let line = String(line)
                return DisplayWidth.of(line) > width && !line.contains("://")
                    ? TextWrapper.wrap(line, width: width) : [line]
            }
            return lines.joined(separator: "\n") + "\n"
        case let .open(url):
            return url + "\n"
        case let .newComics(report, _):
            return report.comics.map(newComicLine).joined()
        case let .unread(summary):
            guard summary.unread > 0 else { return "you have seen all \(summary.total) comics\n" }
            let head =
                "\(summary.unread) of \(summary.total) comics unread — "
                + "'next-unread' goes to the next one; the first:"
            return block(sentence(head) + summary.first.map(entryLine))
        case let .help(topic):
            return HelpText.render(topic: topic, style: style, width: width)
        case let .settings(report):
            return settingsText(report)
        case let .settingChanged(row, savedTo, appliesNow, overriddenBy):
            let shownValue = TerminalSanitizer.sanitize(row.value, multiline: false)
            var notes = [
                savedTo.map { "saved to \(TerminalSanitizer.sanitize($0, multiline: false))" } ?? "for this session"
            ]
            if !appliesNow { notes.append("it takes effect at the next start") }
            if let overriddenBy { notes.append("\(overriddenBy) still wins over the file while it is given") }
            return block(sentence("\(row.key) = \(shownValue) (\(notes.joined(separator: "; ")))"))
        case let .confirmation(confirmation):
            return block(sentence(question(confirmation)))
        case .quit:
            return ""
        }
    }

    /// The one-line notice for new comics: `2 new comics since your last visit: #2664 …, #2665 …`,
    /// naming the first five and counting the rest.
    package func newComicsNotice(_ report: NewComics, since: String) -> String {
        let count = report.comics.count
        var named = report.names(first: 5).joined(separator: ", ")
        if count > 5 { named += " and \(count - 5) more" }
        return block(
            TextWrapper.wrap("\(count) new \(count == 1 ? "comic" : "comics") \(since): \(named)", width: width))
    }

    /// `lines`, each ending with a newline.
    func block(_ lines: [String]) -> String {
        lines.joined(separator: "\n") + "\n"
    }

    /// A sentence of the program's own as lines: on a terminal, wrapped to the width where it is
    /// wider, its later lines `indent` columns in (by default under its text); one line in a
    /// pipe. `lead` starts its first line, drawn as `styled` where that is given. A phrase made
    /// ``unbroken(_:)`` stays on one line.
    func sentence(_ text: String, after lead: String = "", styled: String? = nil, indent: Int? = nil) -> [String] {
        let leadWidth = DisplayWidth.of(lead)
        var lines = [lead + text]
        if wrapsMessages, leadWidth + DisplayWidth.of(text) > width {
            let spaces = String(repeating: " ", count: indent ?? leadWidth)
            lines = TextWrapper.wrap(text, width: width, indent: spaces, first: lead)
        }
        if let styled { lines[0] = styled + lines[0].dropFirst(lead.count) }
        return lines.map { String($0.map { $0 == Self.noBreakSpace ? " " : $0 }) }
    }

    /// `phrase` (`6.9 KB`, `1.5 s`) with no-break spaces, which the wrapper does not break at;
    /// ``sentence(_:after:styled:indent:)`` prints them as spaces.
    static func unbroken(_ phrase: String) -> String {
        String(phrase.map { $0 == " " ? noBreakSpace : $0 })
    }

    private static let noBreakSpace: Character = "\u{A0}"

    /// A comic's number and the space after it, the number in the accent colour.
    func accented(_ number: String) -> String {
        style.accent(String(number.dropLast())) + " "
    }

    /// Prose of a comic's (alt text, a plain transcript), ending with a newline: on a terminal
    /// wrapped to the width; in a pipe each paragraph on one line, whole, as `--json` has it.
    private func prose(_ text: String) -> String {
        guard wrapsMessages else { return text.hasSuffix("\n") ? text : text + "\n" }
        return block(TextWrapper.wrap(text, width: width))
    }

    // Explanations and transcripts keep the cards' measure on wide terminals.
    private var wikiLayout: WikiLayout {
        WikiLayout(width: min(width, CardLayout.measure), style: style, hyperlinks: hyperlinks)
    }

    private func card(_ comic: DisplayComic) -> String {
        block(CardLayout(width: width, style: style, hyperlinks: hyperlinks).lines(comic))
    }

    // The card, when asked for, comes first, and the image gets the rows it leaves.
    private func imageText(_ image: ComicImage) -> String {
        let facts = image.facts ?? TerminalFacts(environment: [:], isTTY: false, columns: width)
        let card = image.withCard ? card(image.comic) + "\n" : ""
        let rows = card.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
        let drawn = ImageComposer(facts: facts).render(image, reservedRows: rows)
        guard image.comic.isInteractive, !image.withCard else { return card + drawn }
        let num = image.comic.num
        let note = "#\(num) is interactive: this is a still; 'open \(num)' shows the comic in the browser"
        return drawn + block(TextWrapper.wrap(note, width: width).map { style.notice($0) })
    }
}

extension Renderer {
    /// The JSON document `--json` prints on stdout beside an `error:` line, and a newline:
    /// `{"error": message}`, with the `line` of a script where one failed and the comics the
    /// message offers (`did_you_mean`) where it offers some.
    package static func errorDocument(_ message: String, line: Int?, didYouMean: [ComicEntry] = []) -> String {
        JSONRenderer.error(message, line: line, didYouMean: didYouMean)
    }

    /// The question `confirmation` asks, as a sentence.
    package func question(_ confirmation: Confirmation) -> String {
        switch confirmation.question {
        case let .clearCache(stats): clearQuestion(stats)
        }
    }
}

/// A comic's card laid out for the terminal's width: wide terminals (60 columns and more) get
/// a header line and text with a margin, kept to a readable measure; narrow ones a compact
/// card without margin or spacer lines.
struct CardLayout: Sendable {
    /// Terminal width in columns.
    var width: Int
    /// Colour and bold.
    var style: Style
    /// Whether addresses are written as OSC 8 hyperlinks.
    var hyperlinks: Bool

    /// The width from which a card gets a margin and spacer lines.
    static let wideFrom = 60
    /// The longest line of prose on a wide terminal: longer lines are hard to read.
    static let measure = 100

    /// A layout for `width` columns.
    init(width: Int, style: Style, hyperlinks: Bool) {
        self.width = max(20, width)
        self.style = style
        self.hyperlinks = hyperlinks && style.enabled
    }

    private var isWide: Bool { width >= Self.wideFrom }
    private var margin: String { isWide ? "  " : "" }
    private var textWidth: Int { min(width, Self.measure + margin.count) }

    /// The card's lines.
    func lines(_ comic: DisplayComic) -> [String] {
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

/// Terminal styling, decided once: with colour off every method returns its text unchanged.
package struct Style: Sendable {
    /// Whether escapes are written.
    var enabled: Bool

    /// A style that writes escapes when `enabled`.
    package init(enabled: Bool) {
        self.enabled = enabled
    }

    private enum Escape {
        static let reset = "\u{1B}[0m"
        static let bold = "\u{1B}[1m"
        static let italic = "\u{1B}[3m"
        static let dim = "\u{1B}[2m"
        // From the 256-colour cube, the same in every terminal that has it: a blue of 4.5:1 or
        // more against both a white and a black background (cyan is 2:1 on white in xterm).
        static let accent = "\u{1B}[38;5;\(Style.accentIndex)m"
        // Bold in the terminal's own foreground: yellow is unreadable on white, and any fixed
        // colour is hard to read on some background.
        static let notice = "\u{1B}[1m"
        static let red = "\u{1B}[31m"
        static let eraseLine = "\u{1B}[2K"
        static let hyperlink = "\u{1B}]8;;"
        static let terminator = "\u{1B}\\"
    }

    /// Bold text.
    func bold(_ s: String) -> String { wrap(s, Escape.bold) }
    /// Italic text.
    func italic(_ s: String) -> String { wrap(s, Escape.italic) }
    /// Dimmed text.
    func dim(_ s: String) -> String { wrap(s, Escape.dim) }
    /// A comic number or other accent.
    func accent(_ s: String) -> String { wrap(s, Escape.accent) }

    /// The accent's index in the 256-colour palette: #5f5fff in its 6x6x6 cube.
    static let accentIndex = 63
    /// A warning or notice.
    func notice(_ s: String) -> String { wrap(s, Escape.notice) }
    /// An error label.
    package func error(_ s: String) -> String { wrap(s, Escape.red) }

    /// Back to the start of the line, erasing it where escapes are written (a progress bar's
    /// redraw).
    package var lineStart: String { enabled ? "\r" + Escape.eraseLine : "\r" }

    /// `text` as an OSC 8 hyperlink to `url`, which must have passed ``Hyperlink/safeURL(_:)``.
    func link(_ text: String, to url: String) -> String {
        enabled ? Escape.hyperlink + url + Escape.terminator + text + Escape.hyperlink + Escape.terminator : text
    }

    /// `text` with each span from `start` to `end` in bold, the two marks becoming the escapes
    /// that begin and end it.
    func bold(spansOf text: String, from start: Unicode.Scalar, to end: Unicode.Scalar) -> String {
        guard enabled else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case start: out.append(contentsOf: Escape.bold.unicodeScalars)
            case end: out.append(contentsOf: Escape.reset.unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    private func wrap(_ s: String, _ code: String) -> String {
        enabled && !s.isEmpty ? code + s + Escape.reset : s
    }
}

/// OSC 8 hyperlinks: text a terminal shows as a link to an address it does not print. The
/// escapes are written by ``Style/link(_:to:)``.
package enum Hyperlink {
    /// `url` when it is safe to put in an escape sequence and worth following: http(s),
    /// ftp or mailto, printable ASCII only. Protocol-relative addresses get `https:`.
    static func safeURL(_ url: String) -> String? {
        let full = url.hasPrefix("//") ? "https:" + url : url
        let lower = full.lowercased()
        guard ["http://", "https://", "ftp://", "mailto:"].contains(where: { lower.hasPrefix($0) }),
            full.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
        else { return nil }
        return full
    }

    /// Whether tmux passes OSC 8 on to the terminal outside it, from what
    /// `tmux display -p '#{client_termfeatures}'` printed (nil when it could not say): only a
    /// client with the `hyperlinks` feature (tmux 3.4 and later) does; the others drop the escape
    /// and leave its text, an address without its scheme.
    package static func passedOnByTmux(clientTermFeatures: String?) -> Bool {
        guard let features = clientTermFeatures else { return false }
        return features.split(whereSeparator: { $0 == "," || $0.isWhitespace }).contains("hyperlinks")
    }
}

/// Word-wraps plain text to a column width, measuring display width; words longer than a
/// line are broken so nothing overflows.
package enum TextWrapper {
    /// The lines of `text` wrapped to `width` columns, each prefixed by `indent`, except the
    /// first, which is prefixed by `first` when given (a label, or a hanging indent's start).
    package static func wrap(_ text: String, width: Int, indent: String = "", first: String? = nil) -> [String] {
        let available = max(10, width - DisplayWidth.of(indent))
        var lead = first ?? indent
        var limit = max(10, width - DisplayWidth.of(lead))
        var lines: [String] = []
        func end(_ line: some StringProtocol) {
            lines.append(lead + line)
            lead = indent
            limit = available
        }
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ") {
                var word = Substring(word)
                var wordWidth = DisplayWidth.of(word)
                if lineWidth > 0, lineWidth + 1 + wordWidth > limit {
                    end(line)
                    line = ""
                    lineWidth = 0
                }
                if wordWidth > limit {
                    // Wider than a line: whole lines of it, and the rest goes on as the word.
                    var parts = pieces(word, first: limit, rest: available)
                    word = parts.removeLast()
                    wordWidth = DisplayWidth.of(word)
                    for part in parts { end(part) }
                }
                if lineWidth > 0 {
                    line += " "
                    lineWidth += 1
                }
                line += word
                lineWidth += wordWidth
            }
            end(line)
        }
        return lines.map { $0.allSatisfy({ $0 == " " }) ? "" : $0 }
    }

    /// Prose written with hard line breaks (a command's details) fitted to `width`: a paragraph
    /// whose lines all fit stays as written, one that does not is joined and wrapped again.
    /// Blank lines part paragraphs; an indented line or a list item (`- `, `* `, `• `, `1. `)
    /// starts a paragraph of its own, whose later lines keep under its text.
    static func reflow(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var paragraph: [Substring] = []
        var lead = ""
        var hanging = ""
        func flush() {
            defer { paragraph = [] }
            guard !paragraph.isEmpty else { return }
            if paragraph.allSatisfy({ DisplayWidth.of($0) <= width }) {
                lines += paragraph.map(String.init)
                return
            }
            let words = [paragraph[0].dropFirst(lead.count)] + paragraph.dropFirst().map { $0.drop { $0 == " " } }
            lines += wrap(words.joined(separator: " "), width: width, indent: hanging, first: lead)
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.contains(where: { $0 != " " }) else {
                flush()
                lines.append("")
                continue
            }
            let spaces = line.prefix { $0 == " " }
            let marker = listMarker(line.dropFirst(spaces.count))
            if paragraph.isEmpty || marker != nil || spaces.count != hanging.count {
                flush()
                lead = String(spaces) + (marker ?? "")
                hanging = String(repeating: " ", count: DisplayWidth.of(lead))
            }
            paragraph.append(line)
        }
        flush()
        return lines
    }

    // The list marker `text` starts with, its space included: `- `, `* `, `• ` or a number and
    // a dot.
    private static func listMarker(_ text: Substring) -> String? {
        for marker in ["- ", "* ", "• "] where text.hasPrefix(marker) { return marker }
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, text.dropFirst(digits.count).hasPrefix(". ") else { return nil }
        return digits + ". "
    }

    /// `text` cut in one pass into pieces of at most `first` columns, then `rest` columns each
    /// (a character wider than the limit gets a piece of its own).
    static func pieces(_ text: some StringProtocol, first: Int, rest: Int) -> [Substring] {
        var pieces: [Substring] = []
        var start = text.startIndex
        var width = 0
        var limit = max(1, first)
        var index = text.startIndex
        while index < text.endIndex {
            let w = DisplayWidth.of(text[index])
            if width + w > limit, index > start {
                pieces.append(Substring(text[start..<index]))
                start = index
                width = 0
                limit = max(1, rest)
            }
            width += w
            index = text.index(after: index)
        }
        if start < text.endIndex { pieces.append(Substring(text[start...])) }
        return pieces
    }
}

/// Terminal column widths: wide (CJK, emoji) characters take two columns, marks none.
package enum DisplayWidth {
    /// The columns `text` occupies.
    package static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The columns one character occupies.
    static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.count > 1,
            character.unicodeScalars.contains(where: { $0.value == 0xFE0F || $0.properties.isEmojiPresentation })
        {
            return 2
        }
        return of(first)
    }

    /// The columns one scalar occupies.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x20 || (0x7F..<0xA0).contains(v) { return 0 }
        if v < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if isWide(v) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    private static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}

extension DisplayWidth {
    /// `text` with spaces after it up to `columns`; as it is when it is that wide already.
    static func padded(_ text: String, to columns: Int) -> String {
        let width = of(text)
        return width >= columns ? text : text + String(repeating: " ", count: columns - width)
    }

    /// `text` cut to `columns` with an ellipsis when it is wider; as it is otherwise, or when
    /// there is no room for more than the ellipsis.
    static func truncated(_ text: String, to columns: Int) -> String {
        guard of(text) > columns, columns > 1 else { return text }
        var out = ""
        var width = 0
        for character in text {
            let characterWidth = of(character)
            if width + characterWidth > columns - 1 { break }
            out.append(character)
            width += characterWidth
        }
        return out + "…"
    }
}
