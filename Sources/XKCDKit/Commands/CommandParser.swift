/// Turns words into a ``Command``: the one grammar of the REPL, `-c`, stdin and one-shot use.
public enum CommandParser {
    /// The largest comic number accepted before asking the server.
    public static let maxComicNumber = 9_999_999

    /// Parses a whole line: `;`-separated commands.
    public static func parse(line: String) throws(UsageError) -> [Command] {
        var commands: [Command] = []
        for words in try CommandTokenizer.split(line) {
            commands.append(try parse(words: words))
        }
        return commands
    }

    /// Parses one command's words (the first is the command name, a number or `#N`).
    public static func parse(words: [String]) throws(UsageError) -> Command {
        guard let head = words.first else { throw UsageError("empty command") }
        let rest = Array(words.dropFirst())
        if looksNumeric(head) {
            guard rest.isEmpty else { throw extra(rest, after: head) }
            return .goto(.number(try comicNumber(head)))
        }
        if head.hasPrefix("/"), head.count > 1 {
            return .search(([String(head.dropFirst())] + rest).joined(separator: " "))
        }
        guard let spec = CommandSpec.named(head) else {
            throw unknown(head)
        }
        switch spec.name {
        case "latest": try noArguments(spec, rest); return .latest
        case "first": try noArguments(spec, rest); return .first
        case "random": try noArguments(spec, rest); return .random
        case "back": try noArguments(spec, rest); return .back
        case "forward": try noArguments(spec, rest); return .forward
        case "history": try noArguments(spec, rest); return .history
        case "quit": try noArguments(spec, rest); return .quit
        case "unread": try noArguments(spec, rest); return .unread
        case "next-unread": try noArguments(spec, rest); return .nextUnread
        case "check":
            let (options, words) = try split(spec, rest, flags: ["--notify"], valued: [])
            try noArguments(spec, words)
            return .check(notify: options["--notify"] != nil)
        case "next": return .next(try count(spec, rest))
        case "prev": return .previous(try count(spec, rest))
        case "show":
            let (options, words) = try split(spec, rest, flags: ["--image"], valued: ["--renderer", "--width"])
            let reference = try optionalComic(spec, words)
            if options["--image"] != nil { return .image(reference, try imageOptions(options), withCard: true) }
            guard options.isEmpty else { throw UsageError("--renderer and --width go with --image — e.g. show --image --width 60") }
            return .show(reference)
        case "image":
            let (options, words) = try split(spec, rest, flags: [], valued: ["--renderer", "--width"])
            return .image(try optionalComic(spec, words), try imageOptions(options), withCard: false)
        case "alt": return .alt(try optionalComic(spec, rest))
        case "transcript": return .transcript(try optionalComic(spec, rest))
        case "goto":
            guard !rest.isEmpty else { throw UsageError("'goto' needs a comic number or title — e.g. goto 353") }
            if rest.count == 1, looksNumeric(rest[0]) { return .goto(.number(try comicNumber(rest[0]))) }
            let title = rest.joined(separator: " ")
            return .goto(.title(title))
        case "fav":
            if rest.first?.lowercased() == "import" {
                guard rest.count == 2 else { throw UsageError("'fav import' needs one file — usage: fav import FILE") }
                return .importFavorites(path: rest[1])
            }
            return .favorite(try optionalComic(spec, rest))
        case "unfav": return .unfavorite(try optionalComic(spec, rest))
        case "explain":
            let (options, words) = try split(spec, rest, flags: ["--all"], valued: [])
            return .explain(try optionalComic(spec, words), all: options["--all"] != nil)
        case "share": return try share(spec, rest)
        case "open": return .open(try optionalComic(spec, rest))
        case "favs": try noArguments(spec, rest); return .favorites
        case "save": return try save(spec, rest)
        case "sync": return try sync(spec, rest)
        case "search":
            guard !rest.isEmpty else { throw UsageError("'search' needs words to look for — e.g. search import antigravity") }
            if rest.count == 1, looksNumeric(rest[0]) { return .goto(.number(try comicNumber(rest[0]))) }
            return .search(rest.joined(separator: " "))
        case "cache": return try cache(spec, rest)
        case "help":
            guard rest.count <= 1 else { throw extra(Array(rest.dropFirst()), after: spec.name) }
            guard let topic = rest.first else { return .help(nil) }
            guard let named = CommandSpec.named(topic) else { throw unknown(topic) }
            return .help(named.name)
        default:
            throw unknown(head)
        }
    }

    /// The command names and aliases closest to `word`, for "did you mean".
    public static func suggestion(for word: String) -> String? {
        let lower = word.lowercased()
        guard lower.count <= 20 else { return nil }
        var best: (name: String, distance: Int)?
        for spec in CommandSpec.all {
            for candidate in [spec.name] + spec.aliases where candidate.count > 1 {
                let d = EditDistance.between(lower, candidate)
                let prefixMatch = candidate.hasPrefix(lower) && lower.count >= 2
                let score = prefixMatch ? 0 : d
                if score <= max(1, min(2, candidate.count / 3)), score < (best?.distance ?? .max) {
                    best = (spec.name, score)
                }
            }
        }
        return best?.name
    }

    private static func save(_ spec: CommandSpec, _ rest: [String]) throws(UsageError) -> Command {
        var force = false
        var positional: [String] = []
        for word in rest {
            if word == "--force" || word == "-f" {
                force = true
            } else if word.hasPrefix("-"), !looksNumeric(word) {
                throw UsageError("'save' has no option \(UsageError.quote(word)) — usage: \(spec.synopsis)")
            } else {
                positional.append(word)
            }
        }
        var num: Int?
        if let first = positional.first, looksNumeric(first) {
            num = try comicNumber(first)
            positional.removeFirst()
        }
        guard positional.count <= 1 else { throw extra(Array(positional.dropFirst()), after: "save") }
        return .save(num, path: positional.first, force: force)
    }

    private static func share(_ spec: CommandSpec, _ rest: [String]) throws(UsageError) -> Command {
        let (options, words) = try split(spec, rest, flags: ["--text", "--mailto", "--markdown", "--copy", "--open"], valued: ["--to"])
        let formats = ["--text": ShareFormat.text, "--mailto": .mailto, "--markdown": .markdown].filter { options[$0.key] != nil }
        guard formats.count <= 1 else { throw UsageError("'share' takes one of --text, --mailto and --markdown") }
        let format = formats.first?.value ?? .text
        let to = options["--to"] ?? nil
        if let to {
            guard format == .mailto else { throw UsageError("--to goes with --mailto — e.g. share --mailto --to friend@example.com") }
            guard ShareText.isValidAddress(to) else {
                throw UsageError("\(UsageError.quote(to)) is not an e-mail address — e.g. --to friend@example.com")
            }
        }
        if let word = words.first, !looksNumeric(word) {
            throw UsageError("'share' takes a comic number, not \(UsageError.quote(word)) — usage: \(spec.synopsis)")
        }
        guard words.count <= 1 else { throw extra(Array(words.dropFirst()), after: "share") }
        return .share(try optionalComic(spec, words), format: format, to: to, copy: options["--copy"] != nil,
                      open: options["--open"] != nil)
    }

    private static func imageOptions(_ options: [String: String?]) throws(UsageError) -> ImageOptions {
        var result = ImageOptions()
        if case let value?? = options["--renderer"] {
            guard let renderer = ImageProtocol(rawValue: value.lowercased()) else {
                let names = ImageProtocol.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError("--renderer takes one of \(names), not \(UsageError.quote(value))")
            }
            result.renderer = renderer
        }
        if case let value?? = options["--width"] {
            guard let columns = Int(value), (1...ImageFit.maxColumns).contains(columns) else {
                throw UsageError("--width takes a number of columns from 1 to \(ImageFit.maxColumns), not \(UsageError.quote(value))")
            }
            result.width = columns
        }
        return result
    }

    // Separates `--options` (flags, and ones taking a value) from the other words.
    private static func split(_ spec: CommandSpec, _ rest: [String], flags: Set<String>,
                              valued: Set<String>) throws(UsageError) -> ([String: String?], [String]) {
        var options: [String: String?] = [:]
        var words: [String] = []
        var index = 0
        while index < rest.count {
            let word = rest[index]
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts.first?.lowercased() ?? word
            if flags.contains(name), parts.count == 1 {
                options[name] = .some(nil)
            } else if valued.contains(name) {
                if parts.count == 2 {
                    options[name] = parts[1]
                } else {
                    index += 1
                    guard index < rest.count else { throw UsageError("\(name) needs a value — usage: \(spec.synopsis)") }
                    options[name] = rest[index]
                }
            } else if word.hasPrefix("--") {
                throw UsageError("'\(spec.name)' has no option \(UsageError.quote(word)) — usage: \(spec.synopsis)")
            } else {
                words.append(word)
            }
            index += 1
        }
        return (options, words)
    }

    private static func cache(_ spec: CommandSpec, _ rest: [String]) throws(UsageError) -> Command {
        let words = rest.map { $0.lowercased() }
        switch words.first {
        case nil, "stats":
            guard words.count <= 1 else { throw extra(Array(rest.dropFirst()), after: "cache stats") }
            return .cacheStats
        case "clear":
            let options = words.dropFirst()
            guard options.allSatisfy({ $0 == "--yes" || $0 == "-y" }) else {
                throw UsageError("'cache clear' takes only --yes (got \(UsageError.quote(rest.dropFirst().joined(separator: " "))))")
            }
            return .cacheClear(skipConfirmation: !options.isEmpty)
        default:
            throw UsageError("'cache' takes 'stats' or 'clear', not \(UsageError.quote(rest[0])) — usage: \(spec.synopsis)")
        }
    }

    private static func looksNumeric(_ word: String) -> Bool {
        var body = Substring(word)
        if body.hasPrefix("#") { body = body.dropFirst() }
        if body.hasPrefix("-") || body.hasPrefix("+") { body = body.dropFirst() }
        return !body.isEmpty && body.allSatisfy { $0.isASCII && $0.isNumber }
    }

    private static func comicNumber(_ word: String) throws(UsageError) -> Int {
        var body = Substring(word)
        if body.hasPrefix("#") { body = body.dropFirst() }
        if body.hasPrefix("-") { throw UsageError("comic numbers start at 1 (got \(word))") }
        if body.hasPrefix("+") { body = body.dropFirst() }
        guard let num = Int(body), num <= maxComicNumber else {
            throw UsageError("no comic number is that large (got \(UsageError.quote(word)))")
        }
        guard num >= 1 else { throw UsageError("comic numbers start at 1 (got \(word))") }
        return num
    }

    // A number, or every word as a title.
    private static func optionalComic(_ spec: CommandSpec, _ rest: [String]) throws(UsageError) -> ComicReference? {
        guard let word = rest.first else { return nil }
        if looksNumeric(word) {
            guard rest.count == 1 else { throw extra(Array(rest.dropFirst()), after: "\(spec.name) \(word)") }
            return .number(try comicNumber(word))
        }
        return .title(rest.joined(separator: " "))
    }

    private static func sync(_ spec: CommandSpec, _ rest: [String]) throws(UsageError) -> Command {
        var images = false
        var jobs = 8
        var index = 0
        while index < rest.count {
            let word = rest[index]
            switch word {
            case "--images": images = true
            case "--jobs", "-j":
                index += 1
                guard index < rest.count, let n = Int(rest[index]), (1...32).contains(n) else {
                    throw UsageError("--jobs takes a number from 1 to 32")
                }
                jobs = n
            default:
                if word.hasPrefix("--jobs="), let n = Int(word.dropFirst(7)), (1...32).contains(n) {
                    jobs = n
                } else {
                    throw UsageError("'sync' takes --images and --jobs N, not \(UsageError.quote(word)) — usage: \(spec.synopsis)")
                }
            }
            index += 1
        }
        return .sync(images: images, jobs: jobs)
    }

    private static func count(_ spec: CommandSpec, _ rest: [String]) throws(UsageError) -> Int {
        guard let word = rest.first else { return 1 }
        guard rest.count == 1 else { throw extra(Array(rest.dropFirst()), after: "\(spec.name) \(word)") }
        guard let k = Int(word), k >= 1 else {
            throw UsageError("'\(spec.name)' takes a positive count, not \(UsageError.quote(word)) — usage: \(spec.synopsis)")
        }
        return k
    }

    private static func noArguments(_ spec: CommandSpec, _ rest: [String]) throws(UsageError) {
        guard rest.isEmpty else { throw UsageError("'\(spec.name)' takes no arguments (got \(UsageError.quote(rest.joined(separator: " "))))") }
    }

    private static func extra(_ words: [String], after head: String) -> UsageError {
        UsageError("unexpected \(UsageError.quote(words.joined(separator: " "))) after \(UsageError.quote(head))")
    }

    private static func unknown(_ word: String) -> UsageError {
        if let suggestion = suggestion(for: word) {
            return UsageError("unknown command \(UsageError.quote(word)) — did you mean '\(suggestion)'?")
        }
        return UsageError("unknown command \(UsageError.quote(word)) — type 'help' for the list")
    }
}
