import Foundation
import TestSupport
import Testing

@testable import XKCDKit

/// A terminal whose facts are fixed: kitty's, a plain xterm's, or a pipe's.
struct FixedTerminal: TerminalDescribing {
    var environment: [String: String]
    var isTTY = true
    var isTerminal: Bool { isTTY }

    static let kitty = FixedTerminal(environment: ["TERM": "xterm-kitty"])
    static let xterm = FixedTerminal(environment: ["TERM": "xterm-256color"])
    static let pipe = FixedTerminal(environment: ["TERM": "xterm-kitty"], isTTY: false)

    func drawsPixels(forced: ImageProtocol?) -> Bool {
        ImageProtocolChoice.choose(forced: forced, facts: facts(forced: forced, theme: .light, noColor: false))
            .drawsPixels
    }

    func facts(forced: ImageProtocol?, theme: Theme, noColor: Bool) -> TerminalFacts {
        TerminalFacts(environment: environment, isTTY: isTTY, noColor: noColor, columns: 80, rows: 24)
    }
}

/// A ``FixedTerminal`` that keeps the questions it was asked, in order.
final class QuestionedTerminal: TerminalDescribing {
    enum Question: Equatable {
        case drawsPixels
        case facts
    }

    private let terminal: FixedTerminal
    private let asked = Lock<[Question]>([])

    init(_ terminal: FixedTerminal) {
        self.terminal = terminal
    }

    var questions: [Question] { asked.withLock { $0 } }
    var isTerminal: Bool { terminal.isTerminal }

    func drawsPixels(forced: ImageProtocol?) -> Bool {
        asked.withLock { $0.append(.drawsPixels) }
        return terminal.drawsPixels(forced: forced)
    }

    func facts(forced: ImageProtocol?, theme: Theme, noColor: Bool) -> TerminalFacts {
        asked.withLock { $0.append(.facts) }
        return terminal.facts(forced: forced, theme: theme, noColor: noColor)
    }
}

/// The picture under the card after each move (`images`), and `config` and `set` in a session.
@Suite struct PictureFlowTests {
    func harness() throws -> SessionHarness {
        try SessionHarness(archive: .synthetic(count: 6, titles: [3: "Barrel"]))
    }

    func picture(_ outcome: Outcome) -> ComicImage? {
        if case let .image(image) = outcome { return image }
        return nil
    }

    @Test func everyMoveBringsThePictureOnAPixelTerminal() async throws {
        let harness = try harness()
        let session = harness.session(terminal: FixedTerminal.kitty)
        let moves: [Command] = [
            .goto(.number(3)), .next(1), .previous(1), .first, .latest, .random, .back, .forward, .nextUnread,
            .goto(.title("barrel")),
        ]
        for move in moves {
            let image = try #require(picture(try await session.run(move)), "\(move)")
            #expect(image.withCard, "the card comes first")
            #expect(image.facts?.environment["TERM"] == "xterm-kitty")
        }
        #expect(shownNumber(try await session.run(.show(nil))) != nil, "show is not a move: the card alone")
        #expect(picture(try await session.run(.search("barrel", limit: 5))) == nil)
    }

    @Test func aMoveAsksOnlyWhetherThePictureWouldBePixelsAndDrawingAsksTheRest() async throws {
        let harness = try harness()
        let xterm = QuestionedTerminal(.xterm)
        #expect(shownNumber(try await harness.session(terminal: xterm).run(.goto(.number(2)))) == 2)
        #expect(xterm.questions == [.drawsPixels], "no picture follows: nothing drawing needs is asked")
        let kitty = QuestionedTerminal(.kitty)
        let session = harness.session(terminal: kitty)
        #expect(picture(try await session.run(.goto(.number(2)))) != nil)
        #expect(kitty.questions == [.drawsPixels, .facts], "the picture follows: drawing asks what it needs")
        #expect(picture(try await session.run(.image(.number(3), ImageOptions(), withCard: false))) != nil)
        #expect(kitty.questions == [.drawsPixels, .facts, .facts], "image draws without the move's question")
    }

    @Test func autoLeavesHalfBlocksOutAlwaysBringsThem() async throws {
        let harness = try harness()
        let auto = harness.session(terminal: FixedTerminal.xterm)
        #expect(shownNumber(try await auto.run(.goto(.number(2)))) == 2, "auto: no pixels, no picture")
        var always = harness.settings()
        _ = try always.set("images", "always")
        let drawn = harness.session(settings: always, terminal: FixedTerminal.xterm)
        #expect(picture(try await drawn.run(.goto(.number(2))))?.comic.num == 2)
    }

    @Test func neverJSONOrAPipeMeansTheCardAlone() async throws {
        let harness = try harness()
        var never = harness.settings()
        _ = try never.set("images", "never")
        let cases: [(Session, String)] = [
            (harness.session(settings: never, terminal: FixedTerminal.kitty), "images = never"),
            (harness.session(terminal: nil), "--json: no terminal"),
            (harness.session(terminal: FixedTerminal.pipe), "stdout is not a terminal"),
        ]
        for (session, why) in cases {
            #expect(shownNumber(try await session.run(.goto(.number(4)))) == 4, "\(why)")
        }
    }

    @Test func aComicWithoutAPictureIsItsCardAlone() async throws {
        var archive = ComicArchive.synthetic(count: 6)
        archive.bodies[5] = Data(
            #"{"num": 5, "title": "Game", "safe_title": "Game", "img": "", "alt": "", "transcript": "", "year": "2020", "month": "1", "day": "1", "link": "", "news": ""}"#
                .utf8)
        let harness = try SessionHarness(archive: archive)
        let session = harness.session(terminal: FixedTerminal.kitty)
        let outcome = try await session.run(.goto(.number(5)))
        #expect(shownNumber(outcome) == 5)
        guard case let .comic(comic) = outcome else {
            Issue.record("not a comic: \(outcome)")
            return
        }
        let card = Renderer(width: 80, color: false, json: false).render(.comic(comic))
        #expect(card.contains("interactive comic — no image; 'open' shows it in the browser"), "the card says so")
        #expect(harness.notices.all.isEmpty)
    }

    @Test func aPictureThatCannotBeHadLeavesTheCardAndANoteUnderIt() async throws {
        var harness = try harness()
        harness.failingImages = [2]
        let session = harness.session(terminal: FixedTerminal.kitty)
        let outcome = try await session.run(.goto(.number(2)))
        guard case let .card(comic, note) = outcome else {
            Issue.record("not a card with a note: \(outcome)")
            return
        }
        #expect(comic.num == 2 && note.hasPrefix("no picture of #2: "))
        let text = Renderer(width: 80, color: false, json: false).render(outcome)
        #expect(text.hasPrefix("#2 · Comic 2") && text.hasSuffix("no picture of #2: connection refused\n"))
        #expect(session.current == 2, "the move happened")
    }

    @Test func setChangesTheSessionAndSaveKeepsIt() async throws {
        let harness = try harness()
        let session = harness.session(terminal: FixedTerminal.kitty)
        #expect(picture(try await session.run(.goto(.number(1)))) != nil)
        let changed = try await session.run(.set(key: "images", value: "never", save: false))
        guard case let .settingChanged(row, savedTo, appliesNow, _) = changed else {
            Issue.record("not a change: \(changed)")
            return
        }
        #expect(row.value == "never" && row.origin == "set" && savedTo == nil && appliesNow)
        #expect(shownNumber(try await session.run(.next(1))) == 2, "never: the card alone from now on")
        #expect(await session.settings.images == .never)

        let file = harness.directory.url.appendingPathComponent("config.toml")
        #expect(!FileManager.default.fileExists(atPath: file.path), "set without --save writes nothing")
        let saved = try await session.run(.set(key: "check-every", value: "9", save: true))
        guard case let .settingChanged(_, savedTo, appliesNow, _) = saved else {
            Issue.record("not saved")
            return
        }
        #expect(savedTo == file.path && !appliesNow)
        #expect(try String(contentsOf: file, encoding: .utf8) == "check-every = 9\n")
        #expect(await session.settings.checkEvery == 30, "the running session keeps its checks")
        guard case let .settings(report) = try await session.run(.config),
            let row = report.rows.first(where: { $0.key == "check-every" })
        else {
            Issue.record("no check-every in config")
            return
        }
        #expect(row.value == "30" && row.pending == "9", "config shows the saved value waiting for the next start")
        await #expect(
            throws: XKCDError.cannotDo(
                "check-every takes effect at the next start — 'set --save check-every 5' keeps it for then")
        ) { try await session.run(.set(key: "check-every", value: "5", save: false)) }
    }

    @Test func theNetworkSettingsApplyToTheRunningSession() async throws {
        let harness = try harness()
        let session = harness.session()
        #expect(shownNumber(try await session.run(.goto(.number(1)))) == 1)
        _ = try await session.run(.set(key: "offline", value: "true", save: false))
        #expect(await session.source.offline)
        await #expect(throws: XKCDError.self, "offline: comic 3 is not stored") {
            try await session.run(.goto(.number(3)))
        }
        _ = try await session.run(.set(key: "offline", value: "false", save: false))
        #expect(shownNumber(try await session.run(.goto(.number(3)))) == 3)
        _ = try await session.run(.set(key: "timeout", value: "2.5", save: false))
        _ = try await session.run(.set(key: "base-url", value: "http://127.0.0.1:9", save: false))
        #expect(await session.source.client.baseURL.absoluteString == "http://127.0.0.1:9")
        #expect(await session.settings.timeout == 2.5)
    }

    @Test func badKeysAndValuesAreOneErrorAndChangeNothing() async throws {
        let harness = try harness()
        let session = harness.session()
        await #expect(throws: XKCDError.cannotDo("no setting is called 'them' — did you mean 'theme'?")) {
            try await session.run(.set(key: "them", value: "dark", save: true))
        }
        await #expect(throws: XKCDError.cannotDo("theme takes one of auto, dark, light, not 'blue'")) {
            try await session.run(.set(key: "theme", value: "blue", save: true))
        }
        #expect(await session.settings.theme == .auto)
        #expect(
            !FileManager.default.fileExists(atPath: harness.directory.url.appendingPathComponent("config.toml").path))
    }

    @Test func configListsEverySettingAndSetShowsOne() async throws {
        let harness = try harness()
        let session = harness.session()
        _ = try await session.run(.set(key: "share-format", value: "markdown", save: false))
        guard case let .settings(all) = try await session.run(.config) else {
            Issue.record("no settings")
            return
        }
        #expect(all.rows.map(\.key) == SettingSpec.all.map(\.name))
        #expect(all.rows.first { $0.key == "share-format" }?.origin == "set")
        #expect(all.rows.first { $0.key == "timeout" }.map { ($0.value, $0.origin) } ?? ("", "") == ("15", "default"))
        #expect(!all.fileExists)
        guard case let .settings(one) = try await session.run(.set(key: "IMAGES", value: nil, save: false)) else {
            Issue.record("no setting")
            return
        }
        #expect(one.rows.map(\.key) == ["images"])

        guard
            case let .shared(shared) = try await session.run(
                .share(.number(3), format: nil, to: nil, copy: false, open: false))
        else {
            Issue.record("not shared")
            return
        }
        #expect(shared.format == .markdown, "share-format is share's default")
    }

    @Test func theRendererAndWidthSettingsAreImagesDefaults() async throws {
        let harness = try harness()
        var settings = harness.settings()
        _ = try settings.set("renderer", "blocks")
        _ = try settings.set("width", "30")
        let session = harness.session(settings: settings, terminal: FixedTerminal.kitty)
        let image = try #require(picture(try await session.run(.image(.number(3), ImageOptions(), withCard: false))))
        #expect(image.options == ImageOptions(renderer: .blocks, width: 30))
        let given = try #require(
            picture(
                try await session.run(.image(.number(3), ImageOptions(renderer: .ascii, width: 12), withCard: false))))
        #expect(given.options == ImageOptions(renderer: .ascii, width: 12), "what is typed wins")
        let auto = try #require(
            picture(try await session.run(.image(.number(3), ImageOptions(renderer: .auto), withCard: false))))
        let kittyEscape = "\u{1B}_G"
        #expect(
            ImageComposer(facts: try #require(auto.facts)).render(auto).contains(kittyEscape),
            "auto: the terminal's choice (kitty) over the setting's (blocks)")
        #expect(!ImageComposer(facts: try #require(image.facts)).render(image).contains(kittyEscape))
    }
}
