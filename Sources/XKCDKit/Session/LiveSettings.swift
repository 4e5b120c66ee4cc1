#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The settings of a run as it goes: those it started with, and what `set` changed since.
/// `config` and `set` need nothing else, never the store: a data directory that cannot be
/// used can still be shown and changed.
package struct LiveSettings: Sendable, Equatable {
    /// The settings, `set` applied.
    package private(set) var current: Settings
    /// The settings the run started with, before any `set`.
    let start: Settings
    /// What `set --save` wrote for the settings that apply from the next start, as text.
    private var pending: [SettingKey: String] = [:]

    package init(_ settings: Settings) {
        current = settings
        start = settings
    }

    /// Every setting, its value and where it came from.
    package func configuration() -> Outcome {
        .settings(report(SettingKey.allCases))
    }

    private func report(_ keys: [SettingKey]) -> SettingsReport {
        SettingsReport(current, keys: keys, pending: pending)
    }

    /// Shows setting `name`, or sets it to `value` for the session and, with `save`, in the
    /// settings file.
    package mutating func change(_ name: String, to value: String?, save: Bool) throws -> Outcome {
        let spec: SettingSpec
        do {
            spec = try Settings.spec(name)
        } catch {
            throw XKCDError.cannotDo(error.message)
        }
        guard let value else { return .settings(report([spec.key])) }
        var changed = current
        do {
            _ = try changed.set(spec.name, value)
        } catch {
            throw XKCDError.cannotDo(error.message)
        }
        guard spec.appliesNow || save else {
            throw XKCDError.cannotDo(
                "\(spec.name) takes effect at the next start — 'set --save \(spec.name) \(TerminalSanitizer.path(value))' "
                    + "keeps it for then")
        }
        let text = changed[spec.key].text
        if spec.kind == .directory, LocalPath.exists(text), !LocalPath.isDirectory(text) {
            throw XKCDError.cannotDo("\(spec.name) must be a directory, and \(TerminalSanitizer.path(text)) is a file")
        }
        var row = SettingRow(spec, changed[spec.key])
        if save {
            let line = try SettingsFile.write(spec, text, to: changed.file)
            // What applies only from the next start now lives in the file, not in this session.
            if !spec.appliesNow {
                row.origin = Settings.Origin.file(name: changed.fileName, line: line).shown
                pending[spec.key] = text
            }
        }
        // What applies only from the next start stays as it is in this session, and `config` says so.
        if spec.appliesNow { current = changed }
        // At the next start, the variable or flag that gave the setting this time wins over the file.
        var overriddenBy: String?
        switch start[spec.key].origin {
        case let .environment(name), let .flag(name): overriddenBy = name
        case .builtIn, .file, .set: overriddenBy = nil
        }
        return .settingChanged(
            row, savedTo: save ? current.file.path : nil, appliesNow: spec.appliesNow,
            overriddenBy: save ? overriddenBy : nil)
    }
}
