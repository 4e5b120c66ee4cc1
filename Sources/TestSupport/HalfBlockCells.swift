/// How dark a half-block drawing looks: the text's cells walked as a terminal draws them,
/// each with the background colour in force, the default one being the terminal's own.
package enum HalfBlockCells {
    /// The share of the cells in `text` whose background is dark, on a terminal whose own
    /// background is dark when `darkTerminal`.
    package static func darkShare(_ text: String, darkTerminal: Bool) -> Double {
        let terminal = darkTerminal ? 0x1E : 0xFF
        var greys: [Int] = []
        for line in text.split(separator: "\n") {
            var background = terminal
            var rest = Substring(line)
            while let first = rest.first {
                guard first == "\u{1B}" else {
                    greys.append(background)
                    rest = rest.dropFirst()
                    continue
                }
                let code = rest.dropFirst(2).prefix { $0 != "m" }
                let numbers = code.split(separator: ";").compactMap { Int($0) }
                if numbers == [49] || numbers == [0] {
                    background = terminal
                } else if numbers.count == 5, numbers[0] == 48, numbers[1] == 2 {
                    background = (numbers[2] + numbers[3] + numbers[4]) / 3
                }
                rest = rest.dropFirst(2 + code.count + 1)
            }
        }
        return Double(greys.filter { $0 < 128 }.count) / Double(max(greys.count, 1))
    }
}
