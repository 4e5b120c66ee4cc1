import Foundation
import TestSupport
import Testing

/// The live API's own answers (`Fixtures/live`, byte for byte) served on loopback and read
/// through the binary: every card and `--json` document shows the comic as xkcd.com does.
@Suite(.serialized) final class LiveSampleTests: LoopbackSuite {
    let loopback: Loopback

    init() throws {
        let samples = ComicArchive.locateFixtures().appendingPathComponent("live")
        loopback = try Loopback(archive: try ComicArchive.fixtures(at: samples))
    }

    /// What xkcd.com shows for each sample: title, alt text, news (as text) and whether the
    /// comic is its interactive page.
    struct Shown: Sendable, CustomTestStringConvertible {
        var num: Int
        var title: String
        var alt: String?
        var news: String? = nil
        var interactive = false

        var testDescription: String { "#\(num)" }
    }

    static let shown: [Shown] = [
        Shown(num: 259, title: "Clichéd Exchanges", alt: "It's like they say, you gotta fight fire with clichés."),
        Shown(
            num: 472, title: "House of Pancakes", alt: "Fuck it.  I'm just going to Waffle House.",
            news: "(Today's comic is a parody of House of Leaves.)"),
        Shown(num: 1137, title: "LTR", alt: nil),
        Shown(num: 1144, title: "Tags", alt: "<A>: Like </a>this.\u{A0}"),
        Shown(
            num: 1683, title: "Digital Data",
            alt: "\u{E2}\u{20AC}\u{153}If you can read this, congratulations\u{E2}\u{20AC}\u{201D}the archive "
                + "you\u{E2}\u{20AC}\u{2122}re using still knows about the mouseover text\u{E2}\u{20AC}!"),
        Shown(num: 1830, title: "ISS Solar Transit 2", alt: nil, news: "Previously: ISS Solar Transit"),
        Shown(
            num: 2043, title: "Boathouses and Houseboats",
            alt: "The <x> that is held by <y> is also a <y><x>, so if you go to a food truck, the stuff you buy is "
                + "truck food. A phone that's in your car is a carphone, and a car equipped with a phone is a "
                + "phonecar. When you play a mobile racing game, you're in your phonecar using your carphone to "
                + "drive a different phonecar. I'm still not sure about bananaphones."),
        Shown(num: 2712, title: "Gravity", alt: "It's a long way down.", interactive: true),
        Shown(num: 3015, title: "D&D Combinatorics", alt: nil),
        Shown(
            num: 3074, title: "Push Notifications", alt: nil,
            news: "Today's comic was created with Kevin Cotrone, Max Goodhart, Patrick, Benjamin Staffin, Conor "
                + "Stokes, and Amber.",
            interactive: true),
        Shown(num: 3142, title: "<City>-Style Pizza", alt: nil),
        Shown(num: 3282, title: "Trick Play", alt: nil),
    ]

    @Test(arguments: shown)
    func eachSampleShowsAsXKCDShowsIt(_ expected: Shown) throws {
        let run = try xkcd.run(["show", String(expected.num), "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(json["title"] as? String == expected.title)
        if let alt = expected.alt { #expect(json["alt"] as? String == alt) }
        #expect(json["news"] as? String == expected.news)
        #expect(json["interactive"] as? Bool == expected.interactive)
        #expect(json["url"] as? String == "https://xkcd.com/\(expected.num)/")
        let raw = try #require(
            try JSONSerialization.jsonObject(with: loopback.server.archive.bodies[expected.num] ?? Data())
                as? [String: Any])
        let img = try #require(raw["img"] as? String)
        #expect((json["img"] as? String)?.hasSuffix(URL(string: img)!.lastPathComponent) == true, "the still stays")

        let card = try xkcd.run(["show", String(expected.num)], extraEnvironment: ["COLUMNS": "200"])
        #expect(card.status == 0, "\(card.stderr)")
        let head = try #require(card.stdout.split(separator: "\n").first)
        #expect(head.hasPrefix("#\(expected.num) · \(expected.title) · "), "\(head)")
        // The card wraps the alt text to its measure.
        if let alt = expected.alt { #expect(Self.words(card.stdout).contains(Self.words(alt)), "\(card.stdout)") }
        #expect(card.stdout.contains("interactive comic") == expected.interactive)
    }

    // Text with every run of spaces and line breaks as one space.
    static func words(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    @Test func theNewestAndTheLinksArePublicPages() throws {
        let latest = try xkcd.run(["latest", "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(latest.stdout.utf8)) as? [String: Any])
        #expect(json["num"] as? Int == 3282)
        let share = try xkcd.run(["share", "3015"])
        #expect(share.status == 0, "\(share.stderr)")
        #expect(share.stdout.hasPrefix("xkcd #3015: D&D Combinatorics\nhttps://xkcd.com/3015/\n"), "\(share.stdout)")
        let markdown = try xkcd.run(["share", "3142", "--markdown"])
        #expect(
            markdown.stdout.hasPrefix("[xkcd #3142: \\<City\\>-Style Pizza](https://xkcd.com/3142/)"),
            "\(markdown.stdout)")
    }

    @Test func anInteractiveComicsStillIsDrawnWithANote() throws {
        let run = try xkcd.run(["image", "2712", "--renderer", "ascii", "--width", "20"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            Self.words(run.stdout).hasSuffix(
                "#2712 is interactive: this is a still; 'open 2712' shows the comic in the browser"))
        let search = try xkcd.run(["-c", "sync; search combinatorics"])
        #expect(search.status == 0, "\(search.stderr)")
        #expect(search.stdout.contains("D&D Combinatorics"), "search shows the real title")
    }
}
