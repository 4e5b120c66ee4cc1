import Testing

@testable import XKCDKit

@Suite struct CleanTextCheckTests {
    @Test func plainTextNeedsNoRepair() {
        #expect(CleanTextCheck.needsNoRepair(""))
        #expect(CleanTextCheck.needsNoRepair("Python"))
        #expect(
            CleanTextCheck.needsNoRepair(
                "[[A man sits.]]\nMan: I wrote 20 short programs in Python yesterday.\n{{Title text: x}}"))
    }

    @Test func anythingARepairPassWouldTouchIsRefused() {
        for text in [
            "a &amp; b", "caf\u{E9}", "Ã©", "a\tb", "a\rb", "a\u{1B}[2Jb", "a\u{7F}b", "a\u{202E}b",
            "\nstarts", "ends\n", "ends ", "space \nbefore a break", "twelve chars \nthen", "1234567 \n",
        ] {
            #expect(!CleanTextCheck.needsNoRepair(text), "\(text.debugDescription)")
        }
    }

    // Every byte that matters, at every offset of a 40-byte line, so each lands in both halves
    // of the eight-byte words and at their edges: the answer is the byte-by-byte rule's.
    @Test func agreesWithTheByteByByteRuleAtEveryOffset() {
        let line = Array("The quick brown fox jumps over the dogs.".utf8)
        let inserts: [[UInt8]] = [
            [0x0A], [0x20, 0x0A], [0x20], [0x26], [0x7F], [0x09], [0x00], [0x1F], [0xC3, 0xA9],
            [0x0A, 0x0A], [0x41, 0x0A, 0x20],
        ]
        for insert in inserts {
            for offset in 0...line.count {
                var bytes = line
                bytes.insert(contentsOf: insert, at: offset)
                let text = String(decoding: bytes, as: UTF8.self)
                #expect(
                    CleanTextCheck.needsNoRepair(text) == Self.byteByByte(Array(text.utf8)), "\(text.debugDescription)")
            }
        }
    }

    @Test func whatItPassesEveryRepairPassLeavesAlone() {
        var seed: UInt64 = 353
        let alphabet = Array("abc XYZ 0123 .,;:!?'\"()[]{}<>/\\-_=+*#@$%^~|`\n".utf8)
        for _ in 0..<2000 {
            let length = Int(Self.next(&seed) % 64)
            let bytes = (0..<length).map { _ in alphabet[Int(Self.next(&seed) % UInt64(alphabet.count))] }
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(CleanTextCheck.needsNoRepair(text) == Self.byteByByte(bytes), "\(text.debugDescription)")
            if CleanTextCheck.needsNoRepair(text) {
                let repaired = TerminalSanitizer.sanitize(
                    MojibakeRepair.repair(HTMLEntities.decode(text)), multiline: true)
                #expect(repaired == text, "\(text.debugDescription)")
            }
        }
    }

    private static func byteByByte(_ bytes: [UInt8]) -> Bool {
        if bytes.first == 0x0A || bytes.last == 0x0A || bytes.last == 0x20 { return false }
        for (i, byte) in bytes.enumerated() {
            if byte == 0x0A, i > 0, bytes[i - 1] == 0x20 { return false }
            if byte != 0x0A && (byte < 0x20 || byte >= 0x7F || byte == 0x26) { return false }
        }
        return true
    }

    private static func next(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
