import Foundation

/// The global options, from flags first, then environment variables, then defaults.
public struct GlobalOptions: Sendable, Equatable {
    /// The xkcd API base URL.
    public var baseURL: URL
    /// explainxkcd's base URL.
    public var explainURL = XKCDClient.defaultExplainURL
    /// Where everything is stored.
    public var dataDirectory: URL
    /// One JSON document per command instead of human text.
    public var json = false
    /// Colour explicitly turned off (`--no-color` or `NO_COLOR`).
    public var noColor = false
    /// `-c`: `;`-separated commands to run.
    public var commandString: String?
    /// A one-shot command's words.
    public var words: [String] = []
    /// No network at all: only what is stored.
    public var offline = false
    /// The most bytes of images kept (favorites' not counted).
    public var imageCacheLimit = ComicRepository.defaultImageCacheLimit
    /// Seconds before a request gives up.
    public var timeout: TimeInterval = 15
    /// Seconds between background checks for new comics in the REPL; 0: none.
    public var checkInterval: TimeInterval = 30 * 60
    /// `--help` was given.
    public var showHelp = false
    /// `--version` was given.
    public var showVersion = false

    /// The default API base URL.
    public static let defaultBaseURL = URL(string: "https://xkcd.com")!

    /// Parses `arguments` (without the program name). Options come before the command;
    /// everything from the first non-option word on is the one-shot command.
    public static func parse(arguments: [String], environment: [String: String]) throws(UsageError) -> GlobalOptions {
        var baseURL = environment["XKCD_BASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
        var explainURL = environment["XKCD_EXPLAIN_URL"].flatMap { $0.isEmpty ? nil : $0 }
        var dataDir = environment["XKCD_DATA_DIR"].flatMap { $0.isEmpty ? nil : $0 }
        var timeout = environment["XKCD_TIMEOUT"].flatMap { $0.isEmpty ? nil : $0 }
        var imageCache = environment["XKCD_IMAGE_CACHE_MB"].flatMap { $0.isEmpty ? nil : $0 }
        var checkEvery = environment["XKCD_CHECK_EVERY"].flatMap { $0.isEmpty ? nil : $0 }
        var options = GlobalOptions(baseURL: defaultBaseURL, dataDirectory: URL(fileURLWithPath: "/"))
        options.noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        options.offline = ["1", "true", "yes", "on"].contains((environment["XKCD_OFFLINE"] ?? "").lowercased())

        var index = 0
        func value(for flag: String, inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            index += 1
            guard index < arguments.count else { throw UsageError("\(flag) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            guard argument.hasPrefix("-"), argument != "-", !looksLikeNumber(argument) else { break }
            if argument == "--" {
                index += 1
                break
            }
            let parts = argument.split(separator: "=", maxSplits: 1)
            let flag = String(parts[0])
            let inline = parts.count > 1 ? String(parts[1]) : nil
            switch flag {
            case "--base-url": baseURL = try value(for: flag, inline: inline)
            case "--explain-url": explainURL = try value(for: flag, inline: inline)
            case "--data-dir": dataDir = try value(for: flag, inline: inline)
            case "--timeout": timeout = try value(for: flag, inline: inline)
            case "--image-cache-mb": imageCache = try value(for: flag, inline: inline)
            case "--check-every": checkEvery = try value(for: flag, inline: inline)
            case "--offline": options.offline = true
            case "-c", "--command": options.commandString = try value(for: flag, inline: inline)
            case "--json": options.json = true
            case "--no-color", "--no-colour": options.noColor = true
            case "-h", "--help": options.showHelp = true
            case "--version": options.showVersion = true
            default: throw UsageError("unknown option \(UsageError.quote(argument)) — try 'xkcd --help'")
            }
            index += 1
        }
        options.words = Array(arguments[index...])
        if options.commandString != nil, !options.words.isEmpty {
            throw UsageError("give either -c COMMANDS or a command, not both")
        }
        if let baseURL { options.baseURL = try httpURL(baseURL, flag: "--base-url") }
        if let explainURL { options.explainURL = try httpURL(explainURL, flag: "--explain-url") }
        options.dataDirectory = DataDirectory.resolve(explicit: dataDir, environment: environment)
        if let timeout {
            guard let seconds = TimeInterval(timeout), seconds > 0, seconds <= 600 else {
                throw UsageError("--timeout takes seconds between 0 and 600 (got \(UsageError.quote(timeout)))")
            }
            options.timeout = seconds
        }
        if let imageCache {
            guard let megabytes = Double(imageCache), megabytes >= 0, megabytes <= 1_000_000 else {
                throw UsageError("--image-cache-mb takes a size in megabytes (got \(UsageError.quote(imageCache)))")
            }
            options.imageCacheLimit = Int(megabytes * 1_000_000)
        }
        if let checkEvery {
            // At most once a second: more often would only load the server.
            guard let minutes = Double(checkEvery), minutes == 0 || (minutes >= 1.0 / 60 && minutes <= 7 * 24 * 60) else {
                throw UsageError("--check-every takes minutes, at least 1/60 (0 turns the checks off; got \(UsageError.quote(checkEvery)))")
            }
            options.checkInterval = minutes * 60
        }
        return options
    }

    private static func looksLikeNumber(_ word: String) -> Bool {
        word.count > 1 && word.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
    }

    private static func httpURL(_ text: String, flag: String) throws(UsageError) -> URL {
        var trimmed = text
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty else {
            throw UsageError("\(flag) needs an http(s) URL (got \(UsageError.quote(text)))")
        }
        return url
    }
}
