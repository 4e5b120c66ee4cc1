import ArgumentParser

/// One argument-parser type per command, as argument-parser needs a type for each subcommand;
/// everything about them is read from ``CommandSpec/all`` (see ``SpecAdapter``), in whose order
/// they are listed.
enum SpecAdapters {
    /// Every command's type. Typed as argument-parser takes them: an array of `SpecAdapter`
    /// types would be cast element by element, at a conformance lookup each, on every start.
    static let all: [ParsableCommand.Type] = [
        Latest.self, First.self, Next.self, Prev.self, Random.self, Goto.self, Back.self,
        Forward.self, History.self, Show.self, Image.self, Alt.self, Transcript.self, Explain.self,
        Share.self, Open.self, Fav.self, Unfav.self, Favs.self, Save.self, Cache.self, Sync.self,
        Search.self, Check.self, Unread.self, NextUnread.self, Help.self, Quit.self,
    ]

    struct Latest: SpecAdapter { static let name = "latest"; @OptionGroup var words: CommandWords }
    struct First: SpecAdapter { static let name = "first"; @OptionGroup var words: CommandWords }
    struct Next: SpecAdapter { static let name = "next"; @OptionGroup var words: CommandWords }
    struct Prev: SpecAdapter { static let name = "prev"; @OptionGroup var words: CommandWords }
    struct Random: SpecAdapter { static let name = "random"; @OptionGroup var words: CommandWords }
    struct Goto: SpecAdapter { static let name = "goto"; @OptionGroup var words: CommandWords }
    struct Back: SpecAdapter { static let name = "back"; @OptionGroup var words: CommandWords }
    struct Forward: SpecAdapter { static let name = "forward"; @OptionGroup var words: CommandWords }
    struct History: SpecAdapter { static let name = "history"; @OptionGroup var words: CommandWords }
    struct Show: SpecAdapter { static let name = "show"; @OptionGroup var words: CommandWords }
    struct Image: SpecAdapter { static let name = "image"; @OptionGroup var words: CommandWords }
    struct Alt: SpecAdapter { static let name = "alt"; @OptionGroup var words: CommandWords }
    struct Transcript: SpecAdapter { static let name = "transcript"; @OptionGroup var words: CommandWords }
    struct Explain: SpecAdapter { static let name = "explain"; @OptionGroup var words: CommandWords }
    struct Share: SpecAdapter { static let name = "share"; @OptionGroup var words: CommandWords }
    struct Open: SpecAdapter { static let name = "open"; @OptionGroup var words: CommandWords }
    struct Fav: SpecAdapter { static let name = "fav"; @OptionGroup var words: CommandWords }
    struct Unfav: SpecAdapter { static let name = "unfav"; @OptionGroup var words: CommandWords }
    struct Favs: SpecAdapter { static let name = "favs"; @OptionGroup var words: CommandWords }
    struct Save: SpecAdapter { static let name = "save"; @OptionGroup var words: CommandWords }
    struct Cache: SpecAdapter { static let name = "cache"; @OptionGroup var words: CommandWords }
    struct Sync: SpecAdapter { static let name = "sync"; @OptionGroup var words: CommandWords }
    struct Search: SpecAdapter { static let name = "search"; @OptionGroup var words: CommandWords }
    struct Check: SpecAdapter { static let name = "check"; @OptionGroup var words: CommandWords }
    struct Unread: SpecAdapter { static let name = "unread"; @OptionGroup var words: CommandWords }
    struct NextUnread: SpecAdapter { static let name = "next-unread"; @OptionGroup var words: CommandWords }
    struct Help: SpecAdapter { static let name = "help"; @OptionGroup var words: CommandWords }
    struct Quit: SpecAdapter { static let name = "quit"; @OptionGroup var words: CommandWords }
}
