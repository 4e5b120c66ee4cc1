#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The global options, from flags first, then environment variables, then defaults.
package struct GlobalOptions: Sendable, Equatable {
    /// The xkcd API base URL.
    package var baseURL: URL
    /// explainxkcd's base URL.
    package var explainURL = XKCDClient.defaultExplainURL
    /// Where everything is stored.
    package var dataDirectory: URL
    /// One JSON document per command instead of human text.
    package var json = false
    /// Colour explicitly turned off (`--no-color` or `NO_COLOR`).
    package var noColor = false
    /// `-c`: `;`-separated commands to run.
    package var commandString: String?
    /// A one-shot command's words.
    package var words: [String] = []
    /// No network at all: only what is stored.
    package var offline = false
    /// The most bytes of images kept (favorites' not counted).
    package var imageCacheLimit = ComicSource.defaultImageCacheLimit
    /// Whether comics are drawn for a dark or a light background, or as the terminal says.
    package var theme = Theme.auto
    /// Seconds before a request gives up.
    package var timeout: TimeInterval = 15
    /// Seconds between background checks for new comics in the REPL; 0: none.
    package var checkInterval: TimeInterval = 30 * 60
    /// `--help` was given.
    package var showHelp = false
    /// `--version` was given.
    package var showVersion = false
    /// `--generate-completion-script SHELL` was given.
    package var completionScript: CompletionShell?
    /// `--generate-manual` was given.
    package var showManual = false

    /// The default API base URL.
    package static let defaultBaseURL = URL(string: "https://xkcd.com")!

    /// Parses `arguments` (without the program name) by ``GlobalOptionSpec/all``. Options may
    /// stand anywhere on the line (see ``GlobalOptionScan``); the other words are the one-shot command.
    package static func parse(arguments: [String], environment: Environment) throws(UsageError) -> GlobalOptions {
        let split = try GlobalOptionScan(arguments)
        var options = GlobalOptions(baseURL: defaultBaseURL, dataDirectory: URL(fileURLWithPath: "/"))
        options.words = split.words
        var values: [GlobalOptionSpec.Key: String] = [:]
        var on: Set<GlobalOptionSpec.Key> = []
        for spec in GlobalOptionSpec.all {
            switch spec.fallback {
            case .none: break
            case let .value(name): if let text = environment[name], !text.isEmpty { values[spec.key] = text }
            case let .switchOn(name):
                if ["1", "true", "yes", "on"].contains((environment[name] ?? "").lowercased()) { on.insert(spec.key) }
            case let .nonEmpty(name): if !(environment[name] ?? "").isEmpty { on.insert(spec.key) }
            }
        }
        for (spec, value) in split.given {
            if let value { values[spec.key] = value } else { on.insert(spec.key) }
        }
        options.offline = on.contains(.offline)
        options.json = on.contains(.json)
        options.noColor = on.contains(.noColor)
        options.showHelp = on.contains(.help)
        options.showVersion = on.contains(.version)
        options.showManual = on.contains(.manual)
        options.commandString = values[.commands]
        if options.commandString != nil, !options.words.isEmpty {
            throw UsageError("give either -c COMMANDS or a command, not both")
        }
        if let shell = values[.completionScript] {
            guard let known = CompletionShell(rawValue: shell) else {
                let names = CompletionShell.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError("--generate-completion-script takes one of \(names), not \(UsageError.quote(shell))")
            }
            options.completionScript = known
        }
        if let baseURL = values[.baseURL] { options.baseURL = try httpURL(baseURL, flag: "--base-url") }
        if let explainURL = values[.explainURL] { options.explainURL = try httpURL(explainURL, flag: "--explain-url") }
        options.dataDirectory = DataDirectory.resolve(explicit: values[.dataDirectory], environment: environment)
        if let theme = values[.theme] {
            guard let known = Theme(rawValue: theme.lowercased()) else {
                let names = Theme.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError("--theme takes one of \(names), not \(UsageError.quote(theme))")
            }
            options.theme = known
        }
        if let timeout = values[.timeout] {
            guard let seconds = TimeInterval(timeout), seconds > 0, seconds <= 600 else {
                throw UsageError("--timeout takes seconds between 0 and 600 (got \(UsageError.quote(timeout)))")
            }
            options.timeout = seconds
        }
        if let imageCache = values[.imageCacheMB] {
            guard let megabytes = Double(imageCache), megabytes >= 0, megabytes <= 1_000_000 else {
                throw UsageError("--image-cache-mb takes a size in megabytes (got \(UsageError.quote(imageCache)))")
            }
            options.imageCacheLimit = Int(megabytes * 1_000_000)
        }
        if let checkEvery = values[.checkEvery] {
            // At most once a second: more often would only load the server.
            guard let minutes = Double(checkEvery), minutes == 0 || (minutes >= 1.0 / 60 && minutes <= 7 * 24 * 60)
            else {
                throw UsageError(
                    "--check-every takes minutes, at least 1/60 (0 turns the checks off; got "
                        + "\(UsageError.quote(checkEvery)))"
                )
            }
            options.checkInterval = minutes * 60
        }
        return options
    }

    private static func httpURL(_ text: String, flag: String) throws(UsageError) -> URL {
        var trimmed = text
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
        else {
            throw UsageError("\(flag) needs an http(s) URL (got \(UsageError.quote(text)))")
        }
        return url
    }
}
