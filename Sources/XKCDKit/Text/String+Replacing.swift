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
