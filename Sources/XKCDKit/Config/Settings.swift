#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How the comic's picture joins the browsing flow (`images`).
package enum PictureMode: String, CaseIterable, Sendable {
    /// Under the card where the terminal draws pixels (kitty, iTerm2, sixel).
    case auto
    /// Under the card on every terminal, in half-blocks where it draws no pixels.
    case always
    /// Never: the card alone; `image` draws the picture.
    case never
}

/// One setting: its key in `config.toml` (a long option's name), the flag and environment
/// variable that give it too, what it takes, and whether `set` changes it in a running session.
package struct SettingSpec: Sendable {
    /// What a setting takes.
    package enum Kind: Sendable, Equatable {
        /// An http(s) address.
        case address
        /// A directory.
        case directory
        /// `true` or `false`.
        case onOff
        /// A number of `unit` in `range`.
        case number(unit: String, range: ClosedRange<Double>)
        /// `auto`, or a number of columns up to the widest picture.
        case columns
        /// One of these words.
        case choice([String])
    }

    package var key: String
    package var kind: Kind
    /// The global option that gives it too, whose flag, variable and default it has.
    package var option: GlobalOptionSpec.Key?
    /// The built-in value; the data directory's is worked out from the environment.
    package var defaultValue: String
    package var summary: String
    /// Whether `set` changes it in the running session; the others take effect at the next start.
    package var appliesNow: Bool

    var optionSpec: GlobalOptionSpec? { option.flatMap { key in GlobalOptionSpec.all.first { $0.key == key } } }

    /// The flag that gives it (`--no-color` gives `color = false`).
    package var flag: String? { optionSpec?.names.last }

    /// The environment variable that gives it (`NO_COLOR`, when not empty, gives `color = false`).
    package var environment: String? { optionSpec?.fallback.variable }

    /// What its flag, given without a value, sets it to: `--offline` true, `--no-color` false.
    let flagValue: String

    /// A setting; `defaultValue` nil: its option's.
    init(
        _ key: String, _ kind: Kind, option: GlobalOptionSpec.Key? = nil, flagValue: String = "true",
        defaultValue: String? = nil, summary: String, appliesNow: Bool
    ) {
        self.key = key
        self.flagValue = flagValue
        self.kind = kind
        self.option = option
        self.summary = summary
        self.appliesNow = appliesNow
        self.defaultValue =
            defaultValue ?? option.flatMap { key in GlobalOptionSpec.all.first { $0.key == key } }?
            .defaultValue ?? ""
    }

    /// Every setting, in the order `config` lists them.
    package static let all: [SettingSpec] = [
        SettingSpec("base-url", .address, option: .baseURL, summary: "the xkcd API server", appliesNow: false),
        SettingSpec("explain-url", .address, option: .explainURL, summary: "the explainxkcd wiki", appliesNow: false),
        SettingSpec(
            "data-dir", .directory, option: .dataDirectory, summary: "where comics, images and history are stored",
            appliesNow: false),
        SettingSpec(
            "offline", .onOff, option: .offline, defaultValue: "false", summary: "no network: only what is stored",
            appliesNow: false),
        SettingSpec(
            "image-cache-mb", .number(unit: "megabytes", range: 0...1_000_000), option: .imageCacheMB,
            summary: "keep at most this many MB of images, favorites' not counted", appliesNow: false),
        SettingSpec(
            "check-every", .number(unit: "minutes", range: 0...(7 * 24 * 60)), option: .checkEvery,
            summary: "minutes between checks for new comics while the REPL is open; 0: none", appliesNow: false),
        SettingSpec(
            "timeout", .number(unit: "seconds", range: 0...600), option: .timeout,
            summary: "seconds before a request gives up", appliesNow: false),
        SettingSpec(
            "theme", .choice(Theme.allCases.map(\.rawValue)), option: .theme,
            summary: "dark or light background for pictures; auto asks the terminal", appliesNow: true),
        SettingSpec(
            "color", .onOff, option: .noColor, flagValue: "false", defaultValue: "true",
            summary: "colour and bold on a terminal",
            appliesNow: true),
        SettingSpec(
            "renderer", .choice(["auto"] + ImageProtocol.allCases.map(\.rawValue)), defaultValue: "auto",
            summary: "how pictures are drawn; auto asks the terminal", appliesNow: true),
        SettingSpec(
            "width", .columns, defaultValue: "auto", summary: "pictures' width in columns; auto fits the terminal",
            appliesNow: true),
        SettingSpec(
            "share-format", .choice(ShareFormat.allCases.map(\.rawValue)), defaultValue: "text",
            summary: "what 'share' writes without --text, --mailto or --markdown", appliesNow: true),
        SettingSpec(
            "images", .choice(PictureMode.allCases.map(\.rawValue)), option: .images,
            summary: "the picture under the card after each move: auto (pixel terminals), always, never",
            appliesNow: true),
    ]

    /// The setting named `key` (any case).
    package static func named(_ key: String) -> SettingSpec? {
        let lower = key.lowercased()
        return all.first { $0.key == lower }
    }

    /// What help says of it: the summary, the flag and variable that give it, the default.
    package var helpText: String {
        let notes =
            [flag, environment].compactMap { $0 }
            + (defaultValue.isEmpty ? [] : ["default \(defaultValue)"])
        return notes.isEmpty ? summary : "\(summary) (\(notes.joined(separator: ", ")))"
    }

    /// The values Tab offers.
    package var suggestions: [String] {
        switch kind {
        case .onOff: ["true", "false"]
        case let .choice(words): words
        case .columns: ["auto"]
        case .address, .directory, .number: []
        }
    }

    /// `text` as this setting keeps it (`True` → `true`, `1e1` → `10`), or the reason it is
    /// not a value of this setting.
    package func check(_ text: String) throws(UsageError) -> String {
        let trimmed = text.trimmingSpaces()
        switch kind {
        case .address:
            var address = trimmed
            while address.hasSuffix("/") { address.removeLast() }
            guard !address.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }),
                let url = URL(string: address), let scheme = url.scheme?.lowercased(),
                scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
            else { throw UsageError("\(key) needs an http(s) URL (got \(UsageError.quote(text)))") }
            return address
        case .directory:
            guard !trimmed.isEmpty else { throw UsageError("\(key) needs a directory") }
            return trimmed
        case .onOff:
            switch trimmed.lowercased() {
            case "true", "yes", "on", "1": return "true"
            case "false", "no", "off", "0": return "false"
            default: throw UsageError("\(key) takes true or false, not \(UsageError.quote(text))")
            }
        case let .number(unit, range):
            guard let number = Double(trimmed), range.contains(number) else {
                let limits = "from \(Self.shown(range.lowerBound)) to \(Self.shown(range.upperBound))"
                throw UsageError("\(key) takes \(unit) \(limits), not \(UsageError.quote(text))")
            }
            if key == "check-every", number > 0, number < 1.0 / 60 {
                throw UsageError("check-every takes at least 1/60 of a minute, or 0 for none (got \(text))")
            }
            if key == "timeout", number == 0 { throw UsageError("timeout takes more than 0 seconds") }
            return Self.shown(number)
        case .columns:
            if trimmed.lowercased() == "auto" { return "auto" }
            guard let columns = Int(trimmed), (1...ImageFit.maxColumns).contains(columns) else {
                throw UsageError(
                    "\(key) takes auto or a number of columns from 1 to \(ImageFit.maxColumns), not "
                        + UsageError.quote(text))
            }
            return String(columns)
        case let .choice(words):
            guard words.contains(trimmed.lowercased()) else {
                throw UsageError(
                    "\(key) takes one of \(words.joined(separator: ", ")), not \(UsageError.quote(text))")
            }
            return trimmed.lowercased()
        }
    }

    /// `value` with a directory's `~` expanded (by `environment`'s HOME).
    func resolved(_ value: String, environment: Environment) -> String {
        kind == .directory ? DataDirectory.resolve(explicit: value, environment: environment).path : value
    }

    /// A value read from the settings file, as ``check(_:)`` keeps it; the TOML type must be
    /// the setting's (a string for words and addresses, a number, a boolean).
    func check(_ value: TOMLValue) throws(UsageError) -> String {
        switch (kind, value) {
        case let (.onOff, .boolean(on)): return on ? "true" : "false"
        case let (.number, .integer(number)), let (.columns, .integer(number)): return try check(String(number))
        case let (.number, .float(number)): return try check(Self.shown(number))
        case let (.columns, .string(text)) where text.lowercased() == "auto": return "auto"
        case let (.columns, .float(number)):
            throw UsageError("\(key) takes a whole number of columns or \"auto\", not \(Self.shown(number))")
        case let (.address, .string(text)), let (.directory, .string(text)), let (.choice, .string(text)):
            return try check(text)
        default:
            throw UsageError("\(key) takes \(typeName), not \(Self.typeName(of: value))")
        }
    }

    /// The value as the settings file writes it.
    func tomlValue(_ text: String) -> TOMLValue {
        switch kind {
        case .onOff: return .boolean(text == "true")
        case .number:
            let number = Double(text) ?? 0
            return number.rounded() == number && abs(number) < 1e15 ? .integer(Int64(number)) : .float(number)
        case .columns: return Int64(text).map(TOMLValue.integer) ?? .string(text)
        case .address, .directory, .choice: return .string(text)
        }
    }

    private var typeName: String {
        switch kind {
        case .onOff: "true or false"
        case .number: "a number"
        case .columns: "a number or \"auto\""
        case .address, .directory, .choice: "a string in quotes"
        }
    }

    private static func typeName(of value: TOMLValue) -> String {
        switch value {
        case .string: "a string"
        case .integer, .float: "a number"
        case .boolean: "a boolean"
        case .array: "an array"
        }
    }

    /// `30`, `0.5`: whole numbers without a fraction.
    static func shown(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }
}

/// Every setting's value and where it came from: a flag, then the environment, then the
/// settings file, then the default; `set` in the REPL over all of them.
package struct Settings: Sendable, Equatable {
    /// Where a value came from.
    package enum Origin: Sendable, Equatable {
        case builtIn
        /// The settings file named `name`, at `line`.
        case file(name: String, line: Int)
        case environment(String)
        case flag(String)
        /// `set` in this session.
        case set

        /// `default`, `config.toml:3`, `XKCD_TIMEOUT`, `--timeout`, `set`.
        package var shown: String {
            switch self {
            case .builtIn: "default"
            case let .file(name, line): "\(name):\(line)"
            case let .environment(name), let .flag(name): name
            case .set: "set"
            }
        }
    }

    /// A value and where it came from.
    package struct Value: Sendable, Equatable {
        package var text: String
        package var origin: Origin
    }

    /// The settings file (it may not exist).
    package var file: URL
    /// The settings file's name as messages and `config` show it: safe to print, not too long.
    var fileName: String { TerminalSanitizer.path(file.lastPathComponent, limit: 60) }
    private var values: [String: Value]

    /// The value of setting `key`.
    package subscript(_ key: String) -> Value {
        values[key] ?? Value(text: SettingSpec.named(key)?.defaultValue ?? "", origin: .builtIn)
    }

    /// Where the settings file is: `--config`, `XKCD_CONFIG`, `$XDG_CONFIG_HOME/xkcd/config.toml`
    /// or `~/.config/xkcd/config.toml`; and whether it was named (`--config`, `XKCD_CONFIG`),
    /// when a missing file is worth a warning.
    package static func fileLocation(flag: String?, environment: Environment) -> (url: URL, named: Bool) {
        let given = flag.flatMap { $0.isEmpty ? nil : $0 }
        if let named = given ?? environment["XKCD_CONFIG"].flatMap({ $0.isEmpty ? nil : $0 }) {
            return (URL(fileURLWithPath: LocalPath.expandingTilde(named, environment: environment)), true)
        }
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return (URL(fileURLWithPath: xdg).appendingPathComponent("xkcd/config.toml"), false)
        }
        let home = LocalPath.homeDirectory(environment)
        return (URL(fileURLWithPath: home).appendingPathComponent(".config/xkcd/config.toml"), false)
    }

    /// The settings from `fileBytes` (the file at `file`; nil when there is none), `environment`
    /// and `flags` (each setting's key, the flag as typed and its value), in that order of
    /// strength. What is wrong in the file is a warning naming its line, and the rest applies;
    /// a bad flag or variable is an error.
    package static func resolve(
        file: URL, fileBytes: [UInt8]?, environment: Environment, flags: [(key: String, flag: String, value: String)]
    ) throws(UsageError) -> (settings: Settings, warnings: [String]) {
        var settings = Settings(file: file, values: [:])
        let dataDirectory = DataDirectory.resolve(explicit: nil, environment: environment).path
        settings.values["data-dir"] = Value(text: dataDirectory, origin: .builtIn)
        var warnings: [String] = []
        if let fileBytes {
            let name = settings.fileName
            let (entries, problems) = TOMLDocument.parse(bytes: fileBytes)
            var notes = problems.map { (line: $0.line, text: $0.message) }
            for entry in entries {
                if let dot = entry.key.lastIndex(of: "."),
                    SettingSpec.named(String(entry.key[dot...].dropFirst())) != nil
                {
                    let key = UsageError.quote(String(entry.key[dot...].dropFirst()))
                    let table = TerminalSanitizer.brief(String(entry.key[..<dot]))
                    notes.append((entry.line, "\(key) under [\(table)] is not read: settings go before any [table]"))
                    continue
                }
                // TOML's keys are case-sensitive: `Images` is not `images`, which `set --save` writes.
                guard let spec = SettingSpec.all.first(where: { $0.key == entry.key }) else {
                    let keys = SettingSpec.all.map(\.key)
                    let guess = EditDistance.closest(to: entry.key.lowercased(), among: keys).map {
                        " — did you mean '\($0)'?"
                    }
                    notes.append((entry.line, "unknown setting \(UsageError.quote(entry.key))" + (guess ?? "")))
                    continue
                }
                do {
                    var text = try spec.check(entry.value)
                    // A relative directory in the file is the file's neighbour, wherever xkcd runs.
                    if spec.kind == .directory, !text.hasPrefix("/"), !text.hasPrefix("~") {
                        text = file.deletingLastPathComponent().appendingPathComponent(text).path
                    }
                    text = spec.resolved(text, environment: environment)
                    settings.values[spec.key] = Value(text: text, origin: .file(name: name, line: entry.line))
                } catch {
                    notes.append((entry.line, error.message))
                }
            }
            // The file's text is anyone's: nothing quoted from it may reach the terminal raw or whole.
            let sorted = notes.sorted { $0.line < $1.line }.map {
                TerminalSanitizer.brief("\(name):\($0.line): \($0.text)", limit: 300)
            }
            // A file that is not TOML at all would otherwise bury the screen.
            warnings = Array(sorted.prefix(Self.warningsShown))
            if sorted.count > Self.warningsShown {
                warnings.append("\(name): \(sorted.count - Self.warningsShown) more problems — is it a TOML file?")
            }
        }
        for spec in SettingSpec.all {
            guard let variable = spec.environment, let text = environment[variable], !text.isEmpty else { continue }
            let value: String
            switch spec.optionSpec?.fallback {
            case .nonEmpty?: value = spec.flagValue
            case .switchOn?:
                let on = ["1", "true", "yes", "on"].contains(text.lowercased())
                value = on ? spec.flagValue : (spec.flagValue == "true" ? "false" : "true")
            default:
                do {
                    value = try spec.check(text)
                } catch {
                    throw UsageError("\(variable): \(error.message)")
                }
            }
            settings.values[spec.key] = Value(
                text: spec.resolved(value, environment: environment), origin: .environment(variable))
        }
        for (key, flag, text) in flags {
            guard let spec = SettingSpec.named(key) else { continue }
            let value: String
            do {
                value = try spec.check(text)
            } catch {
                throw UsageError(error.message.replacingPrefix(spec.key, with: flag))
            }
            settings.values[spec.key] = Value(text: spec.resolved(value, environment: environment), origin: .flag(flag))
        }
        return (settings, warnings)
    }

    /// The most warnings one settings file gets.
    static let warningsShown = 10

    /// Sets `key` to `text` for this session; returns the setting, or says why it cannot.
    package mutating func set(_ key: String, _ text: String) throws(UsageError) -> SettingSpec {
        let spec = try Self.spec(key)
        values[spec.key] = Value(text: spec.resolved(try spec.check(text), environment: .process), origin: .set)
        return spec
    }

    /// The setting `key` names, or an error with the nearest key.
    package static func spec(_ key: String) throws(UsageError) -> SettingSpec {
        if let equals = key.firstIndex(of: "="), SettingSpec.named(String(key[..<equals])) != nil {
            throw UsageError("write a space, not '=': set \(key[..<equals]) \(key[key.index(after: equals)...])")
        }
        guard let spec = SettingSpec.named(key) else {
            let guess = EditDistance.closest(to: key.lowercased(), among: SettingSpec.all.map(\.key))
            throw UsageError(
                "no setting is called \(UsageError.quote(key))"
                    + (guess.map { " — did you mean '\($0)'?" } ?? " — 'config' lists them"))
        }
        return spec
    }

    package var baseURL: URL { URL(string: self["base-url"].text) ?? GlobalOptions.defaultBaseURL }
    package var explainURL: URL { URL(string: self["explain-url"].text) ?? XKCDClient.defaultExplainURL }
    package var offline: Bool { self["offline"].text == "true" }
    package var color: Bool { self["color"].text == "true" }
    package var theme: Theme { Theme(rawValue: self["theme"].text) ?? .auto }
    package var timeout: TimeInterval { TimeInterval(self["timeout"].text) ?? 15 }
    /// Bytes.
    package var imageCacheLimit: Int { Int((Double(self["image-cache-mb"].text) ?? 500) * 1_000_000) }
    /// Seconds; 0: no checks.
    package var checkInterval: TimeInterval { (Double(self["check-every"].text) ?? 30) * 60 }
    /// The renderer pictures are drawn with; nil: chosen from the terminal.
    package var renderer: ImageProtocol? { ImageProtocol(rawValue: self["renderer"].text) }
    /// Pictures' width in columns; nil: fit the terminal.
    package var width: Int? { Int(self["width"].text) }
    package var shareFormat: ShareFormat { ShareFormat(rawValue: self["share-format"].text) ?? .text }
    package var images: PictureMode { PictureMode(rawValue: self["images"].text) ?? .auto }
}

extension String {
    /// The string with `prefix` at its start replaced by `replacement`.
    fileprivate func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}

extension Settings {
    /// Every setting's default, kept in the settings file `file`.
    package static func defaults(file: URL) -> Settings {
        // Nothing but defaults can fail to resolve: there is no file, variable or flag.
        (try? resolve(file: file, fileBytes: nil, environment: Environment([:]), flags: []).settings)
            ?? Settings(file: file, values: [:])
    }
}

/// One setting as `config` shows it.
package struct SettingRow: Sendable, Equatable {
    package var key: String
    /// The value as text (`true`, `15`, `https://xkcd.com`).
    package var value: String
    /// Where it came from: `default`, `config.toml:3`, `XKCD_TIMEOUT`, `--timeout`, `set`.
    package var origin: String
    /// What it takes, so JSON can give booleans and numbers as such.
    package var kind: SettingSpec.Kind

    package init(_ spec: SettingSpec, _ value: Settings.Value) {
        key = spec.key
        self.value = value.text
        origin = value.origin.shown
        kind = spec.kind
    }
}

/// What `config` (or `set KEY`) shows: the settings file and the settings asked for.
package struct SettingsReport: Sendable, Equatable {
    /// The settings file's path.
    package var file: String
    /// Whether the file is there.
    package var fileExists: Bool
    package var rows: [SettingRow]

    /// The settings `keys` name, from `settings`.
    package init(_ settings: Settings, keys: [String]) {
        file = settings.file.path
        fileExists = LocalPath.exists(settings.file.path)
        rows = keys.compactMap { key in SettingSpec.named(key).map { SettingRow($0, settings[key]) } }
    }
}
