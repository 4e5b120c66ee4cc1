/// One command's definition: the single source for parsing, help, the man page and completion.
/// Its options are declared here and read by ``CommandScanner``; `build` makes the
/// ``Command`` from what the scanner found.
package struct CommandSpec: Sendable {
    /// Makes the command from scanned words.
    typealias Builder = @Sendable (CommandInput) throws(UsageError) -> Command

    /// The canonical name.
    package var name: String
    /// Other names that run it.
    var aliases: [String]
    /// What the usage line shows of its words after the name, e.g. `[K]`; its options follow,
    /// as they are declared.
    var operands: String
    /// One line of what it does.
    var summary: String
    /// More detail for `help NAME`.
    var details: String
    /// What its words hold.
    var argument: ArgumentKind
    /// The options it takes.
    var options: [OptionSpec]
    /// Words Tab offers as its first argument, e.g. `stats` and `clear`.
    var subcommands: [String]
    /// Which comics Tab completes after it.
    var completes: ComicCompletion
    /// Which arguments Tab completes as file paths.
    var paths: PathCompletion
    /// Makes the command.
    let build: Builder

    init(
        name: String, aliases: [String] = [], operands: String = "", summary: String, details: String,
        argument: ArgumentKind, options: [OptionSpec] = [], subcommands: [String] = [],
        completes: ComicCompletion = .none, paths: PathCompletion = .none, build: @escaping Builder
    ) {
        self.name = name
        self.aliases = aliases
        self.operands = operands
        self.summary = summary
        self.details = details
        self.argument = argument
        self.options = options
        self.subcommands = subcommands
        self.completes = completes
        self.paths = paths
        self.build = build
    }

    /// Every command, in the order `help` lists them.
    static let all: [CommandSpec] = browsing + reading + library + program

    /// The spec whose name or alias is `word` (case-insensitive).
    package static func named(_ word: String) -> CommandSpec? {
        let lower = word.lowercased()
        return all.first { $0.name == lower || $0.aliases.contains(lower) }
    }

    /// The usage line: the name, the operands and the options, e.g. `next [K]`,
    /// `search QUERY [--limit N | --all]`, `cache [stats | clear [--yes]]`.
    var synopsis: String {
        var parts = [name]
        if !subcommands.isEmpty, operands.isEmpty {
            let choices = subcommands.map { word in
                ([word] + options.filter { $0.shown == .after(word) }.map { "[\($0.usage)]" }).joined(separator: " ")
            }
            parts.append("[\(choices.joined(separator: " | "))]")
        } else if !operands.isEmpty {
            let instead = options.filter { $0.shown == .insteadOfOperands }.map(\.usage)
            if !instead.isEmpty, operands.hasPrefix("["), operands.hasSuffix("]") {
                parts.append("[\(([String(operands.dropFirst().dropLast())] + instead).joined(separator: " | "))]")
            } else {
                parts.append(operands)
            }
        }
        var groups: [String] = []
        for option in options {
            switch option.shown {
            case .alone:
                parts.append("[\(option.usage)]")
            case let .oneOf(group) where !groups.contains(group):
                groups.append(group)
                let choices = options.filter { $0.shown == .oneOf(group) }.map(\.usage)
                parts.append("[\(choices.joined(separator: " | "))]")
            case .oneOf, .after, .insteadOfOperands, .elsewhere:
                continue
            }
        }
        return parts.joined(separator: " ")
    }

    /// The option `word` names, if this command declares it.
    func option(named word: String) -> OptionSpec? {
        options.first { $0.isNamed(word) }
    }
}

extension CommandSpec: Equatable {
    /// Specs are equal when they name the same command.
    package static func == (lhs: CommandSpec, rhs: CommandSpec) -> Bool {
        lhs.name == rhs.name
    }
}

/// What Tab offers for a command's argument.
enum ComicCompletion: Sendable, Equatable {
    /// None.
    case none
    /// Every stored comic, by title or number.
    case stored
    /// Favorites only.
    case favorites
    /// A setting's key, then its values.
    case settings
}

/// Which of a command's arguments Tab completes as file paths (in the shells).
enum PathCompletion: Sendable, Equatable {
    /// None.
    case none
    /// Every argument that is not an option.
    case arguments
    /// The arguments after this first word (a subcommand).
    case after(String)
    /// Nothing typed yet, the word after a comic number, or a word that looks like a path
    /// (see ``CommandInput/looksLikePath(_:)``); other words name a comic.
    case afterComic
}

/// What a command's words after its options hold, for parsing, help and completion.
enum ArgumentKind: Sendable, Equatable {
    /// Nothing.
    case none
    /// An optional positive count (next/prev).
    case count
    /// A comic number or title (required).
    case comic
    /// An optional comic number or title.
    case optionalComic
    /// An optional command name.
    case commandName
    /// Free text (required).
    case query
    /// Words of the command's own: a subcommand, a path.
    case words

    /// Whether a word starting with `-` can be part of the argument rather than an option:
    /// titles and queries are free text.
    var isFreeText: Bool {
        switch self {
        case .comic, .optionalComic, .query: true
        default: false
        }
    }
}

// The options the rows below take: each one's long name and what it takes, declared once.
extension OptionKey<Bool> {
    /// Every visit (`history`), the whole page (`explain`), the images too (`sync`, as
    /// `--images`), every hit (`search`).
    static var all: Self { Self(flag: "--all") }
    /// `show`: the image below the card.
    static var image: Self { Self(flag: "--image") }
    /// `share`'s format.
    static func format(_ format: ShareFormat) -> Self { Self(flag: "--\(format.rawValue)") }
    /// `share`: onto the clipboard.
    static var copy: Self { Self(flag: "--copy") }
    /// `share`: to the system opener.
    static var open: Self { Self(flag: "--open") }
    /// `save`: over an existing file.
    static var force: Self { Self(flag: "--force") }
    /// `cache clear`: without asking.
    static var yes: Self { Self(flag: "--yes") }
    /// `sync`: images too.
    static var images: Self { Self(flag: "--images") }
    /// `sync`: explainxkcd's pages too.
    static var explanations: Self { Self(flag: "--explanations") }
    /// `sync`: the comics (and images) without their explainxkcd pages.
    static var noExplanations: Self { Self(flag: "--no-explanations") }
    /// `search`: the words as typed, never corrected.
    static var exact: Self { Self(flag: "--exact") }
    /// `check`: a desktop notification too.
    static var notify: Self { Self(flag: "--notify") }
    /// `set`: written to the settings file too.
    static var save: Self { Self(flag: "--save") }
}

extension OptionKey<Int> {
    /// `image`: the width in columns.
    static var width: Self {
        Self("--width", integer: "N", noun: "a number of columns", range: 1...ImageFit.maxColumns)
    }
    /// `sync`: at most this many requests at a time.
    static var jobs: Self {
        Self("--jobs", integer: "N", noun: "a number", range: 1...RequestLimit.multiplexedStreams)
    }
    /// `search`: how many hits.
    static var limit: Self { Self("--limit", integer: "N", noun: "a number of hits", range: 1...100_000) }
}

extension OptionKey<RendererChoice> {
    /// `image`: this protocol whatever the terminal says, or `auto` whatever the setting says.
    static var renderer: Self { Self("--renderer", choice: "R") }
}

extension OptionKey<SearchBy> {
    /// `search`: one ranking alone, by words or by meaning.
    static var by: Self { Self("--by", choice: SearchBy.allCases.map(\.rawValue).joined(separator: "|")) }
}

extension OptionKey<String> {
    /// `share --mailto`: the address.
    static var to: Self { Self("--to", text: "ADDR") }
}

extension CommandSpec {
    /// How many visits `history` lists without a count.
    static let historyShown = 30

    /// Moving between comics.
    static let browsing: [CommandSpec] = [
        CommandSpec(
            name: "latest", aliases: ["l"], summary: "go to the newest comic",
            details: "Fetches the newest comic (re-checked at most every few minutes).", argument: .none
        ) { input throws(UsageError) in
            try input.nothing()
            return .latest
        },
        CommandSpec(
            name: "first", summary: "go to comic #1", details: "Goes to the very first comic.", argument: .none
        ) { input throws(UsageError) in
            try input.nothing()
            return .first
        },
        CommandSpec(
            name: "next", aliases: ["n"], operands: "[K]", summary: "go K comics forward (default 1)",
            details: "Steps forward K comics, skipping numbers that do not exist (#404).", argument: .count
        ) { input throws(UsageError) in .next(try input.count()) },
        CommandSpec(
            name: "prev", aliases: ["p", "previous"], operands: "[K]", summary: "go K comics back (default 1)",
            details: "Steps back K comics, skipping numbers that do not exist (#404).", argument: .count
        ) { input throws(UsageError) in .previous(try input.count()) },
        CommandSpec(
            name: "random", aliases: ["r"], summary: "go to a random comic",
            details: "Picks a comic you have not seen yet; once all were seen, starts over.", argument: .none
        ) { input throws(UsageError) in
            try input.nothing()
            return .random
        },
        CommandSpec(
            name: "goto", aliases: ["g"], operands: "N | TITLE", summary: "go to a comic by number or title",
            details: """
                Goes to comic N, or to the stored comic whose title matches TITLE (case-insensitive;
                a unique prefix is enough). A bare number or #N does the same.
                """,
            argument: .comic, completes: .stored
        ) { input throws(UsageError) in
            guard let reference = try input.comic() else {
                throw UsageError("'goto' needs a comic number or title — e.g. goto 353")
            }
            return .goto(reference)
        },
        CommandSpec(
            name: "back", aliases: ["b"], summary: "go back in your navigation history",
            details: "Returns to the comic you were on before, like a browser's back button.", argument: .none
        ) { input throws(UsageError) in
            try input.nothing()
            return .back
        },
        CommandSpec(
            name: "forward", aliases: ["f"], summary: "go forward again after back",
            details: "Undoes a back, like a browser's forward button.", argument: .none
        ) { input throws(UsageError) in
            try input.nothing()
            return .forward
        },
        CommandSpec(
            name: "history", operands: "[N]", summary: "list the comics you visited",
            details: """
                Lists the comics visited, most recent first: the latest \(historyShown) by default, the
                latest N, or --all of them (the last \(SessionState.historyLimit) visits are kept). Visits
                made by other xkcd processes on the same data directory are listed too.
                """,
            argument: .count, options: [.option(.all, short: "-a", shown: .insteadOfOperands)]
        ) { input throws(UsageError) in
            guard input[.all] else {
                return .history(limit: input.words.isEmpty ? historyShown : try input.count())
            }
            try input.nothing()
            return .history(limit: nil)
        },
    ]
}

extension CommandSpec {
    /// The options `image` and `show --image` take.
    static let imageOptions: [OptionSpec] = [.option(.renderer), .option(.width)]

    /// Looking at one comic.
    static let reading: [CommandSpec] = [
        CommandSpec(
            name: "show", aliases: ["info", "i"], operands: "[N | TITLE]", summary: "show a comic's card",
            details: """
                Shows the card of comic N (the current comic by default): number, title, date,
                alt text, link and news. Does not change the current comic. --image draws the image
                below it (with the options of 'image').
                """,
            argument: .optionalComic,
            options: [.option(.image)]
                + imageOptions.map { option in
                    var option = option
                    option.shown = .elsewhere
                    return option
                }, completes: .stored
        ) { input throws(UsageError) in
            let reference = try input.comic()
            if input[.image] { return .image(reference, ImageOptions(input), withCard: true) }
            guard ImageOptions(input) == ImageOptions() else {
                throw UsageError("--renderer and --width go with --image — e.g. show --image --width 60")
            }
            return .show(reference)
        },
        CommandSpec(
            name: "image", aliases: ["view", "v"], operands: "[N | TITLE]",
            summary: "draw a comic's image in the terminal",
            details: """
                Draws the image of comic N (the current comic by default), scaled to fit the terminal:
                with the kitty or iTerm2 protocol or sixel where the terminal speaks them, otherwise
                with coloured half-blocks (ASCII shading on a dumb terminal or with NO_COLOR).
                --renderer kitty|iterm|sixel|blocks|ascii forces one (auto: the terminal's choice, whatever the renderer setting says); --width N sets the width in columns.
                """,
            argument: .optionalComic, options: imageOptions, completes: .stored
        ) { input throws(UsageError) in .image(try input.comic(), ImageOptions(input), withCard: false) },
        CommandSpec(
            name: "alt", operands: "[N | TITLE]", summary: "print a comic's alt text",
            details: "Prints just the alt (hover) text of comic N, or of the current comic.",
            argument: .optionalComic, completes: .stored
        ) { input throws(UsageError) in .alt(try input.comic()) },
        CommandSpec(
            name: "transcript", operands: "[N | TITLE]", summary: "print a comic's transcript",
            details: """
                Prints the transcript of comic N, or of the current comic: xkcd's own where it has
                one that is this comic's (it has none after about #1677, and those around
                #1609–#1677 are shifted by a few comics), else explainxkcd's community transcript,
                labelled as such. Offline once 'sync' has stored it.
                """,
            argument: .optionalComic, completes: .stored
        ) { input throws(UsageError) in .transcript(try input.comic()) },
        CommandSpec(
            name: "explain", aliases: ["e"], operands: "[N | TITLE]", summary: "read explainxkcd's explanation",
            details: """
                Shows the Explanation section of comic N's explainxkcd page (the current comic by
                default) as text, under the page's address and a note where the page marks it
                incomplete, through $PAGER when it is taller than the screen. --all shows the whole
                page, transcript included. Explanations are kept for 7 days, favorites' for offline use.
                """,
            argument: .optionalComic, options: [.option(.all)], completes: .stored
        ) { input throws(UsageError) in .explain(try input.comic(), all: input[.all]) },
        CommandSpec(
            name: "share", operands: "[N | TITLE]",
            summary: "a comic ready to paste, mail or post",
            details: """
                Writes comic N or TITLE (the current comic by default) as a message-ready block (--text, the
                default: title, link, image and alt text), an e-mail link (--mailto, with --to ADDR) or
                Markdown (--markdown). --copy puts it on the clipboard; --open hands it to the system
                opener (a mail program for --mailto, the browser otherwise).
                """,
            argument: .optionalComic,
            options: ShareFormat.allCases.map { .option(.format($0), shown: .oneOf("format")) } + [
                .option(.to), .option(.copy), .option(.open),
            ],
            completes: .stored, build: share
        ),
        CommandSpec(
            name: "open", aliases: ["o"], operands: "[N | TITLE]", summary: "open the comic's page in the browser",
            details: """
                Opens the page of comic N or TITLE (the current comic by default) with $BROWSER, else
                xdg-open or open; where there is none, prints the address.
                """,
            argument: .optionalComic, completes: .stored
        ) { input throws(UsageError) in .open(try input.comic()) },
    ]

    private static func share(_ input: CommandInput) throws(UsageError) -> Command {
        let formats = ShareFormat.allCases.filter { input[.format($0)] }
        guard formats.count <= 1 else { throw UsageError("'share' takes one of --text, --mailto and --markdown") }
        let to = input[.to]
        let format = formats.first ?? (to == nil ? nil : .mailto)
        if let to {
            guard format == .mailto else {
                throw UsageError("--to goes with --mailto — e.g. share --mailto --to friend@example.com")
            }
            guard ShareText.isValidAddress(to) else {
                throw UsageError("\(UsageError.quote(to)) is not an e-mail address — e.g. --to friend@example.com")
            }
        }
        return .share(
            try input.comic(), format: format, to: to, copy: input[.copy], open: input[.open])
    }
}

extension CommandSpec {
    /// Favorites, files and what is stored.
    static let library: [CommandSpec] = [
        CommandSpec(
            name: "fav", operands: "[N | TITLE] | import FILE", summary: "make a comic a favorite (kept offline)",
            details: """
                Adds comic N (the current comic by default) to your favorites and stores its card,
                image and explanation, so they work without a network; a favorite made offline gets
                what it lacks when faved again online. 'fav import FILE' merges favorites from a file
                written by 'favs --json'.
                """,
            argument: .words, subcommands: ["import"], completes: .stored, paths: .after("import")
        ) { input throws(UsageError) in
            guard input.words.first?.lowercased() == "import" else {
                return .favorite(try input.comic())
            }
            guard input.words.count == 2 else {
                throw UsageError("'fav import' needs one file — usage: fav import FILE")
            }
            return .importFavorites(path: input.words[1])
        },
        CommandSpec(
            name: "unfav", operands: "[N | TITLE]", summary: "remove a favorite",
            details: """
                Removes comic N (the current comic by default) from your favorites. Its stored copy
                stays in the cache.
                """,
            argument: .optionalComic, completes: .favorites
        ) { input throws(UsageError) in .unfavorite(try input.comic()) },
        CommandSpec(
            name: "favs", summary: "list your favorites",
            details: """
                Lists the favorites: number, title, date and when each was added. With --json the
                list can be saved and merged elsewhere with 'fav import FILE'.
                """,
            argument: .none
        ) { input throws(UsageError) in
            try input.nothing()
            return .favorites
        },
        CommandSpec(
            name: "save", operands: "[N | TITLE] [PATH]", summary: "write a comic's image to a file",
            details: """
                Writes the image of comic N or TITLE (the current comic by default) to PATH: a file, or
                a directory to put <num>-<title>.<ext> in (default: the current directory). After a
                title, PATH is the last word when it looks like one: it holds a /, starts with . or ~,
                or ends in .png, .jpg, .jpeg or .gif (save 353 python, save Python ./comics/, save
                Python py.png). An existing file is kept unless --force is given.
                """,
            argument: .words, options: [.option(.force, short: "-f")], completes: .stored, paths: .afterComic
        ) { input throws(UsageError) in
            let (reference, path) = try input.comicAndPath()
            return .save(reference, path: path, force: input[.force])
        },
        CommandSpec(
            name: "cache", summary: "show or clear what is stored",
            details: """
                'cache stats' (the default) shows how many comics, images and explanations are stored
                and how much space they take. 'cache clear' deletes everything stored except favorites
                and gives the space back, saying what went and the database's size before and after;
                on a terminal it asks first unless --yes is given.
                """,
            argument: .words, options: [.option(.yes, short: "-y", shown: .after("clear"))],
            subcommands: ["stats", "clear"], build: cache
        ),
        CommandSpec(
            name: "sync",
            summary: "store every comic for offline use and search",
            details: """
                Fetches every comic not stored yet, with a progress bar on a terminal: up to 100 at a
                time on one connection when the server speaks HTTP/2, else 8 at a time on 8
                connections; --jobs N makes it at most N at a time. Then it stores every comic's
                explainxkcd page (50 a request, one request at a time), so explain, transcript and
                search work offline over them and search finds comics by what their pages say; a
                page is fetched again after 30 days, or after a day while it is marked incomplete
                or the wiki has none yet. --no-explanations skips the pages (--explanations is
                the default, and still accepted). Run it again to resume; Ctrl-C stops it and
                keeps what arrived. --images also fetches their images (up to 16 at a time over
                HTTP/2); --all is --images. Where the model is installed, it then builds the index
                by meaning for every new or changed comic: the whole archive takes about 80
                seconds on 2 cores, with progress and an ETA (Ctrl-C keeps what is done); at the
                prompt it builds in the background and the prompt comes back at once. Search by
                words works meanwhile.
                """,
            argument: .none,
            options: [
                .option(.images), .option(.noExplanations), .option(.explanations, shown: .elsewhere), .option(.all),
                .option(.jobs, short: "-j"),
            ]
        ) { input throws(UsageError) in
            try input.nothing()
            if input[.noExplanations], input[.explanations] {
                throw UsageError("'sync' takes --no-explanations or --explanations, not both")
            }
            return .sync(
                images: input[.all] || input[.images], explanations: !input[.noExplanations], jobs: input[.jobs])
        },
        CommandSpec(
            name: "search", aliases: ["s", "/"], operands: "QUERY",
            summary: "search comics by their words and by meaning",
            details: """
                Full-text search over every stored comic and its explainxkcd page (run 'sync' to
                store them all). Describe the comic as
                you remember it: common words (the, of, his ...) are left out and any of the others
                may match. A comic whose title you type comes first (case, punctuation and articles
                aside); for one or two words, every comic with them in its title comes before those
                with them only in their text; then the comics matching more of the words, a match in
                the title counting most, then the alt text, the transcript, the explanation. Each hit
                says where it matched.
                The query is text however the shell grouped it: xkcd search "someone is wrong on
                the internet" and xkcd search someone is wrong on the internet are one query, and
                an apostrophe needs no quotes at the prompt (search don't panic).
                "quotes" that are part of the query make a phrase and word* a prefix; with either,
                or with AND, OR or NOT in capitals between two words, the query is read as SQLite's
                FTS5 reads it (every word must match unless OR says otherwise). At the prompt, in -c
                and in scripts, search "bobby tables" is the phrase; in the shell, quote the quotes:
                xkcd search '"bobby tables"'. The best 10 are shown, and how many
                more there are; 'more' shows the next 10, --limit N shows N, --all every one. 'search
                353' goes to #353.
                A word no stored comic holds is corrected to the nearest indexed word with its
                first letter (one or two edits away), a title's word before one of the text. When
                the words as typed find fewer than 3 comics and the corrected query at least three
                times as many, its hits are shown under a line saying so; otherwise that line
                offers it. Words in "phrases" are corrected inside their quotes, a prefix* and an
                operator never. --exact searches the words as typed.
                Where 'sync' has built the index by meaning (it does when the sentence encoder's
                model is installed), plain words are searched by meaning too, so a comic described
                in other words is found: the two rankings are fused, a title typed still first, and
                a hit found that way says "close in meaning". Phrases, prefixes, operators and
                --exact search by words alone. --by words or --by meaning asks for one ranking
                alone.
                """,
            argument: .query,
            options: [
                .option(.limit, short: "-n", shown: .oneOf("hits")), .option(.all, short: "-a", shown: .oneOf("hits")),
                .option(.exact), .option(.by),
            ]
        ) { input throws(UsageError) in
            guard let first = input.words.first else {
                throw UsageError("'search' needs words to look for — e.g. search import antigravity")
            }
            if input[.by] == .meaning, input[.exact] {
                throw UsageError(
                    "'search' takes --exact or --by meaning, not both: a search by meaning reads no words as typed")
            }
            if input.words.count == 1, ComicNumberWord.looksNumeric(first) {
                return .goto(.number(try ComicNumberWord.parse(first)))
            }
            guard !input[.all] else {
                guard input[.limit] == nil else {
                    throw UsageError("'search' takes --limit N or --all, not both")
                }
                return .search(input.query, limit: nil, exact: input[.exact], by: input[.by])
            }
            return .search(
                input.query, limit: input[.limit] ?? SearchQuery.shown, exact: input[.exact], by: input[.by])
        },
        CommandSpec(
            name: "more", summary: "show the next hits of the last search",
            details: """
                Shows the next \(SearchQuery.shown) hits of the last search in this session (the REPL, a -c
                line or a script), and says so when every hit was shown.
                """,
            argument: .none
        ) { input throws(UsageError) in
            try input.nothing()
            return .more
        },
    ]

    private static func cache(_ input: CommandInput) throws(UsageError) -> Command {
        switch input.words.first?.lowercased() {
        case nil, "stats":
            guard input.words.count <= 1 else { throw input.extra(after: "cache stats", from: 1) }
            guard !input[.yes] else { throw UsageError("--yes goes with 'cache clear'") }
            return .cacheStats
        case "clear":
            guard input.words.count == 1 else {
                let rest = input.words.dropFirst().joined(separator: " ")
                throw UsageError("'cache clear' takes only --yes (got \(UsageError.quote(rest)))")
            }
            return .cacheClear(skipConfirmation: input[.yes])
        default:
            let usage = input.spec.synopsis
            throw UsageError(
                "'cache' takes 'stats' or 'clear', not \(UsageError.quote(input.words[0])) — usage: \(usage)")
        }
    }
}

extension CommandSpec {
    /// New comics, reading progress, help and leaving.
    static let program: [CommandSpec] = [
        CommandSpec(
            name: "check", summary: "list comics published since the last check",
            details: """
                Asks the server for its newest comic and prints one line for each comic published since
                the last check that you have not seen; nothing, with exit status 0, when there is none
                (for cron). Each comic is reported once. A sync stores new comics but is no check: they
                are still reported. The first check counts from the newest comic known before it (from
                a sync or a visit), or, with none, only notes where the archive stands. --notify also
                raises a desktop notification (notify-send or osascript).
                """,
            argument: .none, options: [.option(.notify)]
        ) { input throws(UsageError) in
            try input.nothing()
            return .check(notify: input[.notify])
        },
        CommandSpec(
            name: "unread", summary: "how many comics you have not seen",
            details: """
                Counts the comics you have not seen yet (every comic shown counts as seen) and lists
                the first few.
                """,
            argument: .none
        ) { input throws(UsageError) in
            try input.nothing()
            return .unread
        },
        CommandSpec(
            name: "next-unread", aliases: ["nu"], summary: "go to the next comic you have not seen",
            details: """
                Goes to the first unseen comic after the current one, starting over at #1 after the
                newest.
                """,
            argument: .none
        ) { input throws(UsageError) in
            try input.nothing()
            return .nextUnread
        },
        CommandSpec(
            name: "config", summary: "list every setting, its value and where it came from",
            details: """
                Lists every setting with its value and where the value came from: default, the settings
                file and its line (config.toml:3), an environment variable, a flag, or 'set'. A flag
                wins over the environment, which wins over the file, which wins over the default.
                The file is $XDG_CONFIG_HOME/xkcd/config.toml (~/.config/xkcd/config.toml), or the
                one XKCD_CONFIG or --config FILE names; its keys are these settings' names, as in
                timeout = 5 or images = "always". A key it does not know, a wrong type or a line
                that is not TOML (or not UTF-8) is a warning naming the line; the rest applies.
                """,
            argument: .none
        ) { input throws(UsageError) in
            try input.nothing()
            return .config
        },
        CommandSpec(
            name: "set", operands: "KEY [VALUE]", summary: "change a setting for this session (--save: for good)",
            details: """
                'set KEY VALUE' changes a setting for the rest of the session; with --save it is also
                written to the settings file, whose other lines, comments and order stay as they were
                (processes saving at once take turns). 'set KEY' shows one setting and where it came
                from. All but data-dir and check-every change at once; those two take effect at the next
                start, so they are only saved, and 'config' shows the saved value until then. 'set' and 'config' need no data
                directory: 'xkcd set --save data-dir DIR' mends one that cannot be used.
                """,
            argument: .words, options: [.option(.save, short: "-s")], completes: .settings
        ) { input throws(UsageError) in
            guard let key = input.words.first else {
                throw UsageError("'set' needs a setting — e.g. set images always ('config' lists them)")
            }
            guard input.words.count <= 2 else { throw input.extra(after: "set \(key) \(input.words[1])", from: 2) }
            let value = input.words.count == 2 ? input.words[1] : nil
            if input[.save], value == nil {
                throw UsageError("'set --save' needs a value — e.g. set --save \(key) VALUE")
            }
            return .set(key: key, value: value, save: input[.save])
        },
        CommandSpec(
            name: "help", aliases: ["?"], operands: "[COMMAND]", summary: "list commands, or explain one",
            details: "Lists every command, or shows how to use one.", argument: .commandName
        ) { input throws(UsageError) in
            guard let topic = input.words.first else { return .help(nil) }
            guard input.words.count == 1 else { throw input.extra(after: "help", from: 1) }
            guard let named = CommandSpec.named(topic) else { throw CommandParser.unknown(topic) }
            return .help(named.name)
        },
        CommandSpec(
            name: "quit", aliases: ["exit", "q"], summary: "leave",
            details: "Leaves the REPL and saves its history. Ctrl-D does the same.", argument: .none
        ) { input throws(UsageError) in
            try input.nothing()
            return .quit
        },
    ]
}
