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
            argument: .words, options: [.flag("--force", short: "-f")], completes: .stored, paths: .afterComic
        ) { input throws(UsageError) in
            let (reference, path) = try input.comicAndPath()
            return .save(reference, path: path, force: input.flag("--force"))
        },
        CommandSpec(
            name: "cache", summary: "show or clear what is stored",
            details: """
                'cache stats' (the default) shows how many comics, images and explanations are stored
                and how much space they take. 'cache clear' deletes everything stored except favorites
                and gives the space back, saying what went and the database's size before and after;
                on a terminal it asks first unless --yes is given.
                """,
            argument: .words, options: [.flag("--yes", short: "-y", shown: .after("clear"))],
            subcommands: ["stats", "clear"], build: cache
        ),
        CommandSpec(
            name: "sync",
            summary: "store every comic for offline use and search",
            details: """
                Fetches every comic not stored yet, with a progress bar on a terminal: up to 100 at a
                time on one connection when the server speaks HTTP/2, else 8 at a time on 8
                connections; --jobs N makes it at most N at a time. Run it again to resume; Ctrl-C
                stops it and keeps what arrived. --images also fetches their images (up to 16 at a
                time over HTTP/2). --explanations also stores every comic's explainxkcd page (50 a
                request, one request at a time), so explain, transcript and search work offline over
                them; a page is fetched again after 30 days, or after a day while it is marked
                incomplete. --all does both.
                """,
            argument: .none,
            options: [
                .flag("--images"), .flag("--explanations"), .flag("--all"),
                .valued(
                    "--jobs", short: "-j",
                    .integer(placeholder: "N", noun: "a number", range: 1...RequestLimit.multiplexedStreams)),
            ]
        ) { input throws(UsageError) in
            try input.nothing()
            let all = input.flag("--all")
            return .sync(
                images: all || input.flag("--images"), explanations: all || input.flag("--explanations"),
                jobs: input.value("--jobs").flatMap { Int($0) })
        },
        CommandSpec(
            name: "search", aliases: ["s", "/"], operands: "QUERY",
            summary: "search comics' text and their explanations",
            details: """
                Full-text search over every stored comic (run 'sync' to store them all, 'sync
                --explanations' to search what explainxkcd says of them too). Describe the comic as
                you remember it: common words (the, of, his ...) are left out and any of the others
                may match, the comics matching more of them first; a match in the title counts most,
                then the alt text, the transcript, the explanation. Each hit says where it matched.
                "quotes" make a phrase and word* a prefix; with either, or with AND, OR or NOT in
                capitals between two words, the query is read as SQLite's FTS5 reads it (every word
                must match unless OR says otherwise). The best 10 are shown, and how many more there
                are; --limit N shows N, --all every one. 'search 353' goes to #353.
                """,
            argument: .query,
            options: [
                .valued(
                    "--limit", short: "-n", .integer(placeholder: "N", noun: "a number of hits", range: 1...100_000),
                    shown: .oneOf("hits")),
                .flag("--all", short: "-a", shown: .oneOf("hits")),
            ]
        ) { input throws(UsageError) in
            guard let first = input.words.first else {
                throw UsageError("'search' needs words to look for — e.g. search import antigravity")
            }
            if input.words.count == 1, ComicNumberWord.looksNumeric(first) {
                return .goto(.number(try ComicNumberWord.parse(first)))
            }
            guard !input.flag("--all") else {
                guard input.value("--limit") == nil else {
                    throw UsageError("'search' takes --limit N or --all, not both")
                }
                return .search(input.joined, limit: nil)
            }
            return .search(input.joined, limit: input.value("--limit").flatMap { Int($0) } ?? SearchQuery.shown)
        },
    ]

    private static func cache(_ input: CommandInput) throws(UsageError) -> Command {
        switch input.words.first?.lowercased() {
        case nil, "stats":
            guard input.words.count <= 1 else { throw input.extra(after: "cache stats", from: 1) }
            guard !input.flag("--yes") else { throw UsageError("--yes goes with 'cache clear'") }
            return .cacheStats
        case "clear":
            guard input.words.count == 1 else {
                let rest = input.words.dropFirst().joined(separator: " ")
                throw UsageError("'cache clear' takes only --yes (got \(UsageError.quote(rest)))")
            }
            return .cacheClear(skipConfirmation: input.flag("--yes"))
        default:
            let usage = input.spec.synopsis
            throw UsageError(
                "'cache' takes 'stats' or 'clear', not \(UsageError.quote(input.words[0])) — usage: \(usage)")
        }
    }
}
