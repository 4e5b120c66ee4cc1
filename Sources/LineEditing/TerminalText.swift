/// Pure helpers for text that goes to the terminal: display widths, neutralising control
/// characters, and marking a prompt's escape sequences as invisible for libedit.
enum TerminalText {
    /// The character libedit's `EL_PROMPT_ESC` is told brackets non-printing prompt text.
    static let promptIgnoreMarker: Unicode.Scalar = "\u{01}"

    /// The number of terminal columns `text` occupies (East Asian wide and emoji count 2, combining marks 0).
    static func width(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    /// The number of terminal columns one scalar occupies; control characters count 2, as libedit shows them as `^X`.
    static func width(of scalar: Unicode.Scalar) -> Int {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .control:
            return 2
        case .nonspacingMark, .enclosingMark, .format:
            return 0
        default:
            break
        }
        if properties.isEmojiPresentation || isEastAsianWide(scalar.value) { return 2 }
        return 1
    }

    /// `text` with control characters and bidirectional overrides replaced by U+FFFD, so text from
    /// elsewhere (comic titles) can neither move the cursor nor reorder the screen.
    static func neutralized(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(isUnsafe(scalar) ? "\u{FFFD}" : scalar)
        }
        return String(result)
    }

    /// `text` as libedit draws it: control characters become `^X` (or `^?` for DEL).
    static func caretNotation(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 {
                result.append("^")
                result.append(Unicode.Scalar(UInt8(scalar.value) + 0x40))
            } else if scalar.value == 0x7F {
                result.append(contentsOf: "^?".unicodeScalars)
            } else if scalar.properties.generalCategory == .control {
                result.append("\u{FFFD}")
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// `text` with every control character removed (for text about to be inserted into the line).
    static func withoutControlCharacters(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where scalar.properties.generalCategory != .control {
            result.append(scalar)
        }
        return String(result)
    }

    /// `prompt` with each ANSI escape sequence (CSI, OSC, two-byte ESC) wrapped in
    /// `promptIgnoreMarker`s, so libedit does not count colours towards the prompt's width.
    static func markingEscapes(inPrompt prompt: String) -> String {
        let scalars = Array(prompt.unicodeScalars.filter { $0 != promptIgnoreMarker })
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "\u{1B}" else {
                result.append(scalars[index])
                index += 1
                continue
            }
            let end = escapeSequenceEnd(in: scalars, from: index)
            result.append(promptIgnoreMarker)
            result.append(contentsOf: scalars[index..<end])
            result.append(promptIgnoreMarker)
            index = end
        }
        return String(result)
    }

    /// The visible width of a prompt, ignoring its escape sequences.
    static func width(ofPrompt prompt: String) -> Int {
        var visible = ""
        var hidden = false
        for scalar in markingEscapes(inPrompt: prompt).unicodeScalars {
            if scalar == promptIgnoreMarker {
                hidden.toggle()
            } else if !hidden {
                visible.unicodeScalars.append(scalar)
            }
        }
        return width(of: visible)
    }

    // Returns the index just past the escape sequence starting at `start` (an ESC).
    private static func escapeSequenceEnd(in scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start + 1
        guard index < scalars.count else { return index }
        switch scalars[index] {
        case "[":
            index += 1
            while index < scalars.count {
                let value = scalars[index].value
                index += 1
                if (0x40...0x7E).contains(value) { break }
            }
            return index
        case "]":
            index += 1
            while index < scalars.count {
                if scalars[index] == "\u{07}" { return index + 1 }
                if scalars[index] == "\u{1B}", index + 1 < scalars.count, scalars[index + 1] == "\\" {
                    return index + 2
                }
                index += 1
            }
            return index
        default:
            return index + 1
        }
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
            return true
        default:
            return scalar.properties.generalCategory == .control
        }
    }

    private static func isEastAsianWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
            0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
            0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
