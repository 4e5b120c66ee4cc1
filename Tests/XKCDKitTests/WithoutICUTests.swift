import Foundation
import Testing

@testable import XKCDKit

/// What the program once asked of Foundation's ICU-backed API (formatters, folding, `NSString`
/// paths) and now does by hand, checked against Foundation itself.
@Suite struct WithoutICUTests {
    // A fixed sequence, so that a failure comes back on the next run.
    struct Numbers: RandomNumberGenerator {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state ^ state >> 29
        }
    }

    @Test func aDamagedStoreIsMovedAsideUnderACompactUTCTime() {
        #expect(DateText.compactISO8601(Date(timeIntervalSince1970: 1_700_000_000)) == "20231114T221320Z")
        #expect(DateText.compactISO8601(Date(timeIntervalSince1970: 0.9)) == "19700101T000000Z")
    }

    @Test func fixedDecimalsAreWhatPrintfWrites() {
        let chosen: [Double] = [
            0, -0.0, 0.5, 1.5, 2.5, -0.5, 0.125, 0.375, 0.0005, 0.0015, 0.35, 9.9995, 0.9995, 99.95, -0.0001,
            .leastNonzeroMagnitude * 2000, .leastNonzeroMagnitude, 1e300, .greatestFiniteMagnitude,
            4_503_599_627_370_496.5,
            9_007_199_254_740_994,
        ]
        for value in chosen {
            for decimals in 0...6 {
                #expect(NumberText.fixed(value, decimals: decimals) == String(format: "%.\(decimals)f", value))
            }
        }
        var numbers = Numbers()
        for _ in 0..<20_000 {
            let value =
                switch Int.random(in: 0..<3, using: &numbers) {
                case 0: Double(bitPattern: numbers.next())
                case 1: Double.random(in: -1000...1000, using: &numbers)
                default: Double(Int.random(in: -100_000...100_000, using: &numbers)) / 8000
                }
            guard value.isFinite else { continue }
            let decimals = Int.random(in: 0...4, using: &numbers)
            #expect(NumberText.fixed(value, decimals: decimals) == String(format: "%.\(decimals)f", value))
        }
    }

    @Test func paddedAndHexNumbersAreWhatPrintfWrites() {
        for value in [0, 5, 59, 123, -3, -12, 100_000] {
            #expect(NumberText.zeroPadded(value, width: 2) == String(format: "%02d", value))
            #expect(NumberText.zeroPadded(value, width: 4) == String(format: "%04d", value))
        }
        for byte in UInt8.min...UInt8.max {
            #expect(NumberText.hexByte(byte) == String(format: "%02X", byte))
        }
    }

    @Test func datesAreWhatDateFormatterWrites() {
        let utc = DateFormatter()
        utc.locale = Locale(identifier: "en_US_POSIX")
        utc.timeZone = TimeZone(identifier: "UTC")
        utc.dateFormat = "yyyy-MM-dd"
        let local = DateFormatter()
        local.locale = Locale(identifier: "en_US_POSIX")
        local.dateFormat = "yyyy-MM-dd HH:mm"
        let iso = ISO8601DateFormatter()
        var numbers = Numbers()
        let chosen = [0, -1.5, 1_196_812_800, 1_700_000_000.999, 1_774_170_600, 4_102_444_799.5]
        for seconds in chosen + (0..<500).map({ _ in Double.random(in: 0...4_102_444_800, using: &numbers) }) {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(DateText.utcDay(date) == utc.string(from: date))
            #expect(DateText.localMinute(date) == local.string(from: date))
            #expect(DateText.iso8601(date) == iso.string(from: date))
            #expect(DateText.iso8601(iso.string(from: date)) == iso.date(from: iso.string(from: date)))
        }
        for text in ["2026-11-22T09:10:00Z", "2026-11-22T09:10:00+01:00", "2026-11-22T09:10:00-0230"] {
            #expect(DateText.iso8601(text) == iso.date(from: text), "\(text)")
        }
        for text in ["", "2026-11-22", "2026-11-22 09:10:00Z", "2026-13-01T00:00:00Z", "yesterday"] {
            #expect(DateText.iso8601(text) == nil, "\(text)")
        }
    }

    @Test func foldingIgnoresCaseAccentsAndWidth() {
        let examples = [
            ("Résumé", "resume"), ("RÉSUMÉ", "resume"), ("Re\u{301}sume\u{301}", "resume"), ("ｒｅｓｕｍｅ", "resume"),
            ("Straße", "strasse"), ("ẞ", "ss"), ("Æsir", "aesir"), ("Œuvre", "oeuvre"), ("ﬁsh", "fish"), ("Øre", "ore"),
            ("Łódź", "lodz"), ("Đorđe", "dorde"), ("Ĳssel", "ijssel"), ("İstanbul", "istanbul"), ("ı", "i"),
            ("Άλφα", "αλφα"), ("ΣΊΣΥΦΟΣ", "σισυφοσ"), ("ς", "σ"), ("Ёлка", "елка"), ("Йод", "иод"),
            ("q\u{323}\u{307}", "q"), ("Pokémon Go", "pokemon go"), ("カ", "カ"), ("が", "が"), ("ｶ", "カ"),
            ("\u{301}", "\u{301}"), ("ب\u{651}", "ب\u{651}"), ("plain ASCII 123!", "plain ascii 123!"),
        ]
        for (text, folded) in examples {
            #expect(TextFolding.fold(text) == folded, "\(text)")
        }
    }

    /// Every Latin, Greek and Cyrillic letter and every fullwidth form folds at least as far as
    /// Foundation folds it: to the same text, or further (`ø` to `o` where Foundation stops at `ø`).
    @Test func foldingGoesAsFarAsFoundation() {
        let ranges: [ClosedRange<UInt32>] = [0x80...0x52F, 0x1E00...0x1FFF, 0xFB00...0xFB06, 0xFF01...0xFFEE]
        for scalar in ranges.joined().compactMap(Unicode.Scalar.init) {
            let text = String(scalar)
            let foundation = text.folding(
                options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            #expect(
                TextFolding.fold(text) == TextFolding.fold(foundation),
                "U+\(String(scalar.value, radix: 16)) \(text): \(TextFolding.fold(text)), Foundation \(foundation)")
        }
    }

    @Test func theFoldTableIsInOrder() {
        let scalars = FoldTable.entries.map(\.scalar)
        #expect(zip(scalars, scalars.dropFirst()).allSatisfy { $0 < $1 })
        #expect(scalars.allSatisfy { $0 >= 0x80 })
    }

    @Test func errorsSayWhatTheSystemSays() {
        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/x")
        do {
            try Data([1]).write(to: missing)
            Issue.record("wrote \(missing.path)")
        } catch {
            #expect(XKCDError.message(for: error) == "No such file or directory")
        }
        #expect(XKCDError.message(for: XKCDError.noCurrentComic) == XKCDError.noCurrentComic.localizedDescription)
        #expect(XKCDError.message(for: POSIXError(.EACCES)) == "Permission denied")
    }

    @Test func tildesExpandAsNSStringExpandsThemButToHOME() {
        // NSString asks the password database for `~`; xkcd takes HOME, as the shell does.
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        let elsewhere: Environment = ["HOME": "/elsewhere"]
        for path in [
            "~", "~/", "~/a/../b.png", "~/pics/", "~/pics//", "~//", "~/./x", "~root/x", "~root", "~nosuchuser/x",
            "a/~/b", "/tmp/x/", "", "x",
        ] {
            let expected = (path as NSString).expandingTildeInPath
            let fromHOME =
                path == "~" || path.hasPrefix("~/") ? "/elsewhere" + expected.dropFirst(home.count) : expected
            #expect(LocalPath.expandingTilde(path, environment: elsewhere) == fromHOME, "\(path)")
        }
        #expect(LocalPath.expandingTilde("~/x", environment: ["HOME": ""]) == home + "/x", "an empty HOME is none")
    }

    @Test func replacingMatchesScalarsLikeFoundation() {
        for text in ["a\r\nb", "a\nb\n", "\n", "", "é\n", "x"] {
            #expect(text.replacingEvery("\n", with: " ") == text.replacingOccurrences(of: "\n", with: " "), "\(text)")
        }
        #expect("a\"\u{301}b".replacingEvery("\"", with: "\"\"") == "a\"\"\u{301}b")
    }
}
