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
                latest N, or --all of them (up to \(SessionState.historyLimit) are kept).
                """,
            argument: .count, options: [.flag("--all", short: "-a")]
        ) { input throws(UsageError) in
            guard input.flag("--all") else {
                return .history(limit: input.words.isEmpty ? historyShown : try input.count())
            }
            try input.nothing()
            return .history(limit: nil)
        },
    ]
}
