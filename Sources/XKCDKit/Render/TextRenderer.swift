/// Turns outcomes into the human text printed on stdout.
struct TextRenderer: Sendable {
    /// Terminal width in columns.
    var width: Int
    /// Colour and bold.
    var style: Style
    /// Whether the terminal shows OSC 8 hyperlinks.
    var hyperlinks: Bool
    /// Whether the program's own sentences (reports, notes) are wrapped to `width`.
    var wrapsMessages = false

    /// The text for `outcome`, ending with a newline, or empty when there is nothing to print.
    func render(_ outcome: Outcome) -> String {
        switch outcome {
        case let .comic(comic):
            return card(comic)
        case let .alt(comic):
            return wrapped(comic.alt.isEmpty ? "(#\(comic.num) has no alt text)" : comic.alt)
        case let .transcript(view):
            guard !view.text.isEmpty else { return "(#\(view.num) has no transcript)\n" }
            guard let document = view.document else { return wrapped(view.text) }
            return block(WikiLayout(width: width, style: style, hyperlinks: hyperlinks).lines(document))
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
        case let .searchResults(query, hits, total):
            guard !hits.isEmpty else { return block(sentence("no comic matches '\(query)'")) }
            return searchText(hits, total: total)
        case let .explanation(view):
            let body = WikiLayout(width: width, style: style, hyperlinks: hyperlinks).lines(view.document)
            return block(explanationHeader(view) + [""] + (body.isEmpty ? ["(the page has no text yet)"] : body))
        case let .shared(result):
            return result.text + "\n"
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
        case let .confirmation(confirmation):
            switch confirmation.question {
            case let .clearCache(stats): return block(sentence(clearQuestion(stats)))
            }
        case .quit:
            return ""
        }
    }

    /// The one-line notice for new comics: `2 new comics since your last visit: #2664 …, #2665 …`,
    /// naming the first five and counting the rest.
    func newComicsNotice(_ report: NewComics, since: String) -> String {
        let count = report.comics.count
        var named = report.names(first: 5).joined(separator: ", ")
        if count > 5 { named += " and \(count - 5) more" }
        return wrapped("\(count) new \(count == 1 ? "comic" : "comics") \(since): \(named)")
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

    /// `text` wrapped to the width, ending with a newline.
    private func wrapped(_ text: String) -> String {
        block(TextWrapper.wrap(text, width: width))
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
