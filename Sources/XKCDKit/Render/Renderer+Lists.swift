#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Renderer {
    /// `  #353   Python`: a comic in a list.
    func entryLine(_ entry: ComicEntry) -> String {
        let number = style.accent(DisplayWidth.padded("#\(entry.num)", to: 6))
        let title = entry.title.map { DisplayWidth.truncated($0, to: width - 9) } ?? style.dim("(not stored)")
        return "  \(number) \(title)"
    }

    /// The comics a title matched, the first twenty of them.
    func choicesText(query: String, entries: [ComicEntry]) -> String {
        var lines = sentence("'\(query)' matches \(entries.count) comics — pick one with goto N:")
        lines += entries.prefix(20).map(entryLine)
        if entries.count > 20 { lines.append("  … and \(entries.count - 20) more") }
        return block(lines)
    }

    /// `  #NNNN   TITLE  DATE  added TIME`: a favorite in the list.
    func favoriteLine(_ entry: FavoriteEntry) -> String {
        let added = DateText.localMinute(entry.addedAt)
        // The columns around the title, dropping the time added and then the date where the
        // title would get fewer than 10 columns.
        let dated = 2 + 7 + 1 + 2 + 10
        let full = dated + 2 + 6 + DisplayWidth.of(added)
        let fixed = width - full >= 10 ? full : width - dated >= 10 ? dated : 2 + 7 + 1
        let title = DisplayWidth.padded(
            DisplayWidth.truncated(entry.title, to: max(10, width - fixed)), to: max(10, min(40, width - fixed)))
        let number = "  \(style.accent(DisplayWidth.padded("#\(entry.num)", to: 7))) "
        if fixed == full { return number + "\(title)  \(entry.date)  \(style.dim("added \(added)"))" }
        if fixed == dated { return number + "\(title)  \(entry.date)" }
        return number + DisplayWidth.truncated(entry.title, to: width - fixed)
    }

    /// `#2665 · Title · https://xkcd.com/2665/`, ending with a newline. On a terminal too narrow
    /// for it, the title wraps under itself and the address gets a line of its own.
    func newComicLine(_ entry: ComicEntry) -> String {
        let number = "#\(entry.num)"
        let url = Comic.pageURL(of: entry.num)
        let title = entry.title ?? "(title not fetched)"
        let look = entry.title == nil ? style.dim : style.bold
        let lead = "\(number) · "
        let titled = sentence(title, after: lead, indent: 2)
        if titled.count == 1, !wrapsMessages || DisplayWidth.of(titled[0] + " · " + url) <= width {
            return "\(style.accent(number)) · \(look(title)) · \(url)\n"
        }
        let lines = titled.enumerated().map { index, line in
            index == 0
                ? style.accent(number) + " · " + look(String(line.dropFirst(lead.count)))
                : "  " + look(String(line.dropFirst(2)))
        }
        return block(lines + ["  " + url])
    }

    /// Each hit's number and title, then its excerpt with the matched words highlighted; after
    /// them, how many more of the `total` there are past the `shownBefore` and these, and the
    /// command that shows them.
    func searchText(
        _ hits: [SearchHit], shownBefore: Int = 0, total: Int, query: String, options: SearchOptions = SearchOptions()
    ) -> String {
        var lines: [String] = []
        // Which words matched says something only when the query has several.
        let severalWords = Set(hits.flatMap(\.terms)).count > 1
        for hit in hits {
            let number = "#\(hit.num)"
            let words = severalWords && !hit.terms.isEmpty ? " · " + hit.terms.joined(separator: ", ") : ""
            let meaning = hit.closeInMeaning ? "close in meaning" : ""
            let place =
                hit.foundByWords
                ? "· in the \(Self.fieldName(hit.matched))" + words + (meaning.isEmpty ? "" : " · " + meaning)
                : "· " + meaning
            let room = width - number.count - DisplayWidth.of(place) - 2
            if room >= DisplayWidth.of(hit.title) {
                lines.append("\(style.accent(number)) \(style.bold(hit.title)) \(style.dim(place))")
            } else {
                // Too narrow for both whole: the place goes on lines of its own.
                let title = DisplayWidth.truncated(hit.title, to: width - number.count - 1)
                lines.append("\(style.accent(number)) \(style.bold(title))")
                lines += TextWrapper.wrap(place, width: width - 2, indent: "  ").map(style.dim)
            }
            // A comic without alt text found by meaning alone has no excerpt to show.
            guard !hit.snippet.allSatisfy(\.isWhitespace) else { continue }
            lines += TextWrapper.wrap(hit.snippet, width: width - 2, indent: "    ").map {
                SearchHighlight.styled($0, style: style)
            }
        }
        let shown = shownBefore + hits.count
        if total > shown {
            let hint = moreHint(query, options, shown: shown, total: total)
            lines += sentence("… \(total - shown) more: \(hint)", indent: 2).map(style.dim)
        }
        return block(lines)
    }

    /// The line before a search's hits that says they are a corrected query's, or offers one.
    func spellingNote(_ spelling: SearchSpelling) -> String? {
        switch spelling {
        case .asTyped: nil
        case let .corrected(corrected, typed):
            "showing results for \(corrected) — \(searchCommand("--exact " + typed)) for the words as typed"
        case let .suggested(suggested): "did you mean \(suggested)? — \(searchCommand(suggested))"
        }
    }

    // `search` with `words` as typed where the hint is read: in the shell after a one-shot
    // command, each word escaped so the shell hands it on unchanged (the words are joined again).
    private func searchCommand(_ words: String) -> String {
        guard !commandPrefix.isEmpty else { return "search " + words }
        let escaped = words.split(separator: " ").map { BashQuoting.quote(String($0), inside: nil) }
        return commandPrefix + "search " + escaped.joined(separator: " ")
    }

    /// "no comic matches 'query'".
    func noMatch(_ query: String) -> String {
        block(noMatchSentence(query))
    }

    func noMatchSentence(_ query: String) -> [String] {
        sentence("no comic matches '\(TerminalSanitizer.brief(query))'")
    }

    private static let longestQueryRepeated = 200

    // What shows the hits of `query` after the first `shown`: `more` at a prompt; elsewhere the
    // one-shot command, as the shell reads it.
    private func moreHint(_ query: String, _ options: SearchOptions, shown: Int, total: Int) -> String {
        let nextPage = total - shown > SearchQuery.shown
        guard !atAPrompt else {
            return nextPage ? "type more for the next \(SearchQuery.shown)" : "type more to see them"
        }
        let words = QueryWords.words(query)
        let page = nextPage ? "--limit \(shown + SearchQuery.shown)" : "--all"
        let option = (options.flags + [page]).joined(separator: " ")
        // A pasted page of text is not repeated back.
        guard query.count <= Self.longestQueryRepeated else {
            return "the same search with \(option)" + (nextPage ? " (or --all)" : "")
        }
        // A word starting with a dash would be read as an option.
        let line =
            words.contains { $0.hasPrefix("-") }
            ? "\(option) -- \(QueryWords.commandLine(words))" : "\(QueryWords.commandLine(words)) \(option)"
        let command = "\(ProgramHelp.name) search \(line)"
        return nextPage ? "\(command) (or --all)" : command
    }

    private static func fieldName(_ field: SearchField) -> String {
        switch field {
        case .title: "title"
        case .alt: "alt text"
        case .transcript: "transcript"
        case .explanation: "explanation"
        }
    }

    /// `#N Title — explained at explainxkcd` on one line where it fits (otherwise the title cut
    /// to the width and the source on a line of its own), the page's address, and the page's
    /// note when it marks the explanation incomplete.
    func explanationHeader(_ view: ExplanationView) -> [String] {
        let number = "#\(view.num)"
        let source = "— explained at explainxkcd"
        var lines =
            number.count + DisplayWidth.of(view.title) + source.count + 2 <= width
            ? ["\(style.accent(number)) \(style.bold(view.title)) \(style.dim(source))"]
            : [
                "\(style.accent(number)) \(style.bold(DisplayWidth.truncated(view.title, to: width - number.count - 1)))",
                style.dim(DisplayWidth.truncated(source, to: width)),
            ]
        // Printed whole unless it is a hyperlink, so the terminal's soft wrap keeps it one address.
        if hyperlinks, style.enabled, let safe = Hyperlink.safeURL(view.url) {
            lines.append(style.link(CardLayout.shortened(view.url, to: width), to: safe))
        } else {
            lines.append(view.url)
        }
        if let incomplete = view.incomplete {
            lines += incompleteNote(incomplete).map { style.notice($0) }
        }
        return lines
    }

    // One line with a short reason, the reason's lines indented below a longer one.
    private func incompleteNote(_ notice: IncompleteNotice) -> [String] {
        let note = "explainxkcd marks this explanation incomplete"
        guard let reason = notice.reason else { return [note] }
        let reasons = reason.split(separator: "\n").map(String.init)
        if reasons.count == 1 { return TextWrapper.wrap("\(note): \(reasons[0])", width: width) }
        return [note + ":"] + reasons.flatMap { TextWrapper.wrap($0, width: width, indent: "  ") }
    }
}
