import Foundation

/// Turns outcomes into what is printed on stdout: human text, or one JSON document.
public struct Renderer: Sendable {
    /// Terminal width in columns.
    public var width: Int
    /// Colour and bold.
    public var style: Style
    /// JSON instead of human text.
    public var json: Bool
    /// Whether the terminal shows OSC 8 hyperlinks.
    public var hyperlinks = false
    /// What the terminal draws images with; nil: ASCII shading at `width`.
    public var imageFacts: TerminalFacts?

    /// Creates a renderer.
    public init(width: Int, color: Bool, json: Bool) {
        self.width = max(20, width)
        style = Style(enabled: color && !json)
        self.json = json
    }

    /// The text for `outcome`, ending with a newline, or empty when there is nothing to print.
    public func render(_ outcome: Outcome) -> String {
        json ? renderJSON(outcome) : renderText(outcome)
    }

    private func renderText(_ outcome: Outcome) -> String {
        switch outcome {
        case let .comic(comic):
            return card(comic)
        case let .alt(comic):
            return TextWrapper.wrap(comic.alt.isEmpty ? "(#\(comic.num) has no alt text)" : comic.alt, width: width)
                .joined(separator: "\n") + "\n"
        case let .transcript(comic):
            guard !comic.transcript.isEmpty else { return "(#\(comic.num) has no transcript)\n" }
            return TextWrapper.wrap(comic.transcript, width: width).joined(separator: "\n") + "\n"
        case let .history(entries):
            guard !entries.isEmpty else { return "(no comics visited yet)\n" }
            return entries.map(entryLine).joined(separator: "\n") + "\n"
        case let .choices(query, entries):
            var lines = ["'\(query)' matches \(entries.count) comics — pick one with goto N:"]
            lines += entries.prefix(20).map(entryLine)
            if entries.count > 20 { lines.append("  … and \(entries.count - 20) more") }
            return lines.joined(separator: "\n") + "\n"
        case let .favoriteAdded(entry, isNew, imageBytes):
            let name = "\(style.accent("#\(entry.num)")) \(entry.title ?? "")"
            guard isNew else { return "\(name) is already a favorite\n" }
            let image = imageBytes.map { "image stored, \(ByteCount.format($0))" } ?? "no image stored"
            return "★ \(name) is a favorite now (\(image))\n"
        case let .favoriteRemoved(entry):
            return "\(style.accent("#\(entry.num)")) \(entry.title ?? "") is no longer a favorite\n"
        case let .favorites(entries):
            guard !entries.isEmpty else { return "(no favorites yet — add the current comic with 'fav')\n" }
            return entries.map(favoriteLine).joined(separator: "\n") + "\n"
        case let .imported(added, already):
            let plural = added == 1 ? "favorite" : "favorites"
            return "imported \(added) \(plural)" + (already > 0 ? " (\(already) already there)" : "") + "\n"
        case let .image(image):
            let facts = imageFacts ?? TerminalFacts(environment: [:], isTTY: false, columns: width)
            let card = image.withCard ? card(image.comic) + "\n" : ""
            return card + ImageComposer(facts: facts).render(image, reservedRows: card.reduce(0) { $1 == "\n" ? $0 + 1 : $0 })
        case let .saved(path, bytes):
            return "saved \(TerminalSanitizer.sanitize(path, multiline: false)) (\(ByteCount.format(bytes)))\n"
        case let .cacheStats(stats):
            return statsText(stats)
        case let .cacheCleared(comics, images):
            return "deleted \(comics) stored \(comics == 1 ? "comic" : "comics") and \(images) \(images == 1 ? "image" : "images"); favorites kept\n"
        case let .synced(summary):
            return syncText(summary)
        case let .searchResults(query, hits, more):
            guard !hits.isEmpty else { return "no comic matches '\(query)'\n" }
            var lines: [String] = []
            for hit in hits {
                let number = "#\(hit.num)"
                lines.append("\(style.accent(number)) \(style.bold(truncate(hit.title, to: width - number.count - 1)))")
                lines += TextWrapper.wrap(hit.snippet, width: width - 2, indent: "    ").map(highlight)
            }
            if more { lines.append(style.dim("… more comics match; add words to narrow it down")) }
            return lines.joined(separator: "\n") + "\n"
        case let .explanation(view):
            let body = WikiLayout(width: width, style: style, hyperlinks: hyperlinks).lines(view.document)
            return (explanationHeader(view) + [""] + (body.isEmpty ? ["(the page has no text yet)"] : body)).joined(separator: "\n") + "\n"
        case let .shared(result):
            return result.text + "\n"
        case let .open(url):
            return url + "\n"
        case let .newComics(report, _):
            return report.comics.map { entry in
                "\(style.accent("#\(entry.num)")) · \(entry.title.map { style.bold($0) } ?? style.dim("(title not fetched)")) · \(Comic.pageURL(of: entry.num))\n"
            }.joined()
        case let .unread(summary):
            guard summary.unread > 0 else { return "you have seen all \(summary.total) comics\n" }
            let head = "\(summary.unread) of \(summary.total) comics unread — 'next-unread' goes to the next one; the first:"
            return ([head] + summary.first.map(entryLine)).joined(separator: "\n") + "\n"
        case let .help(topic):
            return HelpText.render(topic: topic, style: style)
        case .quit:
            return ""
        }
    }

    // Matched words in bold on a colour terminal; the markers never reach the screen.
    private func highlight(_ line: String) -> String {
        guard style.enabled else { return Self.withoutHighlights(line) }
        var out = String.UnicodeScalarView()
        for scalar in line.unicodeScalars {
            switch scalar {
            case "\u{E000}": out.append(contentsOf: "\u{1B}[1m".unicodeScalars)
            case "\u{E001}": out.append(contentsOf: "\u{1B}[0m".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    // The markers are U+E000 and U+E001: EE 80 80 and EE 80 81 in UTF-8.
    private static func withoutHighlights(_ text: String) -> String {
        var bytes = Array(text.utf8)
        guard bytes.contains(0xEE) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0xEE, i + 2 < bytes.count, bytes[i + 1] == 0x80, bytes[i + 2] == 0x80 || bytes[i + 2] == 0x81 {
                i += 3
                continue
            }
            out.append(bytes[i])
            i += 1
        }
        bytes = out
        return String(decoding: bytes, as: UTF8.self)
    }

    private func syncText(_ summary: SyncSummary) -> String {
        let stored = summary.alreadyStored + summary.fetched
        var lines: [String] = []
        if summary.cancelled {
            lines.append("sync stopped: \(summary.fetched) new comics stored (\(stored) in all); run 'sync' again to fetch the rest")
        } else {
            lines.append("synced: \(stored) comics stored (\(summary.fetched) new) in \(Self.seconds(summary.seconds)), newest #\(summary.newest)")
        }
        if !summary.missing.isEmpty {
            lines.append("not on the server: " + Self.numberList(summary.missing))
        }
        if !summary.failed.isEmpty {
            lines.append("\(summary.failed.count) could not be fetched (\(Self.numberList(summary.failed))) — run 'sync' again to retry")
        }
        if summary.imagesFetched > 0 || !summary.imagesFailed.isEmpty {
            lines.append("\(summary.imagesFetched) images fetched")
        }
        if !summary.imagesFailed.isEmpty {
            lines.append("\(summary.imagesFailed.count) images could not be fetched (\(Self.numberList(summary.imagesFailed)))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func numberList(_ numbers: [Int]) -> String {
        let shown = numbers.prefix(8).map { "#\($0)" }.joined(separator: ", ")
        return numbers.count > 8 ? shown + ", …" : shown
    }

    private static func seconds(_ t: TimeInterval) -> String {
        t < 10 ? String(format: "%.1f s", t) : "\(Int(t.rounded())) s"
    }

    private func favoriteLine(_ entry: FavoriteEntry) -> String {
        let added = Self.localTime(entry.addedAt)
        // "  #NNNN   TITLE  DATE  added TIME": the columns around the title, dropping the time
        // added and then the date where the title would get fewer than 10 columns.
        let dated = 2 + 7 + 1 + 2 + 10
        let full = dated + 2 + 6 + DisplayWidth.of(added)
        let fixed = width - full >= 10 ? full : width - dated >= 10 ? dated : 2 + 7 + 1
        let title = pad(truncate(entry.title, to: max(10, width - fixed)), to: max(10, min(40, width - fixed)))
        let number = "  \(style.accent(pad("#\(entry.num)", to: 7))) "
        if fixed == full { return number + "\(title)  \(entry.date)  \(style.dim("added \(added)"))" }
        if fixed == dated { return number + "\(title)  \(entry.date)" }
        return number + truncate(entry.title, to: width - fixed)
    }

    private func statsText(_ stats: CacheStats) -> String {
        let rows: [(String, String)] = [
            ("comics", "\(stats.comics) stored" + (stats.newest.map { " (newest known #\($0))" } ?? "")),
            ("images", "\(stats.images), \(ByteCount.format(stats.imageBytes)) (cap \(ByteCount.format(stats.imageCacheLimit)), favorites' not counted)"),
            ("favorites", "\(stats.favorites)"),
            ("database", ByteCount.format(stats.databaseBytes)),
            ("data dir", TerminalSanitizer.sanitize(stats.dataDirectory, multiline: false)),
        ]
        return rows.map { "\(style.bold(pad($0.0, to: 10))) \($0.1)" }.joined(separator: "\n") + "\n"
    }

    private static func localTime(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }

    private func entryLine(_ entry: ComicEntry) -> String {
        let number = style.accent(pad("#\(entry.num)", to: 6))
        return "  \(number) \(entry.title.map { truncate($0, to: width - 9) } ?? style.dim("(not stored)"))"
    }

    private func card(_ comic: DisplayComic) -> String {
        CardLayout(width: width, style: style, hyperlinks: hyperlinks).lines(comic).joined(separator: "\n") + "\n"
    }

    // `#N Title — explained at explainxkcd` on one line where it fits; otherwise the title cut
    // to the width and the source on a line of its own.
    private func explanationHeader(_ view: ExplanationView) -> [String] {
        let number = "#\(view.num)"
        let source = "— explained at explainxkcd"
        if number.count + DisplayWidth.of(view.title) + source.count + 2 <= width {
            return ["\(style.accent(number)) \(style.bold(view.title)) \(style.dim(source))"]
        }
        return ["\(style.accent(number)) \(style.bold(truncate(view.title, to: width - number.count - 1)))",
                style.dim(truncate(source, to: width))]
    }

    private func pad(_ s: String, to columns: Int) -> String {
        let w = DisplayWidth.of(s)
        return w >= columns ? s : s + String(repeating: " ", count: columns - w)
    }

    private func truncate(_ s: String, to columns: Int) -> String {
        guard DisplayWidth.of(s) > columns, columns > 1 else { return s }
        var out = ""
        var w = 0
        for c in s {
            let cw = DisplayWidth.of(c)
            if w + cw > columns - 1 { break }
            out.append(c)
            w += cw
        }
        return out + "…"
    }

    private func renderJSON(_ outcome: Outcome) -> String {
        let value: JSONValue
        switch outcome {
        case let .comic(comic): value = Self.json(comic)
        case let .alt(comic): value = .object([("num", .int(comic.num)), ("alt", .string(comic.alt))])
        case let .transcript(comic): value = .object([("num", .int(comic.num)), ("transcript", .string(comic.transcript))])
        case let .history(entries): value = .object([("history", .array(entries.map(Self.json)))])
        case let .choices(query, entries):
            value = .object([("query", .string(query)), ("choices", .array(entries.map(Self.json)))])
        case let .favoriteAdded(entry, isNew, imageBytes):
            value = .object([("num", .int(entry.num)), ("title", entry.title.map(JSONValue.string) ?? .null),
                             ("favorite", .bool(true)), ("new", .bool(isNew)),
                             ("image_bytes", imageBytes.map(JSONValue.int) ?? .null)])
        case let .favoriteRemoved(entry):
            value = .object([("num", .int(entry.num)), ("title", entry.title.map(JSONValue.string) ?? .null),
                             ("favorite", .bool(false))])
        case let .favorites(entries):
            let dates = ISO8601DateFormatter()
            value = .object([("favorites", .array(entries.map { entry in
                .object([("num", .int(entry.num)), ("title", .string(entry.title)), ("date", .string(entry.date)),
                         ("added", .string(dates.string(from: entry.addedAt)))])
            }))])
        case let .imported(added, already):
            value = .object([("added", .int(added)), ("already_favorites", .int(already))])
        case let .image(image):
            var fields: [(String, JSONValue)] = [
                ("num", .int(image.comic.num)), ("title", .string(image.comic.title)), ("img", .string(image.comic.imageURL)),
                ("format", .string(image.kind.rawValue)), ("width", .int(image.raster.width)),
                ("height", .int(image.raster.height)), ("bytes", .int(image.data.count)),
            ]
            if image.withCard { fields.append(("comic", Self.json(image.comic))) }
            value = .object(fields)
        case let .saved(path, bytes):
            value = .object([("path", .string(path)), ("bytes", .int(bytes))])
        case let .cacheStats(stats):
            value = .object([
                ("comics", .int(stats.comics)), ("newest", stats.newest.map(JSONValue.int) ?? .null),
                ("images", .int(stats.images)), ("image_bytes", .int(stats.imageBytes)),
                ("image_cache_limit_bytes", .int(stats.imageCacheLimit)), ("favorites", .int(stats.favorites)),
                ("database_bytes", .int(stats.databaseBytes)), ("data_dir", .string(stats.dataDirectory)),
            ])
        case let .cacheCleared(comics, images):
            value = .object([("deleted_comics", .int(comics)), ("deleted_images", .int(images))])
        case let .synced(summary):
            value = .object([
                ("newest", .int(summary.newest)), ("stored", .int(summary.alreadyStored + summary.fetched)),
                ("fetched", .int(summary.fetched)), ("missing", .array(summary.missing.map(JSONValue.int))),
                ("failed", .array(summary.failed.map(JSONValue.int))), ("images_fetched", .int(summary.imagesFetched)),
                ("images_failed", .array(summary.imagesFailed.map(JSONValue.int))),
                ("cancelled", .bool(summary.cancelled)), ("seconds", .double(summary.seconds)),
            ])
        case let .searchResults(query, hits, more):
            value = .object([("query", .string(query)), ("more", .bool(more)), ("hits", .array(hits.map { hit in
                .object([("num", .int(hit.num)), ("title", .string(hit.title)),
                         ("snippet", .string(Self.withoutHighlights(hit.snippet)))])
            }))])
        case let .explanation(view):
            let text = WikiLayout(width: 80, style: Style(enabled: false), hyperlinks: false).lines(view.document)
            value = .object([("num", .int(view.num)), ("title", .string(view.title)), ("page", .string(view.pageTitle)),
                             ("whole_page", .bool(view.wholePage)), ("text", .string(text.joined(separator: "\n")))])
        case let .shared(result):
            value = .object([("num", .int(result.num)), ("format", .string(result.format.rawValue)), ("text", .string(result.text))])
        case let .open(url):
            value = .object([("url", .string(url))])
        case let .newComics(report, _):
            value = .object([("newest", .int(report.newest)), ("new", .array(report.comics.map { entry in
                .object([("num", .int(entry.num)), ("title", entry.title.map(JSONValue.string) ?? .null),
                         ("url", .string(Comic.pageURL(of: entry.num)))])
            }))])
        case let .unread(summary):
            value = .object([("unread", .int(summary.unread)), ("total", .int(summary.total)),
                             ("first", .array(summary.first.map(Self.json)))])
        case let .help(topic):
            value = HelpText.json(topic: topic)
        case .quit:
            return ""
        }
        return value.serialized + "\n"
    }

    /// The one-line notice for new comics: `2 new comics since your last visit: #2664 …, #2665 …`,
    /// naming the first five and counting the rest.
    public func newComicsNotice(_ report: NewComics, since: String) -> String {
        let count = report.comics.count
        var named = report.names(first: 5).joined(separator: ", ")
        if count > 5 { named += " and \(count - 5) more" }
        let text = "\(count) new \(count == 1 ? "comic" : "comics") \(since): \(named)"
        return TextWrapper.wrap(text, width: width).joined(separator: "\n") + "\n"
    }

    /// The JSON document for a comic.
    public static func json(_ comic: DisplayComic) -> JSONValue {
        .object([
            ("num", .int(comic.num)),
            ("title", .string(comic.title)),
            ("date", .string(comic.date)),
            ("alt", .string(comic.alt)),
            ("url", .string(comic.pageURL)),
            ("img", comic.imageURL.isEmpty ? .null : .string(comic.imageURL)),
            ("interactive", .bool(comic.isInteractive)),
            ("link", comic.link.isEmpty ? .null : .string(comic.link)),
            ("news", comic.news.isEmpty ? .null : .string(comic.news)),
            ("transcript", comic.transcript.isEmpty ? .null : .string(comic.transcript)),
        ])
    }

    private static func json(_ entry: ComicEntry) -> JSONValue {
        .object([("num", .int(entry.num)), ("title", entry.title.map(JSONValue.string) ?? .null)])
    }
}
