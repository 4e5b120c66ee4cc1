import Foundation
import Testing
@testable import XKCDKit

@Suite struct WaitNoticeTests {
    private let start = ContinuousClock.now
    private let comic = URL(string: "http://127.0.0.1:1/353/info.0.json")!

    @Test func nothingShowsBeforeHalfASecond() {
        var notice = WaitNotice()
        let id = notice.begin(comic, at: start)
        let early = notice.line(at: start + .milliseconds(499), width: 80)
        #expect(early == nil && !notice.shown)
        let erases = notice.end(id)
        #expect(!erases, "nothing was drawn, so nothing to erase")
    }

    @Test func aSlowRequestIsNamedAndTheSpinnerTurns() throws {
        var notice = WaitNotice()
        _ = notice.begin(comic, at: start)
        let firstLine = notice.line(at: start + .milliseconds(500), width: 80)
        let nextLine = notice.line(at: start + .milliseconds(600), width: 80)
        let first = try #require(firstLine)
        let next = try #require(nextLine)
        #expect(first.hasSuffix(" fetching #353…") && next.hasSuffix(" fetching #353…"))
        #expect(first.first != next.first, "\(first) then \(next)")
        #expect(notice.shown)
    }

    @Test func theLineIsErasedOnlyWhenTheLastRequestEnds() {
        var notice = WaitNotice()
        let first = notice.begin(comic, at: start)
        let second = notice.begin(URL(string: "http://127.0.0.1:1/wiki/api.php?x=1")!, at: start + .milliseconds(100))
        let line = notice.line(at: start + .seconds(1), width: 80)
        #expect(line?.hasSuffix("asking explainxkcd…") == true, "the latest request is named")
        let afterFirst = notice.end(first)
        #expect(!afterFirst, "one is still in flight")
        let afterSecond = notice.end(second)
        #expect(afterSecond && !notice.shown)
        let later = notice.line(at: start + .seconds(2), width: 80)
        #expect(later == nil)
    }

    @Test func hidingForgetsWhatIsInFlight() {
        var notice = WaitNotice()
        _ = notice.begin(comic, at: start)
        _ = notice.line(at: start + .seconds(1), width: 80)
        let first = notice.hide()
        let second = notice.hide()
        #expect(first && !second, "erased once")
        let later = notice.line(at: start + .seconds(3), width: 80)
        #expect(later == nil)
    }

    @Test func aClearedLineIsDrawnAgainWhileTheRequestLasts() {
        var notice = WaitNotice()
        _ = notice.begin(comic, at: start)
        _ = notice.line(at: start + .seconds(1), width: 80)
        let cleared = notice.clear()
        let again = notice.clear()
        #expect(cleared && !again)
        let redrawn = notice.line(at: start + .seconds(2), width: 80)
        #expect(redrawn?.hasSuffix("fetching #353…") == true && notice.shown)
    }

    @Test func theLineNeverReachesTheLastColumn() throws {
        var notice = WaitNotice()
        _ = notice.begin(comic, at: start)
        let narrow = notice.line(at: start + .seconds(1), width: 10)
        let line = try #require(narrow)
        #expect(DisplayWidth.of(line) <= 9, "\(line)")
        let tiny = notice.line(at: start + .seconds(1), width: 2)
        #expect(tiny == nil)
    }

    @Test func labelsSayWhatIsFetched() {
        #expect(WaitNotice.label(for: URL(string: "https://xkcd.com/info.0.json")!) == "fetching the newest comic…")
        #expect(WaitNotice.label(for: URL(string: "https://xkcd.com/2665/info.0.json")!) == "fetching #2665…")
        #expect(
            WaitNotice.label(for: URL(string: "https://imgs.xkcd.com/comics/python.png")!) == "fetching the picture…")
    }
}
