extension Character {
    /// A space or tab of any kind: whitespace that does not end a line.
    var isHorizontalSpace: Bool { isWhitespace && !isNewline }
}

extension Substring {
    /// The text without spaces and tabs (any Unicode horizontal space) at either end, as
    /// Foundation's `trimmingCharacters(in: .whitespaces)` but without bridging to NSString.
    func trimmingSpaces() -> String {
        trimming { $0.isHorizontalSpace }
    }

    /// The text without whitespace, line ends included, at either end.
    func trimmingSpacesAndNewlines() -> String {
        trimming { $0.isWhitespace }
    }

    private func trimming(_ isTrimmed: (Character) -> Bool) -> String {
        // Most text starts and ends with a visible ASCII character: nothing to look at.
        if let first = utf8.first, let last = utf8.last, (0x21..<0x7F).contains(first), (0x21..<0x7F).contains(last) {
            return String(self)
        }
        guard let start = firstIndex(where: { !isTrimmed($0) }), let end = lastIndex(where: { !isTrimmed($0) }) else {
            return ""
        }
        return String(self[start...end])
    }
}

extension String {
    /// The text without spaces and tabs (any Unicode horizontal space) at either end.
    package func trimmingSpaces() -> String { self[...].trimmingSpaces() }

    /// The text without whitespace, line ends included, at either end.
    package func trimmingSpacesAndNewlines() -> String { self[...].trimmingSpacesAndNewlines() }
}

extension String {
    /// The text with every `target` scalar replaced by `replacement`. Scalars are matched, not
    /// characters: the `\n` of a `\r\n` is found (as Foundation's `replacingOccurrences(of:with:)`
    /// finds it), and so is a `"` that a combining mark follows.
    func replacingEvery(_ target: Unicode.Scalar, with replacement: String) -> String {
        guard unicodeScalars.contains(target) else { return self }
        var out = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if scalar == target {
                out.append(contentsOf: replacement.unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
