import Testing
@testable import XKCDKit

@Suite struct ClipboardEscapeTests {
    @Test func tmuxPassesTheEscapeOnOnlyWithSetClipboardOn() {
        #expect(ClipboardEscape.decide(insideTmux: true, setClipboard: "on\n") == .send(throughTmux: true))
        #expect(
            ClipboardEscape.decide(insideTmux: true, setClipboard: "external\n") == .droppedByTmux(setting: "external"))
        #expect(ClipboardEscape.decide(insideTmux: true, setClipboard: "off") == .droppedByTmux(setting: "off"))
        #expect(ClipboardEscape.decide(insideTmux: true, setClipboard: nil) == .send(throughTmux: false))
        #expect(ClipboardEscape.decide(insideTmux: false, setClipboard: "off") == .send(throughTmux: false))
    }

    @Test func aSentEscapeIsNeverReportedAsArrived() {
        let plain = ClipboardEscape.report(.send(throughTmux: false), sent: true, tools: [])
        #expect(plain.notice == "sent to the terminal (OSC 52)" && plain.error == nil)
        let tmux = ClipboardEscape.report(.send(throughTmux: true), sent: true, tools: [])
        #expect(tmux.notice == "sent to the terminal through tmux (OSC 52)")
        let both = ClipboardEscape.report(.send(throughTmux: false), sent: true, tools: ["xclip"])
        #expect(both.notice == "copied to the clipboard (xclip); sent to the terminal (OSC 52)")
    }

    @Test func aDroppedEscapeSaysWhatToChange() throws {
        let alone = ClipboardEscape.report(.droppedByTmux(setting: "external"), sent: false, tools: [])
        let error = try #require(alone.error)
        #expect(alone.notice == nil && error.hasPrefix("cannot copy: tmux does not pass OSC 52 on"))
        #expect(
            error.contains("set-clipboard is external") && error.contains("'set -g set-clipboard on' in ~/.tmux.conf"))
        let withTool = ClipboardEscape.report(.droppedByTmux(setting: "off"), sent: false, tools: ["wl-copy"])
        #expect(withTool.error == nil)
        #expect(withTool.notice?.hasPrefix("copied to the clipboard (wl-copy); not sent to the terminal: tmux") == true)
    }

    @Test func nothingTakingTheTextIsAnError() {
        let none = ClipboardEscape.report(.send(throughTmux: false), sent: false, tools: [])
        #expect(none.notice == nil && none.error?.hasPrefix("cannot copy: no terminal") == true)
    }
}
