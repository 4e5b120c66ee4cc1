import Testing

@testable import XKCDKit

@Suite struct TextRepairTests {
    @Test func decodesNamedAndNumericEntities() {
        #expect(HTMLEntities.decode("Clich&eacute;d") == "Clichéd")
        #expect(HTMLEntities.decode("a &amp; b &lt;c&gt; &#233; &#xE9; &#X41;") == "a & b <c> é é A")
        #expect(HTMLEntities.decode("AT&T; &bogus; & alone &#xZZ;") == "AT&T; &bogus; & alone &#xZZ;")
        #expect(HTMLEntities.decode("&#1114112;") == "&#1114112;")
    }

    @Test func stripsTagsAndKeepsLoneAngleBrackets() {
        #expect(HTMLText.plainText("<span style=\"color: #0000ED\">House</span> of Pancakes") == "House of Pancakes")
        #expect(HTMLText.plainText("a < b and c > d") == "a < b and c > d")
        #expect(HTMLText.plainText("one<br />two") == "one\ntwo")
        #expect(HTMLText.plainText("<a href=\"https://xkcd.com/374/\">Journal</a> &amp; more") == "Journal & more")
    }

    @Test func repairsDoubleEncodedUTF8() {
        // #403's transcript: "Erdős" served as UTF-8 bytes read as Latin-1.
        #expect(MojibakeRepair.repair("Paul Erd\u{C5}\u{91}s") == "Paul Erdős")
        #expect(MojibakeRepair.repair("caf\u{C3}\u{A9}") == "café")
        // Encoded twice.
        #expect(MojibakeRepair.repair("caf\u{C3}\u{83}\u{C2}\u{A9}") == "café")
        // Real Latin-1 text is left alone.
        #expect(MojibakeRepair.repair("Café Ångström") == "Café Ångström")
        #expect(MojibakeRepair.repair("naïve") == "naïve")
        // Through Windows-1252 (#1683's alt): “quoted”, with 0x9D left as a C1 scalar.
        #expect(MojibakeRepair.repair("\u{E2}\u{20AC}\u{153}quoted\u{E2}\u{20AC}\u{9D}") == "“quoted”")
        // Lone C1 controls that were Windows-1252 punctuation (#792, #855).
        #expect(MojibakeRepair.repair("wait\u{85} no\u{97}yes") == "wait… no—yes")
    }

    @Test func repairWorksAnywhereInLongText() {
        let filler = String(repeating: "All work and no play. ", count: 200)
        #expect(MojibakeRepair.repair(filler + "Erd\u{C5}\u{91}s" + filler) == filler + "Erdős" + filler)
        #expect(MojibakeRepair.repair(filler + "naïve \u{85}") == filler + "naïve …")
        // A lead-like scalar at the very end, or followed by too few continuations, stays.
        #expect(MojibakeRepair.repair(filler + "\u{C3}") == filler + "\u{C3}")
        #expect(MojibakeRepair.repair("\u{E2}\u{A0}x") == "\u{E2}\u{A0}x")
        #expect(HTMLEntities.decode(filler + "&eacute;&" + filler) == filler + "é&" + filler)
        let hostile = filler + "\u{1B}[31m" + "é" + String(repeating: "\u{301}", count: 9) + "\u{9B}x"
        #expect(
            TerminalSanitizer.sanitize(hostile, multiline: true) == filler + "[31mé"
                + String(repeating: "\u{301}", count: 4) + "x")
    }

    @Test func sanitizerRemovesEverythingThatCouldDriveTheTerminal() {
        let hostile = "A\u{1B}[2J\u{1B}]0;owned\u{07}B\u{9B}31mC\u{202E}D\u{2066}E\u{0}F\u{7F}G\rH"
        let clean = TerminalSanitizer.sanitize(hostile, multiline: false)
        #expect(!clean.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(
            !clean.unicodeScalars.contains {
                (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
            })
        #expect(clean == "A[2J]0;ownedB31mCDEFGH")
        #expect(TerminalSanitizer.sanitize("one\ntwo\tthree", multiline: true) == "one\ntwo three")
        #expect(TerminalSanitizer.sanitize("one\ntwo", multiline: false) == "one two")
    }

    @Test func aPathIsSanitizedAndALongOneKeepsBothEnds() {
        #expect(TerminalSanitizer.path("/tmp/\u{1B}[2J\nx/c.toml") == "/tmp/[2J x/c.toml")
        let long = "/home/" + String(repeating: "d", count: 900_000) + "/config.toml"
        let shown = TerminalSanitizer.path(long, limit: 40)
        #expect(
            shown == "/home/" + String(repeating: "d", count: 14) + "…" + String(repeating: "d", count: 8)
                + "/config.toml")
        #expect(shown.count == 41)
    }

    @Test func combiningFloodsAreCapped() {
        let flood = "e" + String(repeating: "\u{301}", count: 500)
        let clean = TerminalSanitizer.sanitize(flood, multiline: false)
        #expect(clean.unicodeScalars.count == 1 + TerminalSanitizer.maxCombiningMarks)
    }

    @Test func displayTitleComesFromTheRealTitle() {
        // The live API's answers (Fixtures/live): safe_title is mangled where the title holds
        // `&` or `<…>`.
        #expect(
            TextRepair.displayTitle(title: "Clich&eacute;d Exchanges", safeTitle: "Clichd Exchanges")
                == "Clichéd Exchanges")
        #expect(
            TextRepair.displayTitle(
                title: "<span style=\"color: #0000ED\">House</span> of Pancakes",
                safeTitle: "House of Pancakes") == "House of Pancakes")
        #expect(
            TextRepair.displayTitle(title: "D&D Combinatorics", safeTitle: "D Combinatorics") == "D&D Combinatorics")
        #expect(TextRepair.displayTitle(title: "<City>-Style Pizza", safeTitle: "-Style Pizza") == "<City>-Style Pizza")
        #expect(TextRepair.displayTitle(title: "\u{202E}LTR", safeTitle: "\u{202E}LTR") == "LTR")
        #expect(TextRepair.displayTitle(title: "The\u{2009}bacon", safeTitle: "The bacon") == "The\u{2009}bacon")
        #expect(TextRepair.displayTitle(title: "&lt;b&gt;not bold&lt;/b&gt;", safeTitle: "x") == "<b>not bold</b>")
        #expect(TextRepair.displayTitle(title: "I <3 <b>bold</b>", safeTitle: "x") == "I <3 bold")
        #expect(TextRepair.displayTitle(title: "", safeTitle: "Python") == "Python")
        #expect(TextRepair.displayTitle(title: "Python", safeTitle: "Python") == "Python")
        // Titles are clean UTF-8: what looks like mojibake is left as served.
        #expect(TextRepair.displayTitle(title: "caf\u{C3}\u{A9}", safeTitle: "x") == "caf\u{C3}\u{A9}")
    }

    @Test func altIsTheAuthorsTextExactly() {
        #expect(TextRepair.alt("<A>: Like </a>this.&nbsp;") == "<A>: Like </a>this.\u{A0}")
        #expect(
            TextRepair.alt("The <x> that is held by <y> is also a <y><x>")
                == "The <x> that is held by <y> is also a <y><x>")
        #expect(TextRepair.alt("<your name>, p<0.05, <3") == "<your name>, p<0.05, <3")
        // #1683: the mojibake is the joke; only the C1 control (0x9D) that would drive the
        // terminal goes.
        let garbled = "\u{E2}\u{20AC}\u{153}If you can read this\u{E2}\u{20AC}\u{9D}!"
        #expect(TextRepair.alt(garbled) == "\u{E2}\u{20AC}\u{153}If you can read this\u{E2}\u{20AC}!")
        #expect(TextRepair.alt("caf\u{C3}\u{A9}") == "caf\u{C3}\u{A9}", "no repair")
        #expect(TextRepair.text("caf\u{C3}\u{A9}") == "café", "transcripts are still repaired")
        #expect(TextRepair.alt("a\u{1B}[2Jb") == "a[2Jb")
    }

    @Test func markupIsRemovedOnlyWhereItIsRealMarkup() {
        #expect(HTMLText.withoutMarkup("<span style=\"x\">House</span> of <!-- c -->Pancakes") == "House of Pancakes")
        #expect(HTMLText.withoutMarkup("<City>-Style <Pizza/>") == "<City>-Style <Pizza/>")
        #expect(HTMLText.withoutMarkup("a<br/>b <I>c</I> <FONT color=red>d</font>") == "ab c d")
        #expect(HTMLText.withoutMarkup("x < y > z &amp;") == "x < y > z &amp;")
    }

    @Test func multiLineTextLosesOnlyTrailingSpacesAndEdgeBlankLines() {
        #expect(TextRepair.text("\n\n  a  \n\n b \n\n") == "  a\n\n b")
        #expect(TextRepair.text("one\ntwo") == "one\ntwo")
        #expect(TextRepair.text("café \nnaïve ") == "café\nnaïve")
        #expect(TextRepair.text("   ") == "")
    }

    @Test func newsBecomesPlainLines() {
        let news = "XKCD updates every Monday.<br />Previously: <a href=\"https://xkcd.com/374/\">Journal</a>"
        #expect(TextRepair.html(news) == "XKCD updates every Monday.\nPreviously: Journal")
    }

    @Test func onlyATmuxClientWithTheHyperlinksFeatureGetsLinks() {
        #expect(Hyperlink.passedOnByTmux(clientTermFeatures: "256,RGB,title,hyperlinks,extkeys"))
        #expect(Hyperlink.passedOnByTmux(clientTermFeatures: "hyperlinks\n"))
        // tmux 3.3a lists no such feature; an old tmux prints the format back unexpanded.
        #expect(!Hyperlink.passedOnByTmux(clientTermFeatures: "256,RGB,bpaste,clipboard,ccolour,cstyle,focus,title"))
        #expect(!Hyperlink.passedOnByTmux(clientTermFeatures: ""))
        #expect(!Hyperlink.passedOnByTmux(clientTermFeatures: nil))
    }

    @Test func displayComicDropsUnsafeURLs() {
        let comic = Comic(
            num: 9, title: "T", safeTitle: "T", alt: "a", img: "javascript:alert(1)",
            link: "file:///etc/passwd", year: 2020, month: 1, day: 2)
        let shown = DisplayComic(comic)
        #expect(shown.imageURL == "")
        #expect(shown.link == "")
        #expect(shown.date == "2020-01-02")
    }
}
