extension CommandSpec {
    /// New comics, reading progress, help and leaving.
    static let program: [CommandSpec] = [
        CommandSpec(
            name: "check", summary: "list comics published since the last check",
            details: """
                Asks the server for its newest comic and prints one line for each comic published since
                the last check that you have not seen; nothing, with exit status 0, when there is none
                (for cron). Each comic is reported once. --notify also raises a desktop notification
                (notify-send or osascript).
                """,
            argument: .none, options: [.flag("--notify")]
        ) { input throws(UsageError) in
            try input.nothing()
            return .check(notify: input.flag("--notify"))
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
