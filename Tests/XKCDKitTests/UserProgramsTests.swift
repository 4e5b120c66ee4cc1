import Testing

@testable import XKCDKit

/// `PAGER` and `BROWSER` read as command lines, never through a shell.
@Suite struct UserProgramsTests {
    @Test func pagerDefaultsToLessThenMore() {
        #expect(UserPrograms.pagers(nil) == [["less", "-R"], ["more"]])
    }

    @Test func pagerWithArgumentsAndQuotes() {
        #expect(UserPrograms.pagers("less -S") == [["less", "-S"]])
        #expect(UserPrograms.pagers("'/opt/my pager/bin/view' --wrap") == [["/opt/my pager/bin/view", "--wrap"]])
    }

    @Test func anEmptyPagerOrCatTurnsPagingOff() {
        #expect(UserPrograms.pagers("").isEmpty)
        #expect(UserPrograms.pagers("cat").isEmpty)
        #expect(UserPrograms.pagers("less 'unterminated").isEmpty)
    }

    @Test func lessIsToldToShowColoursUnlessTheUserSaidOtherwise() {
        #expect(UserPrograms.pagerSettings([:]) == ["LESS": "FRX", "LV": "-c"])
        #expect(UserPrograms.pagerSettings(["LESS": "-i"]) == ["LV": "-c"])
    }

    @Test func browserEntriesGetTheAddressAppendedOrInPlaceOfPercentS() {
        let url = "https://xkcd.com/353/"
        #expect(UserPrograms.browsers(nil, url: url).isEmpty)
        #expect(UserPrograms.browsers("w3m", url: url) == [["w3m", url]])
        #expect(
            UserPrograms.browsers("firefox --new-tab %s:lynx -accept_all_cookies:w3m", url: url) == [
                ["firefox", "--new-tab", url], ["lynx", "-accept_all_cookies", url], ["w3m", url],
            ])
        #expect(
            UserPrograms.browsers("open-page --url=%s --label=100%%", url: url) == [
                ["open-page", "--url=\(url)", "--label=100%"]
            ])
    }

    @Test func emptyAndUnreadableBrowserEntriesAreSkipped() {
        #expect(UserPrograms.browsers("::w3m:'broken", url: "https://xkcd.com/1/") == [["w3m", "https://xkcd.com/1/"]])
    }

    @Test func textBrowsersAndBrowsersWithoutADisplayGetTheTerminal() {
        #expect(UserPrograms.browserNeedsTerminal("w3m", environment: ["DISPLAY": ":0"]))
        #expect(UserPrograms.browserNeedsTerminal("/usr/bin/lynx", environment: ["WAYLAND_DISPLAY": "wayland-0"]))
        #expect(UserPrograms.browserNeedsTerminal("firefox", environment: [:]), "nowhere else to show it")
        #expect(!UserPrograms.browserNeedsTerminal("firefox", environment: ["DISPLAY": ":0"]))
    }

    @Test func theAddressIsOneArgumentWhateverItHolds() {
        let url = "mailto:a@example.com?subject=x%20y&body=a;b"
        #expect(UserPrograms.browsers("mutt %s", url: url) == [["mutt", url]])
    }
}
