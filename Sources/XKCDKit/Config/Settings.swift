#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How the comic's picture joins the browsing flow (`images`).
enum PictureMode: String, CaseIterable, Sendable {
    /// Under the card where the terminal draws pixels (kitty, iTerm2, sixel).
    case auto
    /// Under the card on every terminal, in half-blocks where it draws no pixels.
    case always
    /// Never: the card alone; `image` draws the picture.
    case never
}

/// Which setting: the compiler's name for each key of `config.toml`.
package enum SettingKey: String, CaseIterable, Sendable {
    case baseURL = "base-url"
    case explainURL = "explain-url"
    case dataDirectory = "data-dir"
    case offline
    case imageCacheMB = "image-cache-mb"
    case checkEvery = "check-every"
    case timeout
    case theme
    case color
    case renderer
    case width
    case shareFormat = "share-format"
    case images
}

/// The settings as the program reads them: typed values, parsed once where flags, the
/// environment and the file meet. The built-in defaults are the values given here, and only here.
package struct Preferences: Sendable, Equatable {
    package var baseURL = URL(string: "https://xkcd.com")!
    package var explainURL = URL(string: "https://www.explainxkcd.com")!
    /// Where everything is stored; by default worked out from the environment.
    package var dataDirectory: URL
    /// No network: only what is stored.
    package var offline = false
    var imageCacheMB: Double = 500
    /// Minutes between checks for new comics in the REPL; 0: none.
    var checkEvery: Double = 30
    /// Seconds before a request gives up.
    package var timeout: TimeInterval = 15
    var theme = Theme.auto
    /// Colour and bold on a terminal.
    package var color = true
    /// How pictures are drawn.
    var renderer = RendererChoice.auto
    /// Pictures' width in columns; nil: fit the terminal.
    var width: Int?
    var shareFormat = ShareFormat.text
    var images = PictureMode.auto

    init(dataDirectory: URL) {
        self.dataDirectory = dataDirectory
    }

    /// Every built-in value, the data directory as this process's environment places it.
    package static var builtIn: Preferences {
        Preferences(dataDirectory: DataDirectory.resolve(explicit: nil, environment: .process))
    }

    /// The most bytes of images kept, favorites' not counted.
    package var imageCacheLimit: Int { Int(imageCacheMB * 1_000_000) }
    /// Seconds between checks for new comics; 0: none.
    package var checkInterval: TimeInterval { checkEvery * 60 }

    /// The value of `key` as `config` shows it and the settings file keeps it.
    func text(_ key: SettingKey) -> String {
        switch key {
        case .baseURL: baseURL.absoluteString
        case .explainURL: explainURL.absoluteString
        case .dataDirectory: dataDirectory.path
        case .offline: String(offline)
        case .imageCacheMB: SettingSpec.shown(imageCacheMB)
        case .checkEvery: SettingSpec.shown(checkEvery)
        case .timeout: SettingSpec.shown(timeout)
        case .theme: theme.rawValue
        case .color: String(color)
        case .renderer: renderer.rawValue
        case .width: width.map(String.init) ?? "auto"
        case .shareFormat: shareFormat.rawValue
        case .images: images.rawValue
        }
    }

    /// Sets `key` from `text`, which ``SettingSpec/check(_:)`` kept (and so parses).
    mutating func set(_ key: SettingKey, checked text: String) {
        switch key {
        case .baseURL: baseURL = URL(string: text) ?? baseURL
        case .explainURL: explainURL = URL(string: text) ?? explainURL
        case .dataDirectory: dataDirectory = URL(fileURLWithPath: text)
        case .offline: offline = text == "true"
        case .imageCacheMB: imageCacheMB = Double(text) ?? imageCacheMB
        case .checkEvery: checkEvery = Double(text) ?? checkEvery
        case .timeout: timeout = Double(text) ?? timeout
        case .theme: theme = Theme(rawValue: text) ?? theme
        case .color: color = text == "true"
        case .renderer: renderer = RendererChoice(rawValue: text) ?? renderer
        case .width: width = Int(text)
        case .shareFormat: shareFormat = ShareFormat(rawValue: text) ?? shareFormat
        case .images: images = PictureMode(rawValue: text) ?? images
        }
    }
}

/// How pictures are drawn (`renderer`, `image --renderer`): a protocol, or `auto`, whichever
/// the terminal speaks.
package enum RendererChoice: String, CaseIterable, Sendable {
    case auto, kitty, iterm, sixel, blocks, ascii

    /// The protocol forced, or nil for `auto`.
    var forced: ImageProtocol? { ImageProtocol(rawValue: rawValue) }
}

/// One setting: its key in `config.toml` (a long option's name), the flag and environment
/// variable that give it too, what it takes, and whether `set` changes it in a running session.
struct SettingSpec: Sendable {
    /// What a setting takes.
    enum Kind: Sendable, Equatable {
        /// An http(s) address.
        case address
        /// A directory.
        case directory
        /// `true` or `false`.
        case onOff
        /// A number of `unit` in `range`, or 0 where `zero` says what 0 means.
        case number(unit: String, range: ClosedRange<Double>, zero: String? = nil)
        /// `auto`, or a number of columns up to the widest picture.
        case columns
        /// One of these words.
        case choice([String])
    }

    var key: SettingKey
    /// The key as `config.toml`, `set` and `config` spell it.
    var name: String { key.rawValue }
    var kind: Kind
    /// The global option that gives it too, whose flag, variable and default it has.
    var option: GlobalOptionSpec.Key?
    /// The built-in value as help shows it; the data directory's is worked out from the environment.
    var defaultValue: String
    var summary: String
    /// Whether `set` changes it in the running session; the others take effect at the next start.
    var appliesNow: Bool

    var optionSpec: GlobalOptionSpec? { option.flatMap { key in GlobalOptionSpec.all.first { $0.key == key } } }

    /// The flag that gives it (`--no-color` gives `color = false`).
    var flag: String? { optionSpec?.names.last }

    /// The environment variable that gives it (`NO_COLOR`, when not empty, gives `color = false`).
    var environment: String? { optionSpec?.fallback.variable }

    /// What its flag, given without a value, sets it to: `--offline` true, `--no-color` false.
    let flagValue: String

    init(
        _ key: SettingKey, _ kind: Kind, option: GlobalOptionSpec.Key? = nil, flagValue: String = "true",
        summary: String, appliesNow: Bool
    ) {
        self.key = key
        self.flagValue = flagValue
        self.kind = kind
        self.option = option
        self.summary = summary
        self.appliesNow = appliesNow
        defaultValue =
            key == .dataDirectory
            ? DataDirectory.described : Preferences.builtIn.text(key)
    }

    /// Every setting, in the order `config` lists them.
    static let all: [SettingSpec] = [
        SettingSpec(.baseURL, .address, option: .baseURL, summary: "the xkcd API server", appliesNow: true),
        SettingSpec(.explainURL, .address, option: .explainURL, summary: "the explainxkcd wiki", appliesNow: true),
        SettingSpec(
            .dataDirectory, .directory, option: .dataDirectory, summary: "where comics, images and history are stored",
            appliesNow: false),
        SettingSpec(.offline, .onOff, option: .offline, summary: "no network: only what is stored", appliesNow: true),
        SettingSpec(
            .imageCacheMB, .number(unit: "megabytes", range: 0...1_000_000), option: .imageCacheMB,
            summary: "keep at most this many MB of images, favorites' not counted", appliesNow: true),
        SettingSpec(
            .checkEvery, .number(unit: "minutes", range: (1.0 / 60)...(7 * 24 * 60), zero: "none"),
            option: .checkEvery,
            summary: "minutes between checks for new comics while the REPL is open; 0: none", appliesNow: false),
        SettingSpec(
            .timeout, .number(unit: "seconds", range: 0.1...600), option: .timeout,
            summary: "seconds before a request gives up", appliesNow: true),
        SettingSpec(
            .theme, .choice(Theme.allCases.map(\.rawValue)), option: .theme,
            summary: "dark or light background for pictures; auto asks the terminal", appliesNow: true),
        SettingSpec(
            .color, .onOff, option: .noColor, flagValue: "false", summary: "colour and bold on a terminal",
            appliesNow: true),
        SettingSpec(
            .renderer, .choice(RendererChoice.allCases.map(\.rawValue)),
            summary: "how pictures are drawn; auto asks the terminal", appliesNow: true),
        SettingSpec(
            .width, .columns, summary: "pictures' width in columns; auto fits the terminal", appliesNow: true),
        SettingSpec(
            .shareFormat, .choice(ShareFormat.allCases.map(\.rawValue)),
            summary: "what 'share' writes without --text, --mailto or --markdown", appliesNow: true),
        SettingSpec(
            .images, .choice(PictureMode.allCases.map(\.rawValue)), option: .images,
            summary: "the picture under the card after each move: auto (pixel terminals), always, never",
            appliesNow: true),
    ]

    /// The setting `key` names.
    static func of(_ key: SettingKey) -> SettingSpec {
        // Every key has its row: `all` is checked against `SettingKey.allCases` by a test.
        all.first { $0.key == key }!
    }

    /// The setting named `key` (any case).
    static func named(_ key: String) -> SettingSpec? {
        SettingKey(rawValue: key.lowercased()).map(of)
    }

    /// What help says of it: the summary, the flag and variable that give it, the default.
    var helpText: String {
        let notes =
            [flag, environment].compactMap { $0 }
            + (defaultValue.isEmpty ? [] : ["default \(defaultValue)"])
        return notes.isEmpty ? summary : "\(summary) (\(notes.joined(separator: ", ")))"
    }

    /// The values Tab offers.
    var suggestions: [String] {
        switch kind {
        case .onOff: ["true", "false"]
        case let .choice(words): words
        case .columns: ["auto"]
        case .address, .directory, .number: []
        }
    }

    /// `text` as this setting keeps it (`True` → `true`, `1e1` → `10`), or the reason it is
    /// not a value of this setting.
    func check(_ text: String) throws(UsageError) -> String {
        let trimmed = text.trimmingSpaces()
        switch kind {
        case .address:
            var address = trimmed
            while address.hasSuffix("/") { address.removeLast() }
            guard !address.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }),
                let url = URL(string: address), let scheme = url.scheme?.lowercased(),
                scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
            else { throw UsageError("\(name) needs an http(s) URL (got \(UsageError.quote(text)))") }
            return address
        case .directory:
            guard !trimmed.isEmpty else { throw UsageError("\(name) needs a directory") }
            return trimmed
        case .onOff:
            switch trimmed.lowercased() {
            case "true", "yes", "on", "1": return "true"
            case "false", "no", "off", "0": return "false"
            default: throw UsageError("\(name) takes true or false, not \(UsageError.quote(text))")
            }
        case let .number(unit, range, zero):
            guard let number = Double(trimmed), range.contains(number) || (zero != nil && number == 0) else {
                let limits = "from \(Self.shown(range.lowerBound)) to \(Self.shown(range.upperBound))"
                let orZero = zero.map { ", or 0 for \($0)" } ?? ""
                throw UsageError("\(name) takes \(unit) \(limits)\(orZero), not \(UsageError.quote(text))")
            }
            return Self.shown(number)
        case .columns:
            if trimmed.lowercased() == "auto" { return "auto" }
            guard let columns = Int(trimmed), (1...ImageFit.maxColumns).contains(columns) else {
                throw UsageError(
                    "\(name) takes auto or a number of columns from 1 to \(ImageFit.maxColumns), not "
                        + UsageError.quote(text))
            }
            return String(columns)
        case let .choice(words):
            guard words.contains(trimmed.lowercased()) else {
                throw UsageError(
                    "\(name) takes one of \(words.joined(separator: ", ")), not \(UsageError.quote(text))")
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
            throw UsageError("\(name) takes a whole number of columns or \"auto\", not \(Self.shown(number))")
        case let (.address, .string(text)), let (.directory, .string(text)), let (.choice, .string(text)):
            return try check(text)
        default:
            throw UsageError("\(name) takes \(typeName), not \(Self.typeName(of: value))")
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

    /// `30`, `0.5`, `1/60`: whole numbers without a fraction, one sixtieth as such.
    static func shown(_ number: Double) -> String {
        if number.rounded() == number && abs(number) < 1e15 { return String(Int64(number)) }
        return (number * 60 - 1).magnitude < 1e-9 ? "1/60" : String(number)
    }
}

/// Every setting's value and where it came from: a flag, then the environment, then the
/// settings file, then the default; `set` in the REPL over all of them. Its members are the
/// typed values' (`settings.timeout`).
@dynamicMemberLookup
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
        var text: String
        package var origin: Origin
    }

    /// The settings file (it may not exist).
    var file: URL
    /// The settings file's name as messages and `config` show it: safe to print, not too long.
    var fileName: String { TerminalSanitizer.path(file.lastPathComponent, limit: 60) }
    /// The values, typed.
    private(set) var values: Preferences
    private var origins: [SettingKey: Origin] = [:]

    /// The value of setting `key` as text, and where it came from.
    package subscript(_ key: SettingKey) -> Value {
        Value(text: values.text(key), origin: origins[key] ?? .builtIn)
    }

    package subscript<Member>(dynamicMember member: KeyPath<Preferences, Member>) -> Member {
        values[keyPath: member]
    }

    private mutating func take(_ spec: SettingSpec, _ text: String, from origin: Origin) {
        values.set(spec.key, checked: text)
        origins[spec.key] = origin
    }

    /// Where the settings file is: `--config`, `XKCD_CONFIG`, `$XDG_CONFIG_HOME/xkcd/config.toml`
    /// or `~/.config/xkcd/config.toml`; and whether it was named (`--config`, `XKCD_CONFIG`),
    /// when a missing file is worth a warning.
    static func fileLocation(flag: String?, environment: Environment) -> (url: URL, named: Bool) {
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
    static func resolve(
        file: URL, fileBytes: [UInt8]?, environment: Environment,
        flags: [(key: SettingKey, flag: String, value: String)]
    ) throws(UsageError) -> (settings: Settings, warnings: [String]) {
        var settings = Settings(
            file: file,
            values: Preferences(dataDirectory: DataDirectory.resolve(explicit: nil, environment: environment)))
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
                guard let spec = SettingKey(rawValue: entry.key).map(SettingSpec.of) else {
                    let keys = SettingSpec.all.map(\.name)
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
                    settings.take(spec, text, from: .file(name: name, line: entry.line))
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
            settings.take(spec, spec.resolved(value, environment: environment), from: .environment(variable))
        }
        for (key, flag, text) in flags {
            let spec = SettingSpec.of(key)
            let value: String
            do {
                value = try spec.check(text)
            } catch {
                throw UsageError(error.message.replacingPrefix(spec.name, with: flag))
            }
            settings.take(spec, spec.resolved(value, environment: environment), from: .flag(flag))
        }
        return (settings, warnings)
    }

    /// The most warnings one settings file gets.
    static let warningsShown = 10

    /// Sets `key` to `text` for this session; returns the setting, or says why it cannot.
    mutating func set(_ key: String, _ text: String) throws(UsageError) -> SettingSpec {
        let spec = try Self.spec(key)
        take(spec, spec.resolved(try spec.check(text), environment: .process), from: .set)
        return spec
    }

    /// The setting `key` names, or an error with the nearest key.
    static func spec(_ key: String) throws(UsageError) -> SettingSpec {
        if let equals = key.firstIndex(of: "="), SettingSpec.named(String(key[..<equals])) != nil {
            throw UsageError("write a space, not '=': set \(key[..<equals]) \(key[key.index(after: equals)...])")
        }
        guard let spec = SettingSpec.named(key) else {
            let guess = EditDistance.closest(to: key.lowercased(), among: SettingSpec.all.map(\.name))
            throw UsageError(
                "no setting is called \(UsageError.quote(key))"
                    + (guess.map { " — did you mean '\($0)'?" } ?? " — 'config' lists them"))
        }
        return spec
    }
}

extension String {
    /// The string with `prefix` at its start replaced by `replacement`.
    fileprivate func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}

extension Settings {
    /// Every setting's default, kept in the settings file `file`.
    static func defaults(file: URL) -> Settings {
        Settings(file: file, values: Preferences(dataDirectory: DataDirectory.resolve(explicit: nil, environment: [:])))
    }
}

/// One setting as `config` shows it.
package struct SettingRow: Sendable, Equatable {
    var key: String
    /// The value as text (`true`, `15`, `https://xkcd.com`).
    var value: String
    /// Where it came from: `default`, `config.toml:3`, `XKCD_TIMEOUT`, `--timeout`, `set`.
    var origin: String
    /// What it takes, so JSON can give booleans and numbers as such.
    var kind: SettingSpec.Kind
    /// The value saved in the settings file for the next start, where it differs and does not
    /// apply before then.
    var pending: String?

    init(_ spec: SettingSpec, _ value: Settings.Value) {
        key = spec.name
        self.value = value.text
        origin = value.origin.shown
        kind = spec.kind
    }
}

/// What `config` (or `set KEY`) shows: the settings file and the settings asked for.
package struct SettingsReport: Sendable, Equatable {
    /// The settings file's path.
    var file: String
    /// Whether the file is there.
    var fileExists: Bool
    var rows: [SettingRow]

    /// The settings `keys` name, from `settings`, each with the value saved for the next
    /// start in `pending` where it differs from the one in use.
    init(_ settings: Settings, keys: [SettingKey], pending: [SettingKey: String] = [:]) {
        file = settings.file.path
        fileExists = LocalPath.exists(settings.file.path)
        rows = keys.map { key in
            var row = SettingRow(SettingSpec.of(key), settings[key])
            row.pending = pending[key].flatMap { $0 == row.value ? nil : $0 }
            return row
        }
    }
}
