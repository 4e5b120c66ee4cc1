extension CommandSpec {
    /// The options `image` and `show --image` take.
    static let imageOptions: [OptionSpec] = [
        .valued("--renderer", .choice(placeholder: "R", choices: ImageProtocol.allCases.map(\.rawValue))),
        .valued("--width", .integer(placeholder: "N", noun: "a number of columns", range: 1...ImageFit.maxColumns)),
    ]

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
            options: [.flag("--image")]
                + imageOptions.map { option in
                    var option = option
                    option.shown = .elsewhere
                    return option
                }, completes: .stored
        ) { input throws(UsageError) in
            let reference = try input.comic()
            if input.flag("--image") { return .image(reference, ImageOptions(input), withCard: true) }
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
                --renderer kitty|iterm|sixel|blocks|ascii forces one; --width N sets the width in columns.
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
                #1609–#1674 are shifted by a few comics), else explainxkcd's community transcript,
                labelled as such. Offline once 'sync --explanations' has stored it.
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
            argument: .optionalComic, options: [.flag("--all")], completes: .stored
        ) { input throws(UsageError) in .explain(try input.comic(), all: input.flag("--all")) },
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
            options: [
                .flag("--text", shown: .oneOf("format")), .flag("--mailto", shown: .oneOf("format")),
                .flag("--markdown", shown: .oneOf("format")), .valued("--to", .text(placeholder: "ADDR")),
                .flag("--copy"), .flag("--open"),
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
        let formats = ShareFormat.allCases.filter { input.flag("--\($0.rawValue)") }
        guard formats.count <= 1 else { throw UsageError("'share' takes one of --text, --mailto and --markdown") }
        let format = formats.first ?? .text
        let to = input.value("--to")
        if let to {
            guard format == .mailto else {
                throw UsageError("--to goes with --mailto — e.g. share --mailto --to friend@example.com")
            }
            guard ShareText.isValidAddress(to) else {
                throw UsageError("\(UsageError.quote(to)) is not an e-mail address — e.g. --to friend@example.com")
            }
        }
        return .share(
            try input.comic(), format: format, to: to, copy: input.flag("--copy"), open: input.flag("--open"))
    }
}
