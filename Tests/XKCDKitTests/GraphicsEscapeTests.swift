import Foundation
import Testing

@testable import XKCDKit

@Suite struct GraphicsEscapeTests {
    private let esc = "\u{1B}"

    // MARK: kitty

    @Test func kittyWithOneChunkCarriesTheKeysAndMZero() {
        let png = Data([1, 2, 3])
        #expect(
            KittyGraphics.sequence(png: png, columns: 40, rows: 12)
                == "\(esc)_Ga=T,f=100,q=2,c=40,r=12,m=0;AQID\(esc)\\\n")
    }

    @Test func kittyPayloadOfExactlyOneChunk() {
        let png = Data(repeating: 0xAB, count: 3072)
        let text = KittyGraphics.sequence(png: png, columns: 80, rows: 30)
        let payload = png.base64EncodedString()
        #expect(payload.utf8.count == 4096)
        #expect(text == "\(esc)_Ga=T,f=100,q=2,c=80,r=30,m=0;\(payload)\(esc)\\\n")
    }

    @Test func kittyOneByteMoreNeedsASecondChunk() {
        let png = Data(repeating: 0x5C, count: 3073)
        let payload = png.base64EncodedString()
        let text = KittyGraphics.sequence(png: png, columns: 80, rows: 30)
        #expect(
            text == "\(esc)_Ga=T,f=100,q=2,c=80,r=30,m=1;\(payload.prefix(4096))\(esc)\\"
                + "\(esc)_Gm=0;\(payload.dropFirst(4096))\(esc)\\\n")
    }

    @Test func kittyManyChunks() {
        let png = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        let text = KittyGraphics.sequence(png: png, columns: 5, rows: 3)
        #expect(text.hasSuffix("\n"))
        let chunks = text.dropLast().components(separatedBy: "\(esc)\\").dropLast()
        #expect(chunks.count == 4)
        #expect(chunks[0].hasPrefix("\(esc)_Ga=T,f=100,q=2,c=5,r=3,m=1;"))
        #expect(chunks[1].hasPrefix("\(esc)_Gm=1;") && chunks[2].hasPrefix("\(esc)_Gm=1;"))
        #expect(chunks[3].hasPrefix("\(esc)_Gm=0;"))
        let pieces = chunks.map { String($0[$0.index(after: $0.firstIndex(of: ";")!)...]) }
        #expect(pieces.map(\.utf8.count) == [4096, 4096, 4096, 1048])
        #expect(Data(base64Encoded: pieces.joined()) == png)
    }

    // MARK: iTerm2

    @Test func iTermInlineFileWithSizeAndCells() {
        #expect(
            ITermInline.sequence(data: Data([1, 2, 3]), columns: 20, rows: 10, name: nil)
                == "\(esc)]1337;File=inline=1;size=3;width=20;height=10;preserveAspectRatio=1:AQID\u{7}\n")
        #expect(
            ITermInline.sequence(data: Data([1, 2, 3]), columns: 20, rows: 10, name: "a.png")
                == "\(esc)]1337;File=inline=1;size=3;width=20;height=10;preserveAspectRatio=1;name=YS5wbmc=:AQID\u{7}\n"
        )
        let big = Data(repeating: 7, count: 123_456)
        #expect(ITermInline.sequence(data: big, columns: 1, rows: 1, name: nil).contains(";size=123456;"))
    }

    // MARK: tmux

    @Test func tmuxWrapsEachEscapeOnItsOwnWithEscapesDoubled() {
        let kitty = "\(esc)_Gm=1;AAAA\(esc)\\\(esc)_Gm=0;BB\(esc)\\\n"
        #expect(
            TmuxPassthrough.wrap(kitty)
                == "\(esc)Ptmux;\(esc)\(esc)_Gm=1;AAAA\(esc)\(esc)\\\(esc)\\"
                + "\(esc)Ptmux;\(esc)\(esc)_Gm=0;BB\(esc)\(esc)\\\(esc)\\\n")
        let iterm = ITermInline.sequence(data: Data([1, 2, 3]), columns: 2, rows: 1, name: nil)
        #expect(
            TmuxPassthrough.wrap(iterm)
                == "\(esc)Ptmux;\(esc)\(esc)]1337;File=inline=1;size=3;width=2;height=1;preserveAspectRatio=1:AQID\u{7}\(esc)\\\n"
        )
    }

    @Test func tmuxWrapsEveryKittyChunkAndLeavesTextAlone() {
        let text = KittyGraphics.sequence(png: Data(repeating: 1, count: 10_000), columns: 5, rows: 3)
        let wrapped = TmuxPassthrough.wrap(text)
        #expect(wrapped.components(separatedBy: "\(esc)Ptmux;").count - 1 == 4)
        #expect(wrapped.hasSuffix("\(esc)\\\n"))
        // Unwrapping gives back the original.
        let unwrapped = wrapped.replacingOccurrences(of: "\(esc)Ptmux;", with: "")
            .replacingOccurrences(of: "\(esc)\\\(esc)\\", with: "\(esc)\\")
            .replacingOccurrences(of: "\(esc)\(esc)", with: esc)
        #expect(unwrapped == text)
        #expect(TmuxPassthrough.wrap("plain\n") == "plain\n")
        #expect(
            TmuxPassthrough.wrap("a\(esc)[1mb\(esc)(Bc")
                == "a\(esc)Ptmux;\(esc)\(esc)[1m\(esc)\\b\(esc)Ptmux;\(esc)\(esc)(B\(esc)\\c")
        #expect(TmuxPassthrough.wrap("\(esc)") == "\(esc)Ptmux;\(esc)\(esc)\(esc)\\")
    }
}
