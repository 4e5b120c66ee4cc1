/// One global option (`xkcd --offline goto 353`, `xkcd goto 353 --offline`): the single source for
/// parsing them, `xkcd --help`, the man page and shell completion.
struct GlobalOptionSpec: Sendable, Equatable {
    /// Which option it is, for the parser.
    enum Key: Sendable, Equatable {
        case baseURL, explainURL, dataDirectory, offline, imageCacheMB, checkEvery, json, noColor, theme, timeout
        case images, config, commands, help, version, completionScript, manual
    }

    /// Where an option's value comes from when the flag is not given.
    enum Fallback: Sendable, Equatable {
        /// None.
        case none
        /// The variable's text is the value.
        case value(String)
        /// The variable turns the flag on when it is 1, true, yes or on.
        case switchOn(String)
        /// Any non-empty value turns the flag on.
        case nonEmpty(String)

        /// The variable's name.
        var variable: String? {
            switch self {
            case .none: nil
            case let .value(name), let .switchOn(name), let .nonEmpty(name): name
            }
        }

        /// How help shows it: `XKCD_OFFLINE=1`, `NO_COLOR`.
        var shown: String? {
            switch self {
            case .none: nil
            case let .value(name), let .nonEmpty(name): name
            case let .switchOn(name): "\(name)=1"
            }
        }
    }

    /// What Tab offers for an option's value.
    enum ValueCompletion: Sendable, Equatable {
        /// Nothing.
        case none
        /// Directory names.
        case directories
        /// File names.
        case files
        /// These words.
        case words([String])
    }

    var key: Key
    /// The names shown, e.g. `-h`, `--help`.
    var names: [String]
    /// Other spellings accepted but not shown.
    var otherSpellings: [String] = []
    /// The value's placeholder, e.g. `URL`; nil for a flag.
    var value: String?
    /// The environment variable read when the flag is not given.
    var fallback: Fallback = .none
    /// The default, as help shows it, where the option gives no setting.
    var ownDefault: String?
    /// One line of what it does.
    var summary: String
    /// What Tab offers for the value.
    var completion: ValueCompletion = .none
    /// Left out of help, the man page and completion (tooling).
    var hidden = false

    /// Every option, in the order help lists them.
    static let all: [GlobalOptionSpec] = [
        GlobalOptionSpec(
            key: .baseURL, names: ["--base-url"], value: "URL", fallback: .value("XKCD_BASE_URL"),
            summary: "the xkcd API server"),
        GlobalOptionSpec(
            key: .explainURL, names: ["--explain-url"], value: "URL", fallback: .value("XKCD_EXPLAIN_URL"),
            summary: "the explainxkcd wiki"),
        GlobalOptionSpec(
            key: .dataDirectory, names: ["--data-dir"], value: "DIR", fallback: .value("XKCD_DATA_DIR"),
            summary: "where comics, images and history are stored", completion: .directories),
        GlobalOptionSpec(
            key: .offline, names: ["--offline"], fallback: .switchOn("XKCD_OFFLINE"),
            summary: "no network: only what is stored"),
        GlobalOptionSpec(
            key: .imageCacheMB, names: ["--image-cache-mb"], value: "N", fallback: .value("XKCD_IMAGE_CACHE_MB"),
            summary: "keep at most N MB of images, favorites' not counted"),
        GlobalOptionSpec(
            key: .checkEvery, names: ["--check-every"], value: "MINUTES", fallback: .value("XKCD_CHECK_EVERY"),
            summary: "look for new comics this often while the REPL is open; 0 turns these checks off"),
        GlobalOptionSpec(key: .json, names: ["--json"], summary: "print one JSON document per command"),
        GlobalOptionSpec(
            key: .noColor, names: ["--no-color"], otherSpellings: ["--no-colour"], fallback: .nonEmpty("NO_COLOR"),
            summary: "no colour"),
        GlobalOptionSpec(
            key: .theme, names: ["--theme"], value: "THEME", fallback: .value("XKCD_THEME"),
            summary: "auto, dark or light: black-on-white comics are drawn light-on-dark on a dark background",
            completion: .words(Theme.allCases.map(\.rawValue))),
        GlobalOptionSpec(
            key: .timeout, names: ["--timeout"], value: "SECS", fallback: .value("XKCD_TIMEOUT"),
            summary: "give up on a request after SECS seconds"),
        GlobalOptionSpec(
            key: .images, names: ["--images"], value: "MODE", fallback: .value("XKCD_IMAGES"),
            summary: "the picture under the card after each move: auto (kitty, iTerm2, sixel), always or never",
            completion: .words(PictureMode.allCases.map(\.rawValue))),
        GlobalOptionSpec(
            key: .config, names: ["--config"], value: "FILE", fallback: .value("XKCD_CONFIG"),
            ownDefault: "$XDG_CONFIG_HOME/xkcd/config.toml or ~/.config/xkcd/config.toml",
            summary: "the settings file ('help config')", completion: .files),
        GlobalOptionSpec(
            key: .commands, names: ["-c"], otherSpellings: ["--command"], value: "COMMANDS",
            summary: "run ;-separated commands, then exit"),
        GlobalOptionSpec(key: .help, names: ["-h", "--help"], summary: "this help; with a command, that command's"),
        GlobalOptionSpec(key: .version, names: ["--version"], otherSpellings: ["-V"], summary: "the version"),
        GlobalOptionSpec(
            key: .completionScript, names: ["--generate-completion-script"], value: "SHELL",
            summary: "print the completion script for bash, zsh or fish",
            completion: .words(CompletionShell.allCases.map(\.rawValue))),
        GlobalOptionSpec(
            key: .manual, names: ["--generate-manual"], summary: "print the man page (roff)", hidden: true),
    ]

    /// The default, as help shows it: the setting's it gives, for one that takes a value.
    var defaultValue: String? {
        guard value != nil, let setting = SettingSpec.all.first(where: { $0.option == key }) else { return ownDefault }
        return setting.defaultValue
    }

    /// The options help, the man page and completion show.
    static var shown: [GlobalOptionSpec] { all.filter { !$0.hidden } }

    /// The option spelled `name`, if any.
    static func named(_ name: String) -> GlobalOptionSpec? {
        all.first { $0.names.contains(name) || $0.otherSpellings.contains(name) }
    }

    /// Whether a value follows the flag.
    var takesValue: Bool { value != nil }

    /// `--base-url URL`, `-h, --help`.
    var synopsis: String {
        names.joined(separator: ", ") + (value.map { " \($0)" } ?? "")
    }

    /// The summary with the environment variable and default, as help shows it.
    var helpText: String {
        let notes = [fallback.shown.map { "env \($0)" }, defaultValue.map { "default \($0)" }].compactMap { $0 }
        return notes.isEmpty ? summary : "\(summary) (\(notes.joined(separator: ", ")))"
    }
}
