/// Turns outcomes into what is printed on stdout: human text, or one JSON document.
public struct Renderer: Sendable {
    /// Terminal width in columns.
    public var width: Int
    /// Colour and bold.
    public var style: Style
    /// JSON instead of human text.
    public var json: Bool

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
        case let .help(topic):
            return HelpText.render(topic: topic, style: style)
        case .quit:
            return ""
        }
    }

    private func entryLine(_ entry: ComicEntry) -> String {
        let number = style.accent(pad("#\(entry.num)", to: 6))
        return "  \(number) \(entry.title.map { truncate($0, to: width - 9) } ?? style.dim("(not stored)"))"
    }

    private func card(_ comic: DisplayComic) -> String {
        let indent = width >= 60 ? "  " : ""
        var lines: [String] = []
        let header = "\(style.accent("#\(comic.num)")) · \(style.bold(comic.title)) · \(comic.date)"
        if DisplayWidth.of("#\(comic.num) · \(comic.title) · \(comic.date)") <= width {
            lines.append(header)
        } else {
            lines.append("\(style.accent("#\(comic.num)")) · \(comic.date)")
            lines += TextWrapper.wrap(comic.title, width: width).map { style.bold($0) }
        }
        lines.append("")
        // Wide terminals get a margin on both sides.
        let wrapWidth = width - DisplayWidth.of(indent)
        if !comic.alt.isEmpty {
            lines += TextWrapper.wrap(comic.alt, width: wrapWidth, indent: indent)
            lines.append("")
        }
        lines.append(indent + comic.pageURL)
        if comic.isInteractive {
            lines += TextWrapper.wrap("interactive comic — no image; open it in a browser", width: width, indent: indent)
                .map { style.notice($0) }
        } else if !comic.imageURL.isEmpty {
            lines.append(indent + style.dim("image: ") + comic.imageURL)
        }
        if !comic.link.isEmpty {
            lines.append(indent + style.dim("link: ") + comic.link)
        }
        if !comic.news.isEmpty {
            lines += TextWrapper.wrap("news: " + comic.news, width: wrapWidth, indent: indent)
                .map { style.dim($0) }
        }
        return lines.joined(separator: "\n") + "\n"
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
        case let .help(topic):
            value = HelpText.json(topic: topic)
        case .quit:
            return ""
        }
        return value.serialized + "\n"
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
