/// An option a command's `build` reads, with the type of its value: `input[.limit]` is an
/// `Int?`, `input[.renderer]` an `ImageProtocol?`, `input[.all]` a `Bool`. Each key's long name
/// and what it takes are declared once, beside the command rows in CommandSpec.swift; a row
/// that takes the option adds a one-letter name and where its usage line shows it
/// (``OptionSpec``).
struct OptionKey<Value: Sendable>: Sendable {
    /// The long name, e.g. `--limit`.
    let name: String
    /// What follows it, as the usage line and Tab describe it.
    let takes: OptionSpec.Value
    /// The value typed after it, or a message naming it when it does not suit `takes`.
    let read: @Sendable (String) throws(UsageError) -> Value
}

extension OptionKey<Bool> {
    /// A flag: given or not.
    init(flag name: String) {
        self.init(name: name, takes: .none) { _ throws(UsageError) in true }
    }
}

extension OptionKey<String> {
    /// Free text, shown as `placeholder`.
    init(_ name: String, text placeholder: String) {
        self.init(name: name, takes: .text(placeholder: placeholder)) { text throws(UsageError) in text }
    }
}

extension OptionKey<Int> {
    /// A whole number in `range`, described as `noun` in messages ("a number of columns").
    init(_ name: String, integer placeholder: String, noun: String, range: ClosedRange<Int>) {
        self.init(name: name, takes: .integer(placeholder: placeholder, noun: noun, range: range)) {
            text throws(UsageError) in
            guard let number = Int(text), range.contains(number) else {
                let limits = "from \(range.lowerBound) to \(range.upperBound)"
                throw UsageError("\(name) takes \(noun) \(limits), not \(UsageError.quote(text))")
            }
            return number
        }
    }
}

extension OptionKey where Value: CaseIterable & RawRepresentable<String> {
    /// One of the cases, by its raw value in any case.
    init(_ name: String, choice placeholder: String) {
        let choices = Value.allCases.map(\.rawValue)
        self.init(name: name, takes: .choice(placeholder: placeholder, choices: choices)) {
            text throws(UsageError) in
            guard let value = Value(rawValue: text.lowercased()) else {
                let names = choices.joined(separator: ", ")
                throw UsageError("\(name) takes one of \(names), not \(UsageError.quote(text))")
            }
            return value
        }
    }
}

/// One option a command declares: its key (the long name and what it takes), a one-letter
/// name, and where its usage line shows it. The scanner reads options by these declarations,
/// Tab offers their long names, and the usage line (which help and the man page print) is
/// made from them.
struct OptionSpec: Sendable {
    /// What follows an option.
    package enum Value: Sendable, Equatable {
        /// Nothing: a flag.
        case none
        /// Free text, shown as `placeholder`.
        case text(placeholder: String)
        /// A whole number in `range`, described as `noun` in messages ("a number of columns").
        case integer(placeholder: String, noun: String, range: ClosedRange<Int>)
        /// One of `choices`, matched in any case.
        case choice(placeholder: String, choices: [String])
    }

    /// Where the usage line shows an option.
    enum Shown: Sendable, Equatable {
        /// On its own: `[--jobs N]`.
        case alone
        /// As one choice among the options of the same group: `[--text | --mailto]`.
        case oneOf(String)
        /// After the subcommand it goes with: `[stats | clear [--yes]]`.
        case after(String)
        /// In place of the operands: `[N | --all]`.
        case insteadOfOperands
        /// Not at all: the command's details or another command's help describe it (an option
        /// kept for those who type it, as `sync --explanations`, now the default).
        case elsewhere
    }

    /// The long name, e.g. `--jobs`.
    let name: String
    /// A one-letter name, e.g. `-j`.
    let short: String?
    /// What follows it.
    let value: Value
    /// Where the usage line shows it.
    var shown: Shown
    /// The value typed after it (nil for a flag) as its key's type, `true` for a flag.
    let read: @Sendable (String?) throws(UsageError) -> any Sendable

    /// The option `key` in a command's row.
    static func option<Kind>(_ key: OptionKey<Kind>, short: String? = nil, shown: Shown = .alone) -> OptionSpec {
        OptionSpec(name: key.name, short: short, value: key.takes, shown: shown) { text throws(UsageError) in
            guard let text else { return true }
            return try key.read(text)
        }
    }

    /// `--jobs N`, `--all`.
    var usage: String {
        placeholder.map { "\(name) \($0)" } ?? name
    }

    /// Whether a value follows it.
    var takesValue: Bool { value != .none }

    /// How usage lines show its value, e.g. `N`; nil for a flag.
    var placeholder: String? {
        switch value {
        case .none: nil
        case let .text(placeholder), let .integer(placeholder, _, _), let .choice(placeholder, _): placeholder
        }
    }

    /// Whether `word` names it (the long or the short name, in any case).
    func isNamed(_ word: String) -> Bool {
        let lower = word.lowercased()
        return lower == name || lower == short
    }
}
