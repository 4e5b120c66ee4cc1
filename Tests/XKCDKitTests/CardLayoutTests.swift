import Testing

@testable import XKCDKit

@Suite struct CardLayoutTests {
    static let long = Comic(
        num: 2_600, title: "Documentation of Wide Characters: 漢字かな交じり文と絵文字🎉🎉 in a Very Long Title Indeed",
        safeTitle: "",
        alt: "日本語の代替テキスト、とても長い文章です。" + String(repeating: "Naïve café résumé ", count: 12)
            + String(repeating: "x", count: 150),
        img: "https://imgs.xkcd.com/comics/a_rather_long_image_name_that_goes_on_and_on_and_on.png",
        link: "https://example.com/" + String(repeating: "deep/", count: 30), year: 2022, month: 4, day: 1)

    // What the terminal shows: escapes removed.
    private func visible(_ line: String) -> String {
        var out = ""
        var iterator = line.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "\u{1B}" else {
                out.unicodeScalars.append(scalar)
                continue
            }
            guard let kind = iterator.next() else { break }
            if kind == "[" {
                while let c = iterator.next(), !(0x40...0x7E).contains(c.value) {}
            } else if kind == "]" {
                var previous: Unicode.Scalar = " "
                while let c = iterator.next(), !(previous == "\u{1B}" && c == "\\") { previous = c }
            }
        }
        return out
    }

    @Test(arguments: [40, 80, 200])
    func nothingButPlainAddressesOverflow(width: Int) {
        let lines = CardLayout(width: width, style: Style(enabled: true), hyperlinks: false).lines(
            DisplayComic(Self.long))
        for line in lines where !line.contains("https://") {
            #expect(DisplayWidth.of(visible(line)) <= width, "\(visible(line))")
        }
        #expect(lines.contains { $0.hasSuffix("https://example.com/" + String(repeating: "deep/", count: 30)) })
    }

    @Test(arguments: [40, 80, 200])
    func asHyperlinksEveryLineFits(width: Int) {
        let lines = CardLayout(width: width, style: Style(enabled: true), hyperlinks: true).lines(
            DisplayComic(Self.long))
        for line in lines {
            #expect(DisplayWidth.of(visible(line)) <= width, "\(visible(line))")
        }
        let link = lines.first { $0.contains("link: ") } ?? ""
        #expect(link.contains("\u{1B}]8;;https://example.com/" + String(repeating: "deep/", count: 30) + "\u{1B}\\"))
        #expect(visible(link).hasSuffix("…") == (width < 170))
    }

    @Test func wideTitlesAreMeasuredInColumns() {
        let lines = CardLayout(width: 40, style: Style(enabled: false), hyperlinks: false).lines(
            DisplayComic(Self.long))
        #expect(lines[0] == "#2600 · 2022-04-01")
        #expect(lines[1].hasPrefix("Documentation of Wide Characters:"))
        let titleLines = lines.dropFirst().prefix { !$0.hasPrefix("日本語") }
        #expect(titleLines.joined(separator: " ").contains("🎉🎉"))
        #expect(titleLines.allSatisfy { DisplayWidth.of($0) <= 40 })
    }

    @Test func narrowCardsAreCompactAndWideOnesHaveAMarginAndAMeasure() {
        let python = DisplayComic(
            Comic(
                num: 353, title: "Python", safeTitle: "Python", alt: String(repeating: "word ", count: 60),
                img: "https://imgs.xkcd.com/comics/python.png", year: 2007, month: 12, day: 5))
        let narrow = CardLayout(width: 40, style: Style(enabled: false), hyperlinks: false).lines(python)
        #expect(narrow[0] == "#353 · Python · 2007-12-05")
        #expect(narrow[1].hasPrefix("word word"))
        #expect(narrow.last == "image: https://imgs.xkcd.com/comics/python.png")

        let wide = CardLayout(width: 200, style: Style(enabled: false), hyperlinks: false).lines(python)
        #expect(wide[1] == "")
        #expect(wide[2].hasPrefix("  word word"))
        #expect(wide.allSatisfy { DisplayWidth.of($0) <= CardLayout.measure + 2 })
        #expect(wide.contains("  https://xkcd.com/353/"))
    }

    @Test func addressesAreShortenedWithoutTheirScheme() {
        #expect(CardLayout.shortened("https://xkcd.com/353/", to: 40) == "xkcd.com/353/")
        #expect(CardLayout.shortened("https://example.com/abcdefghij", to: 10) == "example.c…")
    }
}
