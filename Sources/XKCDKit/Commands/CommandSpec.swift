/// What a command's argument position holds, for parsing, help and completion.
public enum ArgumentKind: Sendable, Equatable {
    /// No arguments.
    case none
    /// An optional positive count (next/prev).
    case count
    /// A comic number or title (required).
    case comic
    /// An optional comic number.
    case optionalComic
    /// An optional command name.
    case commandName
    /// Words of the command's own (subcommands, paths, options).
    case words
}

/// Which comics Tab offers for a command's argument.
public enum ComicCompletion: Sendable, Equatable {
    /// None.
    case none
    /// Every stored comic, by title or number.
    case stored
    /// Favorites only.
    case favorites
}

/// Which of a command's arguments Tab completes as file paths (in the shells).
public enum PathCompletion: Sendable, Equatable {
    /// None.
    case none
    /// Every argument that is not an option.
    case arguments
    /// The arguments after this first word (a subcommand).
    case after(String)
}

/// One command's definition: the single source for parsing, help and completion.
public struct CommandSpec: Sendable, Equatable {
    /// The canonical name.
    public var name: String
    /// Other names that run it.
    public var aliases: [String]
    /// The usage line after the name, e.g. `[K]`.
    public var usage: String
    /// One line of what it does.
    public var summary: String
    /// More detail for `help NAME`.
    public var details: String
    /// What its argument is.
    public var argument: ArgumentKind
    /// Options it accepts (for completion), e.g. `--json`.
    public var options: [String]
    /// Which comics Tab completes after it.
    public var completes: ComicCompletion
    /// Which arguments Tab completes as file paths.
    public var paths: PathCompletion

    /// Every command, in the order `help` lists them.
    public static let all: [CommandSpec] = [
        CommandSpec(name: "latest", aliases: ["l"], usage: "", summary: "go to the newest comic",
                    details: "Fetches the newest comic (re-checked at most every few minutes).", argument: .none),
        CommandSpec(name: "first", aliases: [], usage: "", summary: "go to comic #1",
                    details: "Goes to the very first comic.", argument: .none),
        CommandSpec(name: "next", aliases: ["n"], usage: "[K]", summary: "go K comics forward (default 1)",
                    details: "Steps forward K comics, skipping numbers that do not exist (#404).", argument: .count),
        CommandSpec(name: "prev", aliases: ["p", "previous"], usage: "[K]", summary: "go K comics back (default 1)",
                    details: "Steps back K comics, skipping numbers that do not exist (#404).", argument: .count),
        CommandSpec(name: "random", aliases: ["r"], usage: "", summary: "go to a random comic",
                    details: "Picks a comic you have not seen yet; once all were seen, starts over.", argument: .none),
        CommandSpec(name: "goto", aliases: ["g"], usage: "N | TITLE", summary: "go to a comic by number or title",
                    details: "Goes to comic N, or to the stored comic whose title matches TITLE (case-insensitive;\na unique prefix is enough). A bare number or #N does the same.", argument: .comic, completes: .stored),
        CommandSpec(name: "back", aliases: ["b"], usage: "", summary: "go back in your navigation history",
                    details: "Returns to the comic you were on before, like a browser's back button.", argument: .none),
        CommandSpec(name: "forward", aliases: ["f"], usage: "", summary: "go forward again after back",
                    details: "Undoes a back, like a browser's forward button.", argument: .none),
        CommandSpec(name: "history", aliases: [], usage: "", summary: "list the comics you visited",
                    details: "Lists the comics visited, most recent first.", argument: .none),
        CommandSpec(name: "show", aliases: ["info", "i"], usage: "[N | TITLE] [--image]", summary: "show a comic's card",
                    details: "Shows the card of comic N (the current comic by default): number, title, date,\nalt text, link and news. Does not change the current comic. --image draws the image\nbelow it (with the options of 'image').",
                    argument: .words, options: ["--image", "--renderer", "--width"], completes: .stored),
        CommandSpec(name: "image", aliases: ["view", "v"], usage: "[N | TITLE] [--renderer R] [--width N]", summary: "draw a comic's image in the terminal",
                    details: "Draws the image of comic N (the current comic by default), scaled to fit the terminal:\nwith the kitty or iTerm2 protocol or sixel where the terminal speaks them, otherwise\nwith coloured half-blocks (ASCII shading on a dumb terminal or with NO_COLOR).\n--renderer kitty|iterm|sixel|blocks|ascii forces one; --width N sets the width in columns.",
                    argument: .words, options: ["--renderer", "--width"], completes: .stored),
        CommandSpec(name: "alt", aliases: [], usage: "[N | TITLE]", summary: "print a comic's alt text",
                    details: "Prints just the alt (hover) text of comic N, or of the current comic.", argument: .optionalComic, completes: .stored),
        CommandSpec(name: "transcript", aliases: [], usage: "[N | TITLE]", summary: "print a comic's transcript",
                    details: "Prints the transcript of comic N, or of the current comic. Comics after about\n#1677 have none, and those around #1609–#1674 are shifted by a few comics.", argument: .optionalComic, completes: .stored),
        CommandSpec(name: "explain", aliases: ["e"], usage: "[N | TITLE] [--all]", summary: "read explainxkcd's explanation",
                    details: "Shows the Explanation section of comic N's explainxkcd page (the current comic by\ndefault) as text, through $PAGER when it is taller than the screen. --all shows the whole\npage, transcript included. Explanations are kept for 7 days, favorites' for offline use.",
                    argument: .words, options: ["--all"], completes: .stored),
        CommandSpec(name: "share", aliases: [], usage: "[N] [--text | --mailto | --markdown] [--to ADDR] [--copy] [--open]",
                    summary: "a comic ready to paste, mail or post",
                    details: "Writes comic N (the current comic by default) as a message-ready block (--text, the\ndefault: title, link, image and alt text), an e-mail link (--mailto, with --to ADDR) or\nMarkdown (--markdown). --copy puts it on the clipboard; --open hands it to the system\nopener (a mail program for --mailto, the browser otherwise).",
                    argument: .words, options: ["--text", "--mailto", "--markdown", "--to", "--copy", "--open"]),
        CommandSpec(name: "open", aliases: ["o"], usage: "[N | TITLE]", summary: "open the comic's page in the browser",
                    details: "Opens comic N's page (the current comic by default) with xdg-open or open; where\nthere is neither, prints the address.", argument: .optionalComic, completes: .stored),
        CommandSpec(name: "fav", aliases: [], usage: "[N | TITLE] | import FILE", summary: "make a comic a favorite (kept offline)",
                    details: "Adds comic N (the current comic by default) to your favorites and stores its card and\nimage, so they work without a network. 'fav import FILE' merges favorites from a file\nwritten by 'favs --json'.", argument: .words, options: ["import"], completes: .stored,
                    paths: .after("import")),
        CommandSpec(name: "unfav", aliases: [], usage: "[N | TITLE]", summary: "remove a favorite",
                    details: "Removes comic N (the current comic by default) from your favorites. Its stored copy\nstays in the cache.", argument: .optionalComic, completes: .favorites),
        CommandSpec(name: "favs", aliases: [], usage: "", summary: "list your favorites",
                    details: "Lists the favorites: number, title, date and when each was added. With --json the\nlist can be saved and merged elsewhere with 'fav import FILE'.", argument: .none),
        CommandSpec(name: "save", aliases: [], usage: "[N] [PATH] [--force]", summary: "write a comic's image to a file",
                    details: "Writes the image of comic N (the current comic by default) to PATH: a file, or a\ndirectory to put <num>-<title>.<ext> in (default: the current directory). An existing\nfile is kept unless --force is given.", argument: .words, options: ["--force"], paths: .arguments),
        CommandSpec(name: "cache", aliases: [], usage: "[stats | clear [--yes]]", summary: "show or clear what is stored",
                    details: "'cache stats' (the default) shows how many comics and images are stored and how much\nspace they take. 'cache clear' deletes everything stored except favorites; on a\nterminal it asks first unless --yes is given.", argument: .words, options: ["stats", "clear", "--yes"]),
        CommandSpec(name: "sync", aliases: [], usage: "[--images] [--jobs N]", summary: "store every comic for offline use and search",
                    details: "Fetches every comic not stored yet, N at a time (default 8), with a progress bar on a\nterminal. Run it again to resume; Ctrl-C stops it and keeps what arrived. --images also\nfetches their images.", argument: .words, options: ["--images", "--jobs"]),
        CommandSpec(name: "search", aliases: ["s", "/"], usage: "QUERY", summary: "search titles, alt texts and transcripts",
                    details: "Full-text search over every stored comic (run 'sync' to store them all), best first.\nUse \"quotes\" for a phrase and word* for a prefix. 'search 353' goes to #353.", argument: .words),
        CommandSpec(name: "check", aliases: [], usage: "[--notify]", summary: "list comics published since the last check",
                    details: "Asks the server for its newest comic and prints one line for each comic published since\nthe last check that you have not seen; nothing, with exit status 0, when there is none\n(for cron). Each comic is reported once. --notify also raises a desktop notification\n(notify-send or osascript).",
                    argument: .words, options: ["--notify"]),
        CommandSpec(name: "unread", aliases: [], usage: "", summary: "how many comics you have not seen",
                    details: "Counts the comics you have not seen yet (every comic shown counts as seen) and lists\nthe first few.", argument: .none),
        CommandSpec(name: "next-unread", aliases: ["nu"], usage: "", summary: "go to the next comic you have not seen",
                    details: "Goes to the first unseen comic after the current one, starting over at #1 after the\nnewest.", argument: .none),
        CommandSpec(name: "help", aliases: ["?"], usage: "[COMMAND]", summary: "list commands, or explain one",
                    details: "Lists every command, or shows how to use one.", argument: .commandName),
        CommandSpec(name: "quit", aliases: ["exit", "q"], usage: "", summary: "leave",
                    details: "Leaves the REPL and saves its history. Ctrl-D does the same.", argument: .none),
    ]

    /// Creates a spec.
    public init(name: String, aliases: [String], usage: String, summary: String, details: String,
                argument: ArgumentKind, options: [String] = [], completes: ComicCompletion = .none,
                paths: PathCompletion = .none) {
        self.name = name
        self.aliases = aliases
        self.usage = usage
        self.summary = summary
        self.details = details
        self.argument = argument
        self.options = options
        self.completes = completes
        self.paths = paths
    }

    /// The spec whose name or alias is `word` (case-insensitive).
    public static func named(_ word: String) -> CommandSpec? {
        let lower = word.lowercased()
        return all.first { $0.name == lower || $0.aliases.contains(lower) }
    }

    /// `name usage`, e.g. `next [K]`.
    public var synopsis: String {
        usage.isEmpty ? name : "\(name) \(usage)"
    }
}
