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

extension HalfBlockCells {
    /// How dark the strokes of a drawing in truecolor text are, on a light terminal (black on
    /// white): the grey (luma) that the darkest 1% of cells reach, each cell taken at its darker
    /// colour (both where it is a space or a full block, its only one). The measure
    /// `scripts/measure-chafa-strokes.py` takes of chafa's output.
    package static func strokeLevel(_ text: String) -> Int {
        var levels: [Int] = []
        for line in text.split(separator: "\n") {
            var foreground = 0
            var background = 255
            var inverse = false
            var rest = Substring(line)
            while let first = rest.first {
                guard first == "\u{1B}" else {
                    let (fore, back) = inverse ? (background, foreground) : (foreground, background)
                    levels.append(first == " " ? back : first == "\u{2588}" ? fore : min(fore, back))
                    rest = rest.dropFirst()
                    continue
                }
                let code = rest.dropFirst(2).prefix { $0 != "m" }
                let numbers = code.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                var i = 0
                while i < numbers.count {
                    switch numbers[i] {
                    case 0: (foreground, background, inverse) = (0, 255, false)
                    case 7: inverse = true
                    case 27: inverse = false
                    case 39: foreground = 0
                    case 49: background = 255
                    case 38 where i + 4 < numbers.count && numbers[i + 1] == 2,
                        48 where i + 4 < numbers.count && numbers[i + 1] == 2:
                        let luma = (299 * numbers[i + 2] + 587 * numbers[i + 3] + 114 * numbers[i + 4]) / 1000
                        if numbers[i] == 38 { foreground = luma } else { background = luma }
                        i += 4
                    default: break
                    }
                    i += 1
                }
                rest = rest.dropFirst(2 + code.count + 1)
            }
        }
        levels.sort()
        return levels.isEmpty ? 255 : levels[max(0, levels.count / 100 - 1)]
    }
}
