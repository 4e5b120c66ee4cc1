import Testing
@testable import XKCDKit

/// A tmux pane's place on its client's screen, from what `tmux display -p` prints.
struct TmuxPaneTests {
    @Test func statusLinesOnTopMoveThePaneDown() throws {
        let bottom = try #require(TmuxPassthrough.Pane(display: "12,41,11,3,9,18,on,bottom\n"))
        let expected = TmuxPassthrough.Pane(top: 12, left: 41, height: 11, cursorRow: 3, cellWidth: 9, cellHeight: 18)
        #expect(bottom == expected)
        let top = try #require(TmuxPassthrough.Pane(display: "12,41,11,3,9,18,on,top"))
        #expect(top.top == 13)
        #expect(TmuxPassthrough.Pane(display: "0,0,20,0,,,3,top")?.top == 3, "three status lines")
        #expect(TmuxPassthrough.Pane(display: "0,0,20,0,,,off,top")?.top == 0)
    }

    @Test func anOlderTmuxWithoutTheCellSizeStillPlacesThePane() throws {
        let pane = try #require(TmuxPassthrough.Pane(display: "5,0,20,7,,,on,top"))
        #expect(pane.top == 6 && pane.cellWidth == nil && pane.cellHeight == nil)
        #expect(TmuxPassthrough.Pane(display: "5,0,20,7")?.top == 5)
    }

    @Test func nonsenseIsNoPane() {
        for display in ["", "a,b,c,d", "1,2,0,3", "-1,0,20,0", "1 2 3 4"] {
            #expect(TmuxPassthrough.Pane(display: display) == nil, "\(display)")
        }
    }

    @Test func aClientKnownForFewColoursIsNamedInOneLine() throws {
        let note = try #require(TmuxPassthrough.colourNote(display: "mlterm,title,ccolour\n", colours: 8))
        #expect(note.hasPrefix("note: tmux knows this terminal (mlterm) for 8 colours only"))
        #expect(note.contains("set -as terminal-features ',mlterm*:RGB'") && !note.contains("\n"))
        #expect(TmuxPassthrough.colourNote(display: "mlterm,RGB,title", colours: 8) == nil, "RGB set for it")
        #expect(TmuxPassthrough.colourNote(display: "xterm-256color,title", colours: 256) == nil)
        #expect(TmuxPassthrough.colourNote(display: "xterm,", colours: 8)?.contains("',xterm*:RGB'") == true)
        #expect(TmuxPassthrough.colourNote(display: "xterm,", colours: nil) == nil, "its terminfo is not here")
        #expect(TmuxPassthrough.colourNote(display: ",", colours: 8) == nil, "no client")
        #expect(TmuxPassthrough.clientTerminal(display: "") == nil)
        #expect(TmuxPassthrough.clientTerminal(display: "mlterm,title\n") == "mlterm")
    }
}
