#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The global options: the settings (a flag, then the environment, then the settings file,
/// then the default) and what the command line asks for besides.
package struct GlobalOptions: Sendable, Equatable {
    /// Every setting, with where it came from.
    package var settings: Settings
    /// What is wrong in the settings file, one line each (`config.toml:3: …`); the rest applied.
    package var warnings: [String] = []
    /// One JSON document per command instead of human text.
    package var json = false
    /// `-c`: `;`-separated commands to run.
    package var commandString: String?
    /// A one-shot command's words.
    package var words: [String] = []
    /// `--help` was given.
    package var showHelp = false
    /// `--version` was given.
    package var showVersion = false
    /// `--generate-completion-script SHELL` was given.
    package var completionScript: CompletionShell?
    /// `--generate-manual` was given.
    package var showManual = false

    /// Parses `arguments` (without the program name) by ``GlobalOptionSpec/all``: options may
    /// stand anywhere on the line (see ``GlobalOptionScan``); the other words are the one-shot
    /// command. `readFile` reads the settings file: nil when there is none, an error saying
    /// why it cannot.
    package static func parse(
        arguments: [String], environment: Environment, readFile: (URL) throws -> [UInt8]? = { _ in nil }
    ) throws(UsageError) -> GlobalOptions {
        let split = try GlobalOptionScan(arguments)
        var flags: [(key: SettingKey, flag: String, value: String)] = []
        var on: Set<GlobalOptionSpec.Key> = []
        var values: [GlobalOptionSpec.Key: String] = [:]
        for (spec, value) in split.given {
            if let value { values[spec.key] = value } else { on.insert(spec.key) }
            guard let setting = SettingSpec.all.first(where: { $0.option == spec.key }) else { continue }
            flags.append((setting.key, spec.names.last ?? "", value ?? setting.flagValue))
        }
        let location = Settings.fileLocation(flag: values[.config], environment: environment)
        var warnings: [String] = []
        var bytes: [UInt8]?
        let shown = TerminalSanitizer.path(location.url.path)
        do {
            bytes = try readFile(location.url)
            if bytes == nil, location.named {
                warnings.append("\(shown): no such file — the settings are the defaults")
            }
        } catch {
            warnings.append("\(shown): cannot be read (\(XKCDError.message(for: error))) — ignored")
        }
        let resolved = try Settings.resolve(
            file: location.url, fileBytes: bytes, environment: environment, flags: flags)
        var options = GlobalOptions(settings: resolved.settings, warnings: warnings + resolved.warnings)
        options.words = split.words
        options.json = on.contains(.json)
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
        return options
    }
}
