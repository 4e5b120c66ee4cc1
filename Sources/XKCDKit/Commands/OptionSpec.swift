/// One option a command declares: its names, whether and what value it takes, and where its
/// usage line shows it. The scanner reads options by these declarations, Tab offers their long
/// names, and the usage line (which help and the man page print) is made from them.
package struct OptionSpec: Sendable, Equatable {
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
    package enum Shown: Sendable, Equatable {
        /// On its own: `[--jobs N]`.
        case alone
        /// As one choice among the options of the same group: `[--text | --mailto]`.
        case oneOf(String)
        /// After the subcommand it goes with: `[stats | clear [--yes]]`.
        case after(String)
        /// Not at all: another command's help describes it.
        case elsewhere
    }

    /// The long name, e.g. `--jobs`.
    package var name: String
    /// A one-letter name, e.g. `-j`.
    package var short: String?
    /// What follows it.
    package var value: Value
    /// Where the usage line shows it.
    package var shown: Shown = .alone

    /// A flag.
    package static func flag(_ name: String, short: String? = nil, shown: Shown = .alone) -> OptionSpec {
        OptionSpec(name: name, short: short, value: .none, shown: shown)
    }

    /// An option followed by a value.
    package static func valued(_ name: String, short: String? = nil, _ value: Value, shown: Shown = .alone)
        -> OptionSpec
    {
        OptionSpec(name: name, short: short, value: value, shown: shown)
    }

    /// `--jobs N`, `--all`.
    var usage: String {
        placeholder.map { "\(name) \($0)" } ?? name
    }

    /// Whether a value follows it.
    package var takesValue: Bool { value != .none }

    /// How usage lines show its value, e.g. `N`; nil for a flag.
    package var placeholder: String? {
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

    /// The value as given when it suits the declaration; otherwise a message naming it.
    func check(_ text: String) throws(UsageError) -> String {
        switch value {
        case .none, .text:
            return text
        case let .integer(_, noun, range):
            guard let number = Int(text), range.contains(number) else {
                let limits = "from \(range.lowerBound) to \(range.upperBound)"
                throw UsageError("\(name) takes \(noun) \(limits), not \(UsageError.quote(text))")
            }
            return String(number)
        case let .choice(_, choices):
            guard choices.contains(text.lowercased()) else {
                let names = choices.joined(separator: ", ")
                throw UsageError("\(name) takes one of \(names), not \(UsageError.quote(text))")
            }
            return text.lowercased()
        }
    }
}
