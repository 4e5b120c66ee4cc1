import Foundation
import TestSupport
import Testing

@testable import XKCDKit

/// `explain`, `share` and `open` through a session, against explainxkcd's API on loopback.
@Suite final class ExplainTests {
    private let workspace: Workspace
    var server: XKCDTestServer { workspace.server }
    let clock = ManualClock()

    init() throws {
        workspace = try Workspace("explain")
    }

    var library: TestLibrary { TestLibrary(directory: workspace.directory, server: server, clock: clock) }

    func explanation(_ outcome: Outcome) -> ExplanationView? {
        if case let .explanation(view) = outcome { return view }
        return nil
    }

    func wikiRequests() -> Int {
        server.requestLog.filter { $0.contains("/wiki/api.php") }.count
    }

    @Test func explainsFollowingTheRedirectAndKeepsItForAWeek() async throws {
        let session = try library.session()
        let view = try #require(explanation(try await session.run(.explain(.number(327), all: false))))
        #expect(view.title == "Exploits of a Mom")
        #expect(view.pageTitle == "327: Exploits of a Mom")
        #expect(!view.wholePage)
        let text = Renderer(width: 80, color: false, json: false).render(.explanation(view))
        let address = "\(server.baseURL.absoluteString)/wiki/index.php/327:_Exploits_of_a_Mom"
        #expect(view.url == address)
        #expect(view.incomplete == nil)
        #expect(
            text.hasPrefix(
                "#327 Exploits of a Mom — explained at explainxkcd\n\(address)\n\nMrs. Roberts receives a call"))
        #expect(
            server.requestLog.contains {
                $0.contains("action=parse") && $0.contains("page=327") && $0.contains("redirects=1")
            })
        #expect(wikiRequests() == 1)

        _ = try await session.run(.explain(.number(327), all: false))
        #expect(wikiRequests() == 1)
        clock.advance(by: 8 * 24 * 3600)
        _ = try await session.run(.explain(.number(327), all: true))
        #expect(wikiRequests() == 2)
    }

    @Test func aPageMarkedIncompleteSaysSoWithItsReason() async throws {
        let view = try #require(explanation(try await library.session().run(.explain(.number(2474), all: false))))
        let reason =
            "Created by a FERRIS WHEEL OPERATOR. Please mention here why this explanation isn't complete. Do NOT "
            + "delete this tag too soon."
        #expect(view.incomplete == IncompleteNotice(reason: reason))
        let address = "\(server.baseURL.absoluteString)/wiki/index.php/2474:_First_Time_Since_Early_2020"
        let text = Renderer(width: 80, color: false, json: false).render(.explanation(view))
        #expect(
            text.hasPrefix(
                """
                #2474 First Time Since Early 2020 — explained at explainxkcd
                \(address)
                explainxkcd marks this explanation incomplete: Created by a FERRIS WHEEL
                OPERATOR. Please mention here why this explanation isn't complete. Do NOT delete
                this tag too soon.

                This is a graph comic
                """), "\(text)")
        let json = try JSONReader.parse(
            Array(Renderer(width: 80, color: false, json: true).render(.explanation(view)).utf8))
        #expect(json["url"]?.string == address)
        #expect(json["incomplete"] == .bool(true))
        #expect(json["incomplete_reason"]?.string == reason)
        // The mark is the page's, so the whole page has it too; in colour where there is colour.
        let whole = try #require(explanation(try await library.session().run(.explain(.number(2474), all: true))))
        #expect(whole.incomplete == view.incomplete)
        #expect(
            Renderer(width: 80, color: true, json: false).render(.explanation(whole)).contains(
                "\u{1B}[1mexplainxkcd marks this explanation incomplete"))
    }

    @Test func aComicWithoutAPageSaysSo() async throws {
        let session = try library.session()
        await #expect(throws: XKCDError.noExplanation(353)) {
            try await session.run(.explain(.number(353), all: false))
        }
        #expect(XKCDError.noExplanation(353).localizedDescription == "explainxkcd has no page for #353 yet")
    }

    @Test func anAddressThatIsNotMediaWikisAPISaysSoRatherThanThatThePageIsMissing() async throws {
        let session = try library.session()
        let api = "\(server.baseURL.absoluteString)/wiki/api.php"
        server.setFault(
            .status(404, body: "<html><body>Not Found</body></html>", headers: ["Content-Type": "text/html"]),
            for: "/wiki/api.php")
        await #expect(throws: XKCDError.badData("not a MediaWiki API at \(api) (404)")) {
            try await session.run(.explain(.number(327), all: false))
        }
        // A 404 that is MediaWiki's own answer for a missing page still means just that.
        server.setFault(.body(#"{"error": {"code": "missingtitle", "info": "x"}}"#, status: 404), for: "/wiki/api.php")
        await #expect(throws: XKCDError.noExplanation(327)) {
            try await session.run(.explain(.number(327), all: false))
        }
    }

    @Test func favoritesKeepTheirExplanationOffline() async throws {
        _ = try await library.session().run(.favorite(.number(327)))
        server.stop()
        var offline = library
        offline.offline = true
        let view = try #require(explanation(try await offline.session().run(.explain(.number(327), all: false))))
        #expect(view.num == 327)
        await #expect(throws: XKCDError.self) { try await offline.session().run(.explain(.number(1712), all: false)) }
        _ = try await offline.session().run(.cacheClear(skipConfirmation: true))
        #expect(explanation(try await offline.session().run(.explain(.number(327), all: false))) != nil)
    }

    @Test func aStaleCopyIsShownWhenTheServerIsGone() async throws {
        let library = library
        _ = try await library.session().run(.explain(.number(1712), all: false))
        clock.advance(by: 30 * 24 * 3600)
        server.setFaultForAllPaths(.status(503))
        let view = try #require(explanation(try await library.session().run(.explain(.number(1712), all: false))))
        #expect(view.num == 1712)
        #expect(library.notices.all.contains { $0.hasPrefix("offline:") && $0.contains("explanation stored on") })
    }

    @Test func hostileExplanationsNeverReachTheTerminal() async throws {
        server.setExplanation(
            num: 353, title: "Python\u{1B}[2J",
            wikitext: "==Explanation==\n\u{1B}]52;c;ZXZpbA==\u{07}'''x'''\u{9B}31m [https://e.example/\u{1B}x y]")
        let view = try #require(explanation(try await library.session().run(.explain(.number(353), all: false))))
        let text = Renderer(width: 80, color: true, json: false).render(.explanation(view))
        let ours = text.replacingOccurrences(of: "\u{1B}[0m", with: "").replacingOccurrences(of: "\u{1B}[1m", with: "")
            .replacingOccurrences(of: "\u{1B}[2m", with: "").replacingOccurrences(of: "\u{1B}[38;5;63m", with: "")
        #expect(!ours.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
    }

    @Test func shareAndOpenUseTheComicsPage() async throws {
        let session = try library.session()
        guard
            case let .shared(result) = try await session.run(
                .share(.number(353), format: .text, to: nil, copy: false, open: false))
        else {
            Issue.record("not shared")
            return
        }
        let base = server.baseURL.absoluteString
        #expect(
            result.text == """
                xkcd #353: Python
                https://xkcd.com/353/
                \(base)/imgs/comics/python.png
                I wrote 20 short programs in Python yesterday.  It was wonderful.  Perl, I'm leaving you.
                """)
        #expect(
            try await session.run(.open(.number(1608))) == .open(url: "https://xkcd.com/1608/"),
            "a comic's page is its public page")
        let shared = try await session.run(.share(.number(1608), format: .text, to: nil, copy: false, open: false))
        guard case let .shared(interactive) = shared else {
            Issue.record("not shared: \(shared)")
            return
        }
        #expect(!interactive.text.contains("/imgs/"))
    }
}
